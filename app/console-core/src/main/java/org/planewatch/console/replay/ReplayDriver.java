package org.planewatch.console.replay;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.telemetry.worker.IdleStrategy;
import org.planewatch.telemetry.worker.Worker;
import org.planewatch.telemetry.worker.WorkerRunner;

/**
 * Owns a {@link ReplayEngine} on its own thread: moves replay time every frame at the chosen speed
 * and carries out the timeline's commands (play, pause, speed, seek, step) in order. The views see
 * it as any other {@link SnapshotSource}.
 */
public final class ReplayDriver implements SnapshotSource, AutoCloseable {
    /** A timeline command, run on the replay thread. */
    public interface Command {
        void apply(ReplayEngine engine) throws RecordingException;
    }

    static final long FRAME_MILLIS = 16;
    /**
     * The most wall time one step covers. A step applies everything up to the new instant and builds
     * one snapshot; when a step covered all the wall time since the previous one, a step that cost more
     * than it covered made the next one larger, and the view froze for seconds, then jumped minutes
     * (the demo at 100x). Bounded, a replay that is behind catches up in steps of four frames, each
     * with its snapshot; one slower than its speed shows a snapshot every few frames at its own pace.
     */
    static final long MAX_STEP_WALL_MILLIS = 4 * FRAME_MILLIS;
    /**
     * The most recorded time one step covers, below what {@link ReadAhead} holds decoded: at 1000x four
     * frames are a minute of the demo, a step then waited for decoding and showed a snapshot every
     * 0.4 s; with this bound a replay slower than its speed still shows progress many times a second.
     */
    static final long MAX_STEP_RECORDED_MILLIS = 8_000;
    /** Wall time owed beyond this is let go: a replay a second behind plays on from there, and the position says where it is. */
    static final long MAX_BEHIND_WALL_MILLIS = 1_000;

    /**
     * Frames computed ahead of the one shown: while playing, the replay thread keeps the states due at
     * the ends of the next twelve frames (200 ms) computed and queued; {@link #latest} presents the
     * one due now. A young collection, a recompilation or a slow step then delays computing, not what
     * is shown: with two and then four frames ahead, the demo at 100x still dropped frames after
     * every pause of the replay thread longer than the frames ahead (docs/benchmarks.md, ADR 0079).
     * A command (seek, pause, speed) first takes the engine back to the instant shown and empties the
     * queue, so its result shows at once and starts from what was on screen.
     */
    static final int LOOKAHEAD_FRAMES = 12;
    /** Frames computed before a replay that starts playing starts on the wall clock; the rest follow at once. */
    static final int PRE_ROLL_FRAMES = 4;

    private static final int MAX_PRESENTED = LOOKAHEAD_FRAMES + 4;
    /** The longest a starting replay waits for its read-ahead to fill (10 s of the demo take about 30 ms to decode). */
    static final long PRE_ROLL_READ_AHEAD_MILLIS = 500;

    /** A snapshot and the wall-clock instant whose replay time it shows. */
    private record Presented(long wallMillis, FabricSnapshot snapshot) {}

    /** Oldest first; replaced (never changed) by the replay thread, read by the views. */
    private volatile List<Presented> presented = List.of();

    private final ReplayEngine engine;
    private final InstantSource wallClock;
    private final Consumer<String> errors;
    private final BlockingQueue<Command> commands = new ArrayBlockingQueue<>(64);
    private final WorkerRunner runner;
    private volatile ReplayPosition position;
    private volatile boolean rehearsed;

    public ReplayDriver(ReplayEngine engine, InstantSource wallClock, Consumer<String> errors) {
        this.engine = engine;
        this.wallClock = wallClock;
        this.errors = errors;
        this.position = engine.position();
        // The loop waits for commands itself (a poll bounded by the next frame): no idling besides.
        this.runner = new WorkerRunner("planewatch-replay", new Loop(), IdleStrategy.NONE, Duration.ofSeconds(2));
    }

    public void start() {
        runner.start();
    }

    /** Queues a command; the position and snapshot reflect it within a frame. */
    public void submit(Command command) {
        if (!commands.offer(command)) {
            errors.accept("replay is busy: command dropped, try again");
        }
    }

    /** Where the replay thread has computed to (ahead of what is presented while playing); set after queueing. */
    ReplayPosition computedPosition() {
        return position;
    }

    /** Where the replay stands: the instant of the snapshot being presented. */
    public ReplayPosition position() {
        ReplayPosition computed = position;
        Presented shown = presentedNow();
        return shown == null
                ? computed
                : new ReplayPosition(
                        shown.snapshot().atMillis(),
                        computed.startMillis(),
                        computed.endMillis(),
                        computed.playing(),
                        computed.speed());
    }

    /**
     * Whether the replay thread has finished (or given up) its {@link ReplayRehearsal}, the throwaway
     * replay it plays while paused so that the first real one runs compiled code.
     */
    public boolean rehearsed() {
        return rehearsed;
    }

    public ReplayEngine engine() {
        return engine;
    }

    @Override
    public FabricSnapshot latest() {
        Presented shown = presentedNow();
        return shown == null ? engine.latest() : shown.snapshot();
    }

    /**
     * The snapshot for the frame being shown now: the newest one computed for a wall instant no later
     * than the end of this frame (or, right after a jump, the only one there is).
     */
    private Presented presentedNow() {
        List<Presented> queue = presented;
        if (queue.isEmpty()) {
            return null;
        }
        long showUpTo = wallClock.millis() + FRAME_MILLIS;
        Presented chosen = queue.getFirst();
        for (Presented candidate : queue) {
            if (candidate.wallMillis() > showUpTo) {
                break;
            }
            chosen = candidate;
        }
        return chosen;
    }

    @Override
    public AlarmThresholds thresholds() {
        return engine.thresholds();
    }

    @Override
    public void setThresholds(AlarmThresholds thresholds) {
        submit(e -> e.setThresholds(thresholds));
    }

    @Override
    public void close() {
        runner.close();
        engine.close();
        engine.recording().close();
    }

    /** Queues a computed snapshot, forgetting those whose frames have passed (the newest of them stays). */
    private void present(long wallMillis, FabricSnapshot snapshot, long now) {
        List<Presented> queue = new ArrayList<>(presented);
        queue.add(new Presented(wallMillis, snapshot));
        while (queue.size() > 1 && (queue.size() > MAX_PRESENTED || queue.get(1).wallMillis() <= now)) {
            queue.removeFirst();
        }
        presented = List.copyOf(queue);
    }

    /**
     * Frames are computed one at a time, each to the instant due at its end, until they reach
     * {@link #LOOKAHEAD_FRAMES} ahead of the wall clock; then the thread waits for the next frame
     * (or a command). Each is queued and presented when its frame comes: a snapshot built for a
     * frame's start was already a frame old when the view showed it, and one built just in time was
     * late whenever a collection paused the replay thread. Frames still to come get a snapshot each:
     * a step of several frames gives one snapshot for all of them, and the frames before it show an
     * older state. Frames already past do not: a replay behind the wall clock takes one step (at
     * most {@link #MAX_STEP_WALL_MILLIS}) to the frame shown now, and more than a second of owed wall
     * time is let go. A command that leaves the replay playing (play, speed, a seek while playing)
     * first computes the first frames and only then starts them on the wall clock ({@link #preRoll}).
     *
     * <p>The replay thread's loop: one turn carries out the commands waiting or computes at most one
     * frame, and waits for the next frame or a command when the frames ahead are all computed.
     */
    private final class Loop implements Worker {
        private ReplayRehearsal rehearsal;
        private long coveredUntil;

        @Override
        public void onStart() {
            rehearsal = new ReplayRehearsal(engine);
            coveredUntil = wallClock.millis();
        }

        @Override
        public int doWork() throws InterruptedException {
            try {
                long now = wallClock.millis();
                boolean playing = engine.position().playing();
                boolean rehearsing = !playing && !rehearsal.done();
                long horizon = now + LOOKAHEAD_FRAMES * FRAME_MILLIS;
                long wait = playing && coveredUntil < horizon || rehearsing
                        ? 0
                        : playing ? Math.min(FRAME_MILLIS, coveredUntil - horizon + 1) : FRAME_MILLIS;
                Command command = wait == 0 ? commands.poll() : commands.poll(wait, TimeUnit.MILLISECONDS);
                boolean commanded = command != null;
                if (commanded) {
                    rewindToShown();
                } else if (rehearsing) {
                    rehearse(rehearsal);
                }
                while (command != null) {
                    command.apply(engine);
                    command = commands.poll();
                }
                if (engine.position().playing()) {
                    rehearsal.close(); // the operator's replay is on: it needs both cores, and compiles the rest itself
                }
                now = wallClock.millis();
                if (commanded || !engine.position().playing()) {
                    presented = List.of(); // the command's result shows at once
                }
                if (!engine.position().playing()) {
                    coveredUntil = now;
                } else if (commanded) {
                    PreRoll preRoll = preRoll();
                    coveredUntil = preRoll.anchorMillis() + preRoll.frames() * FRAME_MILLIS;
                } else if (coveredUntil < now + LOOKAHEAD_FRAMES * FRAME_MILLIS) {
                    coveredUntil =
                            Math.max(coveredUntil, now + LOOKAHEAD_FRAMES * FRAME_MILLIS - MAX_BEHIND_WALL_MILLIS);
                    long step = Math.min(
                            coveredUntil < now ? now + FRAME_MILLIS - coveredUntil : FRAME_MILLIS, maxStepWallMillis());
                    long version = engine.latest().version();
                    engine.advance(step);
                    coveredUntil += step;
                    if (engine.latest().version() != version) {
                        present(coveredUntil, engine.latest(), now);
                    }
                }
                rehearsed = rehearsal.done(); // before the position: a play seen there has ended the rehearsal
                position = engine.position();
            } catch (RecordingException | IllegalArgumentException e) {
                engine.pause();
                position = engine.position();
                errors.accept(e.getMessage());
            }
            return 1;
        }

        @Override
        public void onClose() {
            if (rehearsal == null) {
                return;
            }
            // Interrupted to stop, this thread must still wait for the copy's read-ahead to let go of the
            // recording, which close() closes next.
            boolean interrupted = Thread.interrupted();
            rehearsal.close();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * One frame of the rehearsal. A damaged batch ends it without a word: it reads ahead of what the
     * operator has asked for, and the replay reports the damage when (and if) it gets there.
     */
    private static void rehearse(ReplayRehearsal rehearsal) {
        try {
            rehearsal.playOneFrame();
        } catch (RecordingException e) {
            rehearsal.close();
        }
    }

    /**
     * Takes the engine back to the instant on screen when it has computed frames beyond it, before a
     * command: a pause then shows the frame the operator paused on, and a speed change or a step
     * starts from it, not from up to {@link #LOOKAHEAD_FRAMES} frames later (20 s of recording at
     * 100x). A seek, as a click on the timeline costs.
     */
    private void rewindToShown() throws RecordingException {
        Presented shown = presentedNow();
        if (shown != null && engine.position().atMillis() > shown.snapshot().atMillis()) {
            engine.seek(shown.snapshot().atMillis());
        }
    }

    /** The most wall time one step covers at the current speed (four frames, or less at 1000x). */
    private long maxStepWallMillis() {
        return Math.max(1, Math.min(MAX_STEP_WALL_MILLIS, (long)
                (MAX_STEP_RECORDED_MILLIS / engine.position().speed())));
    }

    /** The wall instant the pre-rolled frames start from, and how many there are. */
    private record PreRoll(long anchorMillis, int frames) {}

    /**
     * Computes the first frames of a replay that starts playing ({@link #LOOKAHEAD_FRAMES}, fewer when
     * they would cover more than {@link #MAX_STEP_RECORDED_MILLIS} of recorded time, as at 1000x), one
     * after the other once the read-ahead is filled, and queues them from the wall instant they are
     * done: frames computed against a clock that started at the command had fallen behind by the time
     * the first of them was ready, and the first second of a replay at 100x dropped frames. The first
     * frame is due at once; the views keep the command's result until then.
     */
    private PreRoll preRoll() throws RecordingException, InterruptedException {
        presented = List.of(new Presented(wallClock.millis(), engine.latest()));
        engine.awaitReadAhead(PRE_ROLL_READ_AHEAD_MILLIS);
        int count = (int) Math.clamp(
                (long) (MAX_STEP_RECORDED_MILLIS
                        / (FRAME_MILLIS * engine.position().speed())),
                1,
                PRE_ROLL_FRAMES);
        List<FabricSnapshot> frames = new ArrayList<>(count);
        for (int frame = 0; frame < count && engine.position().playing(); frame++) {
            engine.advance(FRAME_MILLIS);
            frames.add(engine.latest());
        }
        long anchor = wallClock.millis();
        List<Presented> queue = new ArrayList<>(frames.size());
        for (int frame = 0; frame < frames.size(); frame++) {
            queue.add(new Presented(anchor + (frame + 1) * FRAME_MILLIS, frames.get(frame)));
        }
        if (!queue.isEmpty()) {
            presented = List.copyOf(queue);
        }
        return new PreRoll(anchor, frames.size());
    }
}
