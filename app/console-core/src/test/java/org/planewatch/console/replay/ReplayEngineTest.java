package org.planewatch.console.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.DamagedRecordings;
import org.planewatch.console.record.RecordingDamage;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.record.SyntheticTelemetry;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** Replay drives the same telemetry store as live data: at any instant it shows what live showed. */
class ReplayEngineTest {
    private static final long START = 1_790_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void replayShowsWhatLiveShowedAtChosenInstants() throws Exception {
        Path file = dir.resolve("live.pwrec");
        Map<Long, String> seenLive = recordWhileWatching(file, 400, List.of(37L, 150L, 301L, 399L));
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults());
            for (Map.Entry<Long, String> live : seenLive.entrySet()) {
                engine.seek(live.getKey());
                assertEquals(live.getValue(), describe(engine.latest()), "at " + (live.getKey() - START) + " ms");
            }
        }
    }

    @Test
    void aSourceStreamingBeforeTheRecordingStartedIsLiveFromTheFirstInstant() throws Exception {
        Path file = dir.resolve("mid-stream.pwrec");
        // The console was streaming when recording began: the recording holds no connection event. The
        // first batch spans 200 ms, and its keyframe (written after it) is not there at the first instant.
        var path = TelemetryPath.parse("mrc:/planes/plane[id=0]/state/tx-pkts");
        List<IngestEvent> firstBatch = new ArrayList<>();
        for (int h = 0; h < 3; h++) {
            firstBatch.add(new IngestEvent.Notification(
                    "demo",
                    "host-" + h,
                    h,
                    List.of(new TelemetryUpdate(path, new TelemetryValue.Uint(h))),
                    List.of(),
                    START + 100L * h));
        }
        try (RecordingWriter writer =
                RecordingWriter.create(file, new RecordingMetadata("t", "", 1, "t"), START, 2_000, 0, 0)) {
            writer.append(firstBatch);
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults());
            FabricSnapshot first = engine.latest();
            assertEquals(
                    1, first.hosts().size(), "the first instant: the first notification only, before any keyframe");
            assertEquals(
                    List.of(Freshness.LIVE),
                    first.targets().stream()
                            .map(FabricSnapshot.TargetStatus::freshness)
                            .toList(),
                    "the source sent data at this instant: live, as the keyframes say");
            assertEquals(List.of(), first.activeAlarms(), "no STALE alarm for a source that is not silent");
        }
    }

    @Test
    void playingAdvancesReplayTimeAtTheChosenSpeed() throws Exception {
        Path file = dir.resolve("play.pwrec");
        recordWhileWatching(file, 200, List.of());
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults());
            long start = engine.position().atMillis();
            engine.advance(1_000);
            assertEquals(start, engine.position().atMillis(), "paused replay does not move");
            engine.setSpeed(10);
            engine.play();
            engine.advance(1_000);
            assertEquals(start + 10_000, engine.position().atMillis());
            engine.setSpeed(0.1);
            engine.advance(1_000);
            assertEquals(start + 10_100, engine.position().atMillis());
            engine.setSpeed(1000);
            engine.advance(1_000);
            assertEquals(engine.position().endMillis(), engine.position().atMillis(), "stops at the end");
            assertFalse(engine.position().playing());
            assertThrows(IllegalArgumentException.class, () -> engine.setSpeed(5000));
        }
    }

    @Test
    void playingInUnevenStepsThroughTheReadAheadShowsWhatLiveShowed() throws Exception {
        Path file = dir.resolve("ahead.pwrec");
        Map<Long, String> seenLive = recordWhileWatching(file, 400, List.of(90L, 230L, 399L));
        try (RecordingReader reader = RecordingReader.open(file);
                ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults())) {
            engine.setSpeed(1.0);
            engine.play();
            long[] steps = {1, ReadAhead.CHUNK_MILLIS - 1, 7, 3 * ReadAhead.CHUNK_MILLIS + 11};
            int step = 0;
            for (Map.Entry<Long, String> live : seenLive.entrySet()) {
                while (engine.position().atMillis() + steps[step % steps.length] < live.getKey()) {
                    engine.advance(steps[step++ % steps.length]);
                }
                engine.advance(live.getKey() - engine.position().atMillis());
                assertEquals(
                        live.getValue(), describe(engine.latest()), "played to " + (live.getKey() - START) + " ms");
            }
            List<Long> instants = new ArrayList<>(seenLive.keySet());
            engine.seek(instants.getFirst());
            engine.play();
            engine.advance(instants.get(1) - instants.getFirst());
            assertEquals(
                    seenLive.get(instants.get(1)),
                    describe(engine.latest()),
                    "a seek restarts reading ahead from the new instant");
        }
    }

    @Test
    void stepsToNextAndPreviousExclusionDecision() throws Exception {
        Path file = dir.resolve("steps.pwrec");
        recordWhileWatching(file, 200, List.of());
        try (RecordingReader reader = RecordingReader.open(file)) {
            List<Long> marks = reader.exclusions().stream()
                    .map(RecordingReader.ExclusionMark::arrivalMillis)
                    .distinct()
                    .toList();
            ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults());
            assertTrue(engine.stepToNextExclusion());
            assertEquals(marks.get(0), engine.position().atMillis());
            assertTrue(engine.stepToNextExclusion());
            assertEquals(marks.get(1), engine.position().atMillis());
            int shown = engine.latest().events().size();
            assertTrue(engine.stepToPreviousExclusion());
            assertEquals(marks.get(0), engine.position().atMillis());
            assertEquals(shown - 1, engine.latest().events().size(), "stepping back un-shows the later decision");
        }
    }

    @Test
    void compareBuildsTwoInstantsSideBySide() throws Exception {
        Path file = dir.resolve("compare.pwrec");
        Map<Long, String> seenLive = recordWhileWatching(file, 300, List.of(50L, 250L));
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults());
            List<Long> instants = new ArrayList<>(seenLive.keySet());
            engine.seek(instants.get(1));
            FabricSnapshot before = engine.snapshotAt(instants.get(0));
            assertEquals(seenLive.get(instants.get(0)), describe(before));
            assertEquals(
                    seenLive.get(instants.get(1)), describe(engine.latest()), "compare leaves the shown instant alone");
        }
    }

    /**
     * One damaged batch no longer stops (or empties) the replay: up to it the replay shows what live
     * showed, across the gap it keeps that state, and from the intact keyframe after it on it shows
     * what live showed again, played or seeked to. The gap is reported with its time range.
     */
    @Test
    void aReplayPlaysAcrossADamagedBatchAndShowsWhatLiveShowedAfterIt() throws Exception {
        Path file = dir.resolve("gap.pwrec");
        // Batch b of the loop below is stored as batch b + 2 (the first holds the connection): batch 30 is b = 28.
        Map<Long, String> seenLive = recordWhileWatching(file, 120, List.of(27L, 29L, 60L));
        DamagedRecordings.damageBatch(file, 30);
        List<Long> instants = new ArrayList<>(seenLive.keySet());
        long beforeGap = instants.get(0);
        long insideGap = instants.get(1);
        long afterGap = instants.get(2);
        long resumesAt = DamagedRecordings.keyframeAtOrAfter(file, 30);
        assertTrue(
                insideGap < resumesAt && resumesAt < afterGap,
                "the keyframe after the damage is between the instants watched");
        try (RecordingReader reader = RecordingReader.open(file);
                ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults())) {
            engine.seek(beforeGap);
            assertEquals(seenLive.get(beforeGap), describe(engine.latest()));
            engine.seek(insideGap);
            assertEquals(
                    seenLive.get(beforeGap),
                    describe(engine.latest()).replace("STALE", "LIVE"),
                    "inside the gap: the last state before it, not an empty view");
            engine.seek(beforeGap);
            engine.play();
            while (engine.position().atMillis() < afterGap) {
                engine.advance(Math.min(100, afterGap - engine.position().atMillis()));
            }
            // Without the alarms: which are active depends on the instants a store was judged at (live only at
            // the watched batches, a replay at each step, and from the keyframe after the gap on).
            assertEquals(
                    withoutAlarms(seenLive.get(afterGap)),
                    withoutAlarms(describe(engine.latest())),
                    "played across the gap");
            assertEquals(afterGap, engine.position().atMillis());
            engine.seek(insideGap + 100);
            engine.seek(afterGap);
            assertEquals(seenLive.get(afterGap), describe(engine.latest()), "seeked past the gap");
            List<RecordingDamage> damage = reader.damageFound();
            assertEquals(1, damage.size(), damage.toString());
            RecordingDamage gap = damage.getFirst();
            assertEquals(RecordingDamage.Kind.GAP, gap.kind());
            assertEquals(30, gap.batchSeq());
            assertEquals(beforeGap, gap.fromMillis(), "from the last data before the damaged batch");
            assertEquals(resumesAt, gap.toMillis(), "to the keyframe the replay resumes from");
            assertTrue(
                    gap.describe().startsWith("batch 30 is damaged (a data block is not valid deflate data"),
                    gap.describe());
        }
    }

    private static String withoutAlarms(String described) {
        return described.lines().filter(line -> !line.startsWith("alarm ")).collect(Collectors.joining("\n"));
    }

    /** Records synthetic telemetry while a live store watches it; returns what live showed at the chosen batches. */
    static Map<Long, String> recordWhileWatching(Path file, int batches, List<Long> watchAfterBatch) throws Exception {
        SyntheticTelemetry fabric = new SyntheticTelemetry(9, 6, 8, START);
        ManualClock clock = new ManualClock(START);
        TelemetryStore live = new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 20_000);
        Map<Long, String> seen = new TreeMap<>();
        try (RecordingWriter writer =
                RecordingWriter.create(file, new RecordingMetadata("t", "", 1, "t"), START, 2_000, 0, 0)) {
            List<IngestEvent> first = fabric.connectAll();
            live.apply(first);
            writer.append(first);
            for (long b = 0; b < batches; b++) {
                List<IngestEvent> batch = fabric.nextBatch();
                clock.advance(Duration.ofMillis(fabric.arrivalMillis() - clock.millis()));
                live.apply(batch);
                writer.append(batch);
                if (watchAfterBatch.contains(b)) {
                    seen.put(clock.millis(), describe(live.publish(FabricSnapshot.IngestStats.NONE)));
                }
            }
        }
        return seen;
    }

    /** Everything a snapshot shows except rates (which need two samples of a leaf) and alarm raise times. */
    private static String describe(FabricSnapshot s) {
        StringBuilder out = new StringBuilder();
        s.planes()
                .forEach(p -> out.append("plane ")
                        .append(p.plane())
                        .append(" good=")
                        .append(p.evsGood())
                        .append(" out=")
                        .append(p.evsOutOfService())
                        .append(" linksDown=")
                        .append(p.linksDown())
                        .append(" ")
                        .append(p.freshness())
                        .append('\n'));
        s.hosts().forEach(h -> {
            out.append(h.name()).append(' ').append(h.freshness());
            h.planes()
                    .forEach(p -> out.append(" [")
                            .append(p.plane())
                            .append(' ')
                            .append(p.operStatus())
                            .append(' ')
                            .append(p.evsGood())
                            .append('/')
                            .append(p.evsAssumedBad())
                            .append('/')
                            .append(p.evsDenied())
                            .append(']'));
            out.append('\n');
        });
        s.events().forEach(e -> out.append(e).append('\n'));
        s.suspects().forEach(x -> out.append(x).append('\n'));
        // Which alarms are active, not when they were raised (a seek re-evaluates them at its instant, a
        // replay played in steps raises them at its own publications), so not in their raise order either.
        s.activeAlarms().stream()
                .map(a -> "alarm " + a.kind() + ' ' + a.subject() + ' ' + a.severity() + ' ' + a.message() + '\n')
                .sorted()
                .forEach(out::append);
        return out.toString();
    }
}
