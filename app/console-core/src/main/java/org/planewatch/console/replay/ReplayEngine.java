package org.planewatch.console.replay;

import java.util.List;
import java.util.function.LongPredicate;
import org.planewatch.console.record.RecordingDamage;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.telemetry.worker.NanoClock;

/**
 * Plays a recording through the same telemetry store as live data, driven by a {@link ReplayClock};
 * a fleet recording's rollups through the {@link RollupView} its session gives (ADR 0106).
 * Single-threaded: {@link ReplayDriver} (or a test) owns it; any thread may call {@link #latest}.
 */
public final class ReplayEngine implements SnapshotSource, AutoCloseable {
    public static final double MIN_SPEED = 0.1;
    public static final double MAX_SPEED = 1000;
    private static final int EVENT_CAPACITY = 20_000;

    private final RecordingReader reader;
    private final long startMillis;
    private final long endMillis;
    private final long[] exclusionTimes;
    private final long[] alarmTimes;
    private final ReplayClock clock;
    private volatile AlarmThresholds thresholds;
    /** Null for a recording of agents. */
    private final RollupView.Factory rollups;

    private volatile ReplayState store;
    private ReplayCursor cursor;
    /** Reads on from where the cursor stands while playing; none until the first move after a seek. */
    private ReadAhead ahead;
    /** {@link #readAheadWaitNanos} of the read-aheads closed so far. */
    private long readAheadWaitNanos;

    private boolean playing;
    private double speed = 1.0;
    private double carryMillis;
    /** The shown store and the versions of the stores before it, swapped together on a seek. */
    private record Shown(ReplayState store, long versionBase) {}

    private volatile Shown shown;

    public ReplayEngine(RecordingReader reader, AlarmThresholds thresholds) throws RecordingException {
        this(reader, thresholds, null);
    }

    /** @param rollups the view of a fleet recording's rollups (ADR 0106), null for a recording of agents */
    public ReplayEngine(RecordingReader reader, AlarmThresholds thresholds, RollupView.Factory rollups)
            throws RecordingException {
        this(
                reader,
                recordedRange(reader),
                reader.exclusionTimes(),
                reader.alarms().stream()
                        .mapToLong(RecordingReader.AlarmMark::raisedMillis)
                        .distinct()
                        .sorted()
                        .toArray(),
                thresholds,
                rollups,
                Long.MIN_VALUE);
    }

    private ReplayEngine(
            RecordingReader reader,
            long[] range,
            long[] exclusionTimes,
            long[] alarmTimes,
            AlarmThresholds thresholds,
            RollupView.Factory rollups,
            long atMillis)
            throws RecordingException {
        this.reader = reader;
        this.rollups = rollups;
        this.startMillis = range[0];
        this.endMillis = range[1];
        this.exclusionTimes = exclusionTimes;
        this.alarmTimes = alarmTimes;
        this.thresholds = thresholds;
        this.clock = new ReplayClock(startMillis);
        seek(atMillis);
    }

    private static long[] recordedRange(RecordingReader reader) throws RecordingException {
        long[] range = reader.timeRange();
        if (range == null) {
            throw new RecordingException(
                    reader.file(),
                    "holds no recorded data to replay"
                            + (reader.abruptEnd().isPresent()
                                    ? " (its recorder stopped before it wrote the first batch)"
                                    : ""));
        }
        return range;
    }

    /**
     * Another replay of the same recording at {@code atMillis}, with its own store, cursor and clock
     * (and, once it plays, its own read-ahead): what it does is shown nowhere and changes nothing here.
     * Paused at speed 1x. Closing it leaves the recording open.
     */
    ReplayEngine copyAt(long atMillis) throws RecordingException {
        return new ReplayEngine(
                reader, new long[] {startMillis, endMillis}, exclusionTimes, alarmTimes, thresholds, rollups, atMillis);
    }

    public RecordingReader recording() {
        return reader;
    }

    public ReplayPosition position() {
        return new ReplayPosition(clock.millis(), startMillis, endMillis, playing, speed);
    }

    /** Shows the recorded state at {@code atMillis} (clamped to the recording). */
    public void seek(long atMillis) throws RecordingException {
        long t = Math.clamp(atMillis, startMillis, endMillis);
        clock.set(t);
        carryMillis = 0;
        ReplayState fresh = freshState(clock);
        stopReadingAhead();
        cursor = reader.cursor();
        applySeek(fresh, cursor.seekWithDecisions(t));
        fresh.publish();
        Shown previous = shown;
        // A seek starts a new store; the views must still see a newer snapshot version.
        shown = new Shown(
                fresh,
                previous == null
                        ? 0
                        : previous.versionBase() + previous.store().latest().version());
        store = fresh;
    }

    public void play() {
        if (clock.millis() >= endMillis) {
            return;
        }
        playing = true;
        // Decoding starts with play, not at the first frame: the first frames need what it reads.
        readAhead();
    }

    public void pause() {
        playing = false;
    }

    public void setSpeed(double newSpeed) {
        if (!(newSpeed >= MIN_SPEED && newSpeed <= MAX_SPEED)) {
            throw new IllegalArgumentException("replay speed must be between 0.1x and 1000x, got " + newSpeed + "x");
        }
        speed = newSpeed;
    }

    /**
     * Waits, at most {@code maxMillis}, until what is read ahead of a replay that starts playing is
     * there; no wait when not playing.
     */
    public void awaitReadAhead(long maxMillis) throws InterruptedException {
        if (playing) {
            readAhead().awaitFull(maxMillis);
        }
    }

    /** Moves replay time by {@code wallMillis} of wall time at the current speed, if playing. */
    public void advance(long wallMillis) throws RecordingException {
        if (!playing || wallMillis <= 0) {
            return;
        }
        carryMillis += wallMillis * speed;
        long step = (long) carryMillis;
        carryMillis -= step;
        moveTo(Math.min(clock.millis() + step, endMillis));
        if (clock.millis() >= endMillis) {
            playing = false;
        }
    }

    /** Jumps to the next recorded exclusion decision after the shown instant; false if there is none. */
    public boolean stepToNextExclusion() throws RecordingException {
        return stepForward(exclusionTimes);
    }

    public boolean stepToPreviousExclusion() throws RecordingException {
        return stepBack(exclusionTimes);
    }

    public boolean stepToNextAlarm() throws RecordingException {
        return stepForward(alarmTimes);
    }

    public boolean stepToPreviousAlarm() throws RecordingException {
        return stepBack(alarmTimes);
    }

    /** The state at another instant, built apart from the shown one (the "compare" mode). */
    public FabricSnapshot snapshotAt(long atMillis) throws RecordingException {
        long t = Math.clamp(atMillis, startMillis, endMillis);
        ReplayClock otherClock = new ReplayClock(t);
        ReplayState other = freshState(otherClock);
        ReplayCursor otherCursor = reader.cursor();
        applySeek(other, otherCursor.seekWithDecisions(t));
        return other.publish();
    }

    private ReplayState freshState(ReplayClock at) {
        return new ReplayState(
                new TelemetryStore(at, FreshnessPolicy.standard(), thresholds, EVENT_CAPACITY),
                rollups == null ? null : rollups.create(at));
    }

    private static void applySeek(ReplayState fresh, ReplayCursor.HistorySeek seek) {
        fresh.applyHistory(seek.history());
        fresh.apply(seek.events());
    }

    @Override
    public FabricSnapshot latest() {
        Shown now = shown;
        FabricSnapshot snapshot = now.store().latest();
        return snapshot.withVersion(now.versionBase() + snapshot.version());
    }

    @Override
    public AlarmThresholds thresholds() {
        return thresholds;
    }

    @Override
    public void setThresholds(AlarmThresholds newThresholds) {
        thresholds = newThresholds;
        store.setThresholds(newThresholds);
    }

    /** Stops the reading ahead (the replay thread ends, or the recording is about to close). */
    @Override
    public void close() {
        stopReadingAhead();
    }

    /**
     * Wall time the replay thread has spent waiting for the read-ahead to decode what a step needed,
     * since this engine was made: a replay that falls behind its speed because decoding does.
     */
    public long readAheadWaitNanos() {
        return readAheadWaitNanos + (ahead == null ? 0 : ahead.waitNanos());
    }

    private void stopReadingAhead() {
        if (ahead != null) {
            readAheadWaitNanos += ahead.waitNanos();
            ahead.close();
            ahead = null;
        }
    }

    /**
     * Moves the shown state to {@code t}. Across a gap (a damaged batch) the state stays as it was
     * before the gap until {@code t} reaches the gap's end, where the replay starts again from the
     * intact keyframe there, as a seek to {@code t} does.
     */
    private void moveTo(long t) throws RecordingException {
        ReplayState current = store;
        ReadAhead reading = readAhead();
        List<IngestEvent> events = reading.advanceTo(t);
        RecordingDamage gap = reading.gap();
        if (gap != null && gap.resumes() && t >= gap.toMillis()) {
            seek(t); // a new store: the events before the gap are in the keyframe it starts from
            return;
        }
        clock.set(t);
        current.apply(events);
        current.publish();
    }

    /** Started at play or on the first move, not at a seek: a click on the timeline should not pay for decoding ahead. */
    private ReadAhead readAhead() {
        if (ahead == null) {
            // The read-ahead's clock only measures waits and bounds the pre-roll's (a real monitor wait):
            // the system's.
            ahead = new ReadAhead(cursor, clock.millis(), endMillis, NanoClock.SYSTEM);
        }
        return ahead;
    }

    private boolean stepForward(long[] times) throws RecordingException {
        long now = clock.millis();
        long next = first(times, t -> t > now);
        if (next == Long.MIN_VALUE) {
            return false;
        }
        moveTo(next);
        return true;
    }

    private boolean stepBack(long[] times) throws RecordingException {
        long now = clock.millis();
        long previous = Long.MIN_VALUE;
        for (long t : times) {
            if (t < now) {
                previous = t;
            }
        }
        if (previous == Long.MIN_VALUE) {
            return false;
        }
        seek(previous);
        return true;
    }

    private static long first(long[] times, LongPredicate predicate) {
        for (long t : times) {
            if (predicate.test(t)) {
                return t;
            }
        }
        return Long.MIN_VALUE;
    }
}
