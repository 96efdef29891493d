package org.planewatch.console.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.planewatch.console.demo.EmbeddedDemo;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * One hour of the embedded demo, recorded faster than real time, then sought and replayed. Fixed
 * scenario: the console takes {@code captureSeconds} (default 60, the demo's incident cycle) of
 * what the real demo agent streams over gRPC on loopback; that minute is repeated, shifted in time
 * (arrival, agent timestamps, event ring sequence numbers), until the recording holds {@code
 * minutes} (default 60) of arrival time, written in 250 ms batches (the state owner's longest
 * drain). Counter values repeat every cycle rather than keep growing. Then:
 * <ul>
 *   <li>seek: 50 seeks to seeded random instants through {@link ReplayEngine#seek}, i.e. what a
 *       click on the timeline waits for (recorded decision history, keyframe, batches, a fresh
 *       telemetry store and its snapshot);
 *   <li>replay at 100x (with {@code --measure}: 10x, 30x, 100x and 1000x, 10 s each): the replay thread plays while a 60 Hz pulse (the frame clock) asks for the
 *       snapshot to present. The replay clock starts at the first pulse that shows the replay moving
 *       (after play computed its first frames: the start latency, printed); from then on a pulse
 *       counts as dropped when the snapshot it gets is older than the instant due at the previous
 *       pulse, i.e. the replay fell more than one frame behind. Every pulse after the start counts.
 * </ul>
 *
 * <pre>java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.DemoHourBench out.pwrec [minutes] [captureSeconds] [replaySeconds]
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.DemoHourBench --measure out.pwrec
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.DemoHourBench --measure-seeks out.pwrec
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.DemoHourBench --measure-replay 100 out.pwrec
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.DemoHourBench --measure-replay-at-once 100 out.pwrec</pre>
 * {@code --measure-seeks} opens and seeks only (no replays); {@code --measure-replay} replays at one speed only,
 * twice: first in the fresh JVM (COLD), then again (WARM), each started, as in the console, once the replay
 * thread has rehearsed ({@code ReplayRehearsal}; the time it took is printed); {@code --measure-replay-at-once}
 * starts both at once, without a rehearsal.
 * {@code replaySeconds} 0 only writes the file.
 */
public final class DemoHourBench {
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final TelemetryPath RING_NEXT_SEQ = ExclusionEventRing.RING_STATE.child(ExclusionEventRing.NEXT_SEQ);
    /** Added to ring sequence numbers per repetition, far above what a minute of the demo reaches. */
    private static final long SEQ_STRIDE = 10_000_000L;

    private static final long BATCH_MILLIS = 250;
    private static final double FRAME_MILLIS = 1000.0 / 60;

    private DemoHourBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && (args[0].equals("--measure-replay") || args[0].equals("--measure-replay-at-once"))) {
            // One speed only: a first replay in a fresh JVM, then the same replay again, warm:
            // --measure-replay <speed> <file>. The first one starts as an operator's does, once the window
            // shows the recording and the replay thread has rehearsed; --measure-replay-at-once starts it
            // with no rehearsal (JIT compilation shows in its first seconds).
            double speed = Double.parseDouble(args[1]);
            boolean atOnce = args[0].equals("--measure-replay-at-once");
            System.out.print(atOnce ? "COLD-AT-ONCE " : "COLD ");
            replay(Path.of(args[2]), 10, speed, !atOnce);
            System.out.print("WARM ");
            replay(Path.of(args[2]), 10, speed, !atOnce);
            return;
        }
        if (args.length == 2 && (args[0].equals("--measure") || args[0].equals("--measure-seeks"))) {
            // Seek and replay an existing recording only (making the hour takes minutes; measuring it, one).
            long t0 = System.nanoTime();
            try (RecordingReader reader = RecordingReader.open(Path.of(args[1]))) {
                System.out.printf(
                        Locale.ROOT,
                        "OPEN ms=%d (header, identity, dictionary tables)%n",
                        (System.nanoTime() - t0) / 1_000_000);
            }
            try (RecordingReader reader = RecordingReader.open(Path.of(args[1]))) {
                // What opening a replay costs besides the file: exclusion marks and the first seek.
                long t1 = System.nanoTime();
                new ReplayEngine(reader, AlarmThresholds.defaults()).close();
                System.out.printf(
                        Locale.ROOT,
                        "REPLAY-OPEN ms=%d (new ReplayEngine: exclusion marks, seek to the start)%n",
                        (System.nanoTime() - t1) / 1_000_000);
            }
            try (RecordingReader reader = RecordingReader.open(Path.of(args[1]))) {
                seekReading(reader);
                seek(reader);
            }
            if (args[0].equals("--measure-seeks")) {
                return; // seeks only: the replays take another minute
            }
            for (double speed : new double[] {10, 30, 100, 1000}) {
                replay(Path.of(args[1]), 10, speed, true);
            }
            return;
        }
        if (args.length < 1) {
            System.err.println("usage: DemoHourBench <out.pwrec> [minutes=60] [captureSeconds=60] [replaySeconds=30]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int minutes = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        int captureSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        int replaySeconds = args.length > 3 ? Integer.parseInt(args[3]) : 30;
        FrameStats.requireNew(file);
        List<IngestEvent> minute = capture(captureSeconds);
        write(file, minute, captureSeconds * 1000L, minutes * 60_000L);
        if (replaySeconds == 0) {
            return; // only make the file; measure it with --measure
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            seek(reader);
        }
        replay(file, replaySeconds, 100, true);
    }

    /** What the console's state owner received from the demo agent during {@code seconds} after the first data. */
    private static List<IngestEvent> capture(int seconds) throws Exception {
        List<IngestEvent> events = new ArrayList<>();
        try (EmbeddedDemo demo = EmbeddedDemo.start();
                LiveSession session = new LiveSession(InstantSource.system())) {
            long[] window = {Long.MIN_VALUE};
            session.addBatchListener(batch -> {
                synchronized (events) {
                    for (IngestEvent event : batch) {
                        if (window[0] == Long.MIN_VALUE) {
                            window[0] = event.arrivalMillis();
                        }
                        if (event.arrivalMillis() < window[0] + seconds * 1000L) {
                            events.add(event);
                        }
                    }
                }
            });
            session.add(demo.target());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds + 60);
            while (System.nanoTime() < deadline) {
                Thread.sleep(500);
                synchronized (events) {
                    if (!events.isEmpty() && System.currentTimeMillis() > window[0] + seconds * 1000L + 500) {
                        break;
                    }
                }
            }
        }
        long updates = events.stream().mapToLong(DemoHourBench::updates).sum();
        System.out.printf(
                Locale.ROOT,
                "CAPTURE seconds=%d events=%d updates=%d updatesPerSecond=%.0f%n",
                seconds,
                events.size(),
                updates,
                updates / (double) seconds);
        return events;
    }

    private static void write(Path file, List<IngestEvent> cycle, long cycleMillis, long totalMillis) throws Exception {
        long first = cycle.getFirst().arrivalMillis();
        try (QuarterSeconds out = new QuarterSeconds(
                RecordingWriter.create(
                        file,
                        new RecordingMetadata("embedded demo (DemoHourBench)", EmbeddedDemo.SCENARIO, 1000, "bench"),
                        first),
                first)) {
            List<IngestEvent.Notification> evictions = leftoverEvents(cycle);
            for (int k = 0; (long) k * cycleMillis < totalMillis; k++) {
                if (k > 0 && (k * cycleMillis) % 600_000 == 0) {
                    // The writer's memory must not grow with the recording: heap after a full GC every 10 minutes.
                    System.gc();
                    System.out.printf(
                            Locale.ROOT,
                            "PROGRESS recordedMinutes=%d updates=%d writeSeconds=%.1f heapUsedMb=%d%n",
                            k * cycleMillis / 60_000,
                            out.updates,
                            out.writeNanos / 1e9,
                            (Runtime.getRuntime().totalMemory()
                                            - Runtime.getRuntime().freeMemory())
                                    >> 20);
                }
                if (k > 0) {
                    // The ring evicts what the previous repetition left in it, as the agent would.
                    for (IngestEvent.Notification n : evictions) {
                        long shift = (k - 1) * SEQ_STRIDE;
                        out.add(new IngestEvent.Notification(
                                n.source(),
                                n.target(),
                                n.timestampNs(),
                                List.of(),
                                n.deletes().stream()
                                        .map(p -> shiftSeq(p, shift))
                                        .toList(),
                                first + k * cycleMillis));
                    }
                }
                for (IngestEvent event : cycle) {
                    IngestEvent shifted = shift(event, k, cycleMillis);
                    if (shifted != null) {
                        out.add(shifted);
                    }
                }
            }
            out.flush();
            long size = Files.size(file);
            System.gc();
            long heapMb =
                    (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20;
            System.out.printf(
                    Locale.ROOT,
                    "WRITE minutes=%d updates=%d writeSeconds=%.2f updatesPerSecond=%.0f fileBytes=%d "
                            + "bytesPerUpdate=%.2f heapUsedMb=%d (after a full GC, writer open)%n",
                    totalMillis / 60_000,
                    out.updates,
                    out.writeNanos / 1e9,
                    out.updates / (out.writeNanos / 1e9),
                    size,
                    (double) size / out.updates,
                    heapMb);
        }
    }

    /** Groups events into 250 ms batches of arrival time and times the writer. */
    private static final class QuarterSeconds implements AutoCloseable {
        private final RecordingWriter writer;
        private final List<IngestEvent> batch = new ArrayList<>();
        private long batchEnd;
        long updates;
        long writeNanos;

        QuarterSeconds(RecordingWriter writer, long firstMillis) {
            this.writer = writer;
            this.batchEnd = firstMillis + BATCH_MILLIS;
        }

        void add(IngestEvent event) throws Exception {
            while (event.arrivalMillis() >= batchEnd) {
                flush();
                batchEnd += BATCH_MILLIS;
            }
            batch.add(event);
            updates += updates(event);
        }

        void flush() throws Exception {
            if (!batch.isEmpty()) {
                long t0 = System.nanoTime();
                writer.append(batch);
                writeNanos += System.nanoTime() - t0;
                batch.clear();
            }
        }

        @Override
        public void close() throws Exception {
            writer.close();
        }
    }

    /** Per target, deletes of the ring events the cycle adds and does not evict itself. */
    private static List<IngestEvent.Notification> leftoverEvents(List<IngestEvent> cycle) {
        Map<String, LinkedHashSet<TelemetryPath>> live = new LinkedHashMap<>();
        Map<String, IngestEvent.Notification> last = new HashMap<>();
        for (IngestEvent event : cycle) {
            if (!(event instanceof IngestEvent.Notification n)) {
                continue;
            }
            var paths = live.computeIfAbsent(n.target(), t -> new LinkedHashSet<>());
            for (TelemetryUpdate update : n.updates()) {
                TelemetryPath path = update.path();
                if (path.size() > ExclusionEventRing.ENTRY_ELEM + 1 && ExclusionEventRing.isInEntry(path)) {
                    paths.add(new TelemetryPath(path.origin(), path.elems().subList(0, 2)));
                    last.put(n.target(), n);
                }
            }
            paths.removeAll(n.deletes());
        }
        List<IngestEvent.Notification> evictions = new ArrayList<>();
        live.forEach((target, paths) -> {
            if (!paths.isEmpty()) {
                IngestEvent.Notification n = last.get(target);
                evictions.add(new IngestEvent.Notification(
                        n.source(), target, n.timestampNs(), List.of(), List.copyOf(paths), 0));
            }
        });
        return evictions;
    }

    /** The event as it would arrive {@code k} cycles later; connection events only in the first cycle. */
    private static IngestEvent shift(IngestEvent event, int k, long cycleMillis) {
        if (k == 0) {
            return event;
        }
        if (!(event instanceof IngestEvent.Notification n)) {
            return null;
        }
        long seqShift = k * SEQ_STRIDE;
        List<TelemetryUpdate> updates = new ArrayList<>(n.updates().size());
        for (TelemetryUpdate update : n.updates()) {
            TelemetryPath path = update.path();
            if (ExclusionEventRing.isInEntry(path)) {
                path = shiftSeq(path, seqShift);
            } else if (path.equals(RING_NEXT_SEQ) && update.value() instanceof TelemetryValue.Uint(long next)) {
                updates.add(new TelemetryUpdate(path, new TelemetryValue.Uint(next + seqShift)));
                continue;
            }
            updates.add(new TelemetryUpdate(path, update.value()));
        }
        List<TelemetryPath> deletes =
                n.deletes().stream().map(p -> shiftSeq(p, seqShift)).toList();
        return new IngestEvent.Notification(
                n.source(),
                n.target(),
                n.timestampNs() + k * cycleMillis * 1_000_000L,
                updates,
                deletes,
                n.arrivalMillis() + k * cycleMillis);
    }

    /** The path of the same field in the ring entry {@code shift} numbers later; other paths unchanged. */
    private static TelemetryPath shiftSeq(TelemetryPath path, long shift) {
        String seq = ExclusionEventRing.seqText(path);
        if (seq == null || !DIGITS.matcher(seq).matches()) {
            return path;
        }
        List<PathElem> elems = new ArrayList<>(path.elems());
        elems.set(ExclusionEventRing.ENTRY_ELEM, ExclusionEventRing.entry(Long.parseLong(seq) + shift));
        return new TelemetryPath(path.origin(), elems);
    }

    /**
     * The recording's share of a seek: reading what a seek applies (decision history, keyframe,
     * batches) through the cursor ({@link ReplayCursor#seekWithDecisions}), without the telemetry store. Same seeded instants as {@link #seek}.
     */
    private static void seekReading(RecordingReader reader) throws Exception {
        long[] range = reader.timeRange();
        SplittableRandom random = new SplittableRandom(7);
        long first = System.nanoTime();
        reader.cursor().seekWithDecisions(range[0] + random.nextLong(range[1] - range[0]));
        // The first seek of a reader also reads its whole decision history, once.
        System.out.printf(
                Locale.ROOT,
                "FIRST-SEEK-READ ms=%d (reads every recorded decision once)%n",
                (System.nanoTime() - first) / 1_000_000);
        for (int i = 1; i < 3; i++) {
            reader.cursor().seekWithDecisions(range[0] + random.nextLong(range[1] - range[0]));
        }
        long[] millis = new long[50];
        long events = 0;
        for (int i = 0; i < millis.length; i++) {
            long at = range[0] + random.nextLong(range[1] - range[0]);
            long t0 = System.nanoTime();
            ReplayCursor.HistorySeek seek = reader.cursor().seekWithDecisions(at);
            events += seek.history().size() + seek.events().size();
            millis[i] = (System.nanoTime() - t0) / 1_000_000;
        }
        Arrays.sort(millis);
        System.out.printf(
                Locale.ROOT,
                "SEEK-READ (cursor only, no store) seeks=%d medianMs=%d p95Ms=%d maxMs=%d eventsPerSeek=%d%n",
                millis.length,
                millis[millis.length / 2],
                millis[(int) Math.ceil(millis.length * 0.95) - 1],
                millis[millis.length - 1],
                events / millis.length);
    }

    private static void seek(RecordingReader reader) throws Exception {
        ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults());
        long[] range = reader.timeRange();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 3; i++) {
            engine.seek(range[0] + random.nextLong(range[1] - range[0]));
        }
        long[] millis = new long[50];
        for (int i = 0; i < millis.length; i++) {
            long at = range[0] + random.nextLong(range[1] - range[0]);
            long t0 = System.nanoTime();
            engine.seek(at);
            millis[i] = (System.nanoTime() - t0) / 1_000_000;
            if (engine.latest().hosts().isEmpty() && at > range[0] + 10_000) {
                throw new IllegalStateException("a seek to " + at + " shows no hosts");
            }
        }
        engine.close();
        Arrays.sort(millis);
        System.out.printf(
                Locale.ROOT,
                "SEEK recordedMinutes=%.1f seeks=%d (after 3 warm-up) medianMs=%d p95Ms=%d maxMs=%d%n",
                (range[1] - range[0]) / 60_000.0,
                millis.length,
                millis[millis.length / 2],
                millis[(int) Math.ceil(millis.length * 0.95) - 1],
                millis[millis.length - 1]);
    }

    /** {@code afterRehearsal}: play once the replay thread has rehearsed (as an operator who opened the file and looks at it). */
    private static void replay(Path file, int seconds, double speed, boolean afterRehearsal) throws Exception {
        // The replay session the console opens: its thread starts (and rehearses) at once, paused at the start.
        ReplaySession session = ReplaySession.open(file, InstantSource.system(), AlarmThresholds.defaults());
        long opened = System.nanoTime();
        long from = session.playhead().startMillis() + 60_000;
        session.seekTo(from);
        session.setSpeed(speed);
        SnapshotSource driver = session.source();
        int pulses = (int) (seconds * 1000 / FRAME_MILLIS);
        long[] lag = new long[pulses];
        boolean[] dropped = new boolean[pulses];
        long[] versions = new long[pulses];
        ScheduledExecutorService frames = Executors.newSingleThreadScheduledExecutor();
        CountDownLatch done = new CountDownLatch(1);
        long rehearsalMs = -1;
        if (afterRehearsal) {
            while (!session.rehearsed()) {
                Thread.sleep(10);
            }
            rehearsalMs = (System.nanoTime() - opened) / 1_000_000;
        }
        session.play();
        long playedAt = System.nanoTime();
        long[] anchor = {0, 0}; // wall nanos and replay instant of the first moving frame
        int[] started = {-1};
        long[] uptimeAtStart = {0};
        int[] pulse = {0};
        frames.scheduleAtFixedRate(
                () -> {
                    long now = System.nanoTime();
                    int i = pulse[0];
                    if (i == 0) {
                        // JVM uptime at the first pulse, to line the per-second drops up with -Xlog:gc output.
                        uptimeAtStart[0] = ManagementFactory.getRuntimeMXBean().getUptime();
                    }
                    if (i >= pulses) {
                        done.countDown();
                        return;
                    }
                    var snapshot = driver.latest();
                    if (started[0] < 0 && snapshot.atMillis() > from) {
                        started[0] = i;
                        anchor[0] = now;
                        anchor[1] = snapshot.atMillis();
                    }
                    if (started[0] >= 0) {
                        double elapsedMillis = (now - anchor[0]) / 1e6;
                        long due = anchor[1] + (long) (elapsedMillis * speed);
                        long previousDue = anchor[1] + (long) (Math.max(0, elapsedMillis - FRAME_MILLIS) * speed);
                        lag[i] = due - snapshot.atMillis();
                        dropped[i] = snapshot.atMillis() < previousDue;
                    }
                    versions[i] = snapshot.version();
                    pulse[0] = i + 1;
                },
                0,
                (long) (FRAME_MILLIS * 1000),
                TimeUnit.MICROSECONDS);
        done.await();
        frames.shutdownNow();
        long reached = session.playhead().atMillis();
        List<String> errors = new ArrayList<>();
        for (String error = session.pollError(); error != null; error = session.pollError()) {
            errors.add(error);
        }
        session.close();
        long waitedForDecodingMs = session.readAheadWaitNanos() / 1_000_000;
        if (started[0] < 0) {
            System.out.printf(
                    Locale.ROOT,
                    "REPLAY speed=%.0fx never started moving in %d s; errors=%s%n",
                    speed,
                    seconds,
                    errors);
            return;
        }
        int skip = started[0];
        long startLatencyMs = (anchor[0] - playedAt) / 1_000_000;
        long droppedCount = 0;
        long distinct = 0;
        for (int i = Math.max(1, skip); i < pulses; i++) {
            droppedCount += dropped[i] ? 1 : 0;
            distinct += versions[i] != versions[i - 1] ? 1 : 0;
        }
        // Dropped pulses per second of the run (from the first pulse): the first seconds of a fresh JVM include JIT
        // compilation.
        StringBuilder perSecond = new StringBuilder();
        for (int second = 0; second * 60 < pulses; second++) {
            int count = 0;
            for (int i = Math.max(1, second * 60); i < Math.min(pulses, (second + 1) * 60); i++) {
                count += dropped[i] ? 1 : 0;
            }
            perSecond.append(second == 0 ? "" : ",").append(count);
        }
        // When the first drops happened, as JVM uptime: to line them up with -Xlog:gc output.
        StringJoiner droppedAt = new StringJoiner(",", "[", "]");
        for (int i = Math.max(1, skip), listed = 0; i < pulses && listed < 20; i++) {
            if (dropped[i]) {
                droppedAt.add(Long.toString(uptimeAtStart[0] + Math.round(i * FRAME_MILLIS)) + "("
                        + lag[i] * 10 / Math.round(FRAME_MILLIS * speed) / 10.0 + "f)");
                listed++;
            }
        }
        long[] measured = Arrays.copyOfRange(lag, skip, pulses);
        Arrays.sort(measured);
        System.out.printf(
                Locale.ROOT,
                "REPLAY speed=%.0fx wallSeconds=%d startLatencyMs=%d replayedMinutes=%.1f pulses=%d dropped=%d (%.2f%%) "
                        + "newSnapshotPulses=%d lagMs p50=%d p99=%d max=%d (one frame = %.0f ms of replay time) droppedPerSecond=%s "
                        + "rehearsalMs=%d replayWaitedForDecodingMs=%d jvmUptimeAtFirstPulseMs=%d droppedAtUptimeMs(lag in frames)=%s errors=%s%n",
                speed,
                seconds,
                startLatencyMs,
                (reached - from) / 60_000.0,
                measured.length,
                droppedCount,
                100.0 * droppedCount / measured.length,
                distinct,
                measured[measured.length / 2],
                measured[(int) Math.ceil(measured.length * 0.99) - 1],
                measured[measured.length - 1],
                FRAME_MILLIS * speed,
                perSecond,
                rehearsalMs,
                waitedForDecodingMs,
                uptimeAtStart[0],
                droppedAt,
                errors);
    }

    private static long updates(IngestEvent event) {
        return event instanceof IngestEvent.Notification n
                ? n.updates().size() + n.deletes().size()
                : 0;
    }
}
