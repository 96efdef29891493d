package org.planewatch.console.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.record.IncidentExporter;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.SyntheticTelemetry;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;

/** A live session's alarm raises and clearings go into its recording, and replay finds them there. */
class RecordingControlAlarmsTest {
    private static final long START = 1_790_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void recordsTheRaiseAndTheClearingOfALiveAlarmAndABookmarkAndReplayStepsToTheAlarm() throws Exception {
        ManualClock clock = new ManualClock(START);
        IngestQueue queue = new IngestQueue(1024);
        TelemetryStore store = new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 100);
        IngestPump pump = new IngestPump(queue, store, 100);
        Path file = dir.resolve("alarms.pwrec");
        Alarm live;
        long bookmarkedAt;
        try (RecordingControl recording =
                new RecordingControl(pump, clock, new RecordingInfo("lab", "", 1, "test"), (f, reason) -> {})) {
            pump.start();
            recording.start(file, 0);
            queue.offer(new IngestEvent.Connection("agent", ConnectionPhase.STREAMING, "", clock.millis()));
            queue.offer(new IngestEvent.Synced("agent", clock.millis()));
            awaitSnapshot(store, clock, s -> !s.targets().isEmpty());
            queue.offer(
                    new IngestEvent.Connection("agent", ConnectionPhase.FAILED, "connection refused", clock.millis()));
            clock.advance(Duration.ofSeconds(11));
            FabricSnapshot lost = awaitSnapshot(store, clock, s -> lostAlarm(s.activeAlarms()) != null);
            Alarm raised = lostAlarm(lost.activeAlarms());
            clock.advance(Duration.ofSeconds(1));
            queue.offer(new IngestEvent.Connection("agent", ConnectionPhase.STREAMING, "", clock.millis()));
            FabricSnapshot back = awaitSnapshot(store, clock, s -> lostAlarm(s.recentAlarms()) != null);
            live = lostAlarm(back.recentAlarms());
            assertEquals(raised.raisedAtMillis(), live.raisedAtMillis());
            recording.bookmark("agent came back");
            bookmarkedAt = clock.millis();
            long lastSync = clock.millis();
            queue.offer(new IngestEvent.Synced("agent", lastSync));
            awaitSnapshot(store, clock, s -> s.targets().getFirst().lastSeenMillis() == lastSync);
            recording.stop();
        } finally {
            pump.close();
        }

        try (RecordingReader reader = RecordingReader.open(file)) {
            List<RecordingReader.AlarmMark> alarms = reader.alarms().stream()
                    .filter(a -> a.kind().equals("TARGET_LOST"))
                    .toList();
            assertEquals(1, alarms.size(), alarms.toString());
            RecordingReader.AlarmMark mark = alarms.getFirst();
            assertEquals(live.raisedAtMillis(), mark.raisedMillis());
            assertEquals(live.clearedAtMillis(), mark.clearedMillis());
            assertEquals("TARGET_LOST", mark.kind());
            assertEquals("agent", mark.subject());
            assertEquals(live.message(), mark.message());
            assertEquals(List.of(new RecordingReader.Bookmark(bookmarkedAt, "agent came back")), reader.bookmarks());

            ReplayEngine replay = new ReplayEngine(reader, AlarmThresholds.defaults());
            assertTrue(replay.stepToNextAlarm(), "replay steps to the recorded alarm");
            assertEquals(live.raisedAtMillis(), replay.position().atMillis());
            assertTrue(
                    lostAlarm(replay.latest().activeAlarms()) != null,
                    "the replayed store raises the same alarm at its recorded instant: "
                            + replay.latest().activeAlarms());
        }
    }

    @Test
    void fullDiskStopsRecordingWithAnAlarmAndTheConsoleKeepsApplyingData() throws Exception {
        ManualClock clock = new ManualClock(START);
        IngestQueue queue = new IngestQueue(1 << 16);
        TelemetryStore store = new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 100);
        IngestPump pump = new IngestPump(queue, store, 100);
        CompletableFuture<String> stopped = new CompletableFuture<>();
        SyntheticTelemetry fabric = new SyntheticTelemetry(3, 8, 8, START);
        try (RecordingControl recording = new RecordingControl(
                pump, clock, new RecordingInfo("lab", "", 1, "test"), (f, reason) -> stopped.complete(reason))) {
            pump.start();
            // A 256 KiB cap: SQLite fails with SQLITE_FULL exactly as on a full disk.
            recording.start(dir.resolve("full.pwrec"), 0, 256 * 1024);
            fabric.connectAll().forEach(queue::offer);
            for (int i = 0; i < 4_000 && !stopped.isDone(); i++) {
                fabric.nextBatch().forEach(queue::offer);
                Thread.sleep(2);
            }
            assertTrue(stopped.get(30, TimeUnit.SECONDS).contains("disk is full"));
            assertTrue(recording.status().isEmpty(), "nothing is recording any more");
            FabricSnapshot alarmed = awaitSnapshot(store, clock, s -> recordingAlarm(s.activeAlarms()) != null);
            Alarm alarm = recordingAlarm(alarmed.activeAlarms());
            assertEquals(Alarm.Severity.MAJOR, alarm.severity());
            assertTrue(
                    alarm.message().startsWith("Recording to full.pwrec stopped: ")
                            && alarm.message().contains("disk is full"),
                    alarm.message());

            fabric.nextBatch().forEach(queue::offer);
            long last = fabric.arrivalMillis();
            awaitSnapshot(store, clock, s -> s.targets().getFirst().lastSeenMillis() == last);

            recording.start(dir.resolve("next.pwrec"), 0);
            clock.advance(AlarmThresholds.defaults().clearAfter());
            FabricSnapshot cleared = awaitSnapshot(store, clock, s -> recordingAlarm(s.activeAlarms()) == null);
            assertTrue(recordingAlarm(cleared.recentAlarms()) != null, "the alarm clears once recording runs again");
        } finally {
            pump.close();
        }
    }

    @Test
    void recordsAnAcknowledgementWithItsSilenceAndAFileOfFormat4StillOpensWithoutAny() throws Exception {
        ManualClock clock = new ManualClock(START);
        IngestQueue queue = new IngestQueue(1024);
        TelemetryStore store = new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 100);
        IngestPump pump = new IngestPump(queue, store, 100);
        Path file = dir.resolve("acks.pwrec");
        Alarm acked;
        try (RecordingControl recording =
                new RecordingControl(pump, clock, new RecordingInfo("lab", "", 1, "test"), (f, reason) -> {})) {
            pump.start();
            recording.start(file, 0);
            queue.offer(new IngestEvent.Connection("agent", ConnectionPhase.STREAMING, "", clock.millis()));
            awaitSnapshot(store, clock, s -> !s.targets().isEmpty());
            queue.offer(
                    new IngestEvent.Connection("agent", ConnectionPhase.FAILED, "connection refused", clock.millis()));
            clock.advance(Duration.ofSeconds(11));
            Alarm raised = lostAlarm(awaitSnapshot(store, clock, s -> lostAlarm(s.activeAlarms()) != null)
                    .activeAlarms());
            store.acknowledge(raised, Duration.ofHours(1));
            acked = lostAlarm(awaitSnapshot(
                            store,
                            clock,
                            s -> lostAlarm(s.activeAlarms()) != null
                                    && lostAlarm(s.activeAlarms()).acknowledged())
                    .activeAlarms());
            recording.stop();
        } finally {
            pump.close();
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(
                    List.of(new RecordingReader.AckMark(
                            acked.raisedAtMillis(),
                            "TARGET_LOST",
                            "agent",
                            acked.acknowledgedAtMillis(),
                            acked.acknowledgedAtMillis() + Duration.ofHours(1).toMillis())),
                    reader.acknowledgements());
            Path incident = dir.resolve("incident.pwrec");
            IncidentExporter.export(
                    reader, acked.raisedAtMillis() - 1_000, acked.raisedAtMillis() + 1_000, incident, START);
            try (RecordingReader exported = RecordingReader.open(incident)) {
                assertEquals(
                        reader.acknowledgements(),
                        exported.acknowledgements(),
                        "an incident keeps its acknowledgements");
            }
        }

        // The same file as a console of format 4 wrote it: no acknowledgements table.
        Path old = dir.resolve("format4.pwrec");
        java.nio.file.Files.copy(file, old);
        try (var db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + old);
                var s = db.createStatement()) {
            s.execute("DROP TABLE alarm_acks");
            s.execute("PRAGMA user_version = 4");
        }
        try (RecordingReader reader = RecordingReader.open(old)) {
            assertEquals(List.of(), reader.acknowledgements());
            assertEquals(
                    1,
                    reader.alarms().stream()
                            .filter(a -> a.kind().equals("TARGET_LOST"))
                            .count());
        }
    }

    private static Alarm recordingAlarm(List<Alarm> alarms) {
        return alarms.stream()
                .filter(a -> a.kind() == Alarm.Kind.RECORDING)
                .findFirst()
                .orElse(null);
    }

    private static Alarm lostAlarm(List<Alarm> alarms) {
        return alarms.stream()
                .filter(a -> a.kind() == Alarm.Kind.TARGET_LOST)
                .findFirst()
                .orElse(null);
    }

    /** Moves the clock a publication interval at a time until the state owner publishes what is asked for. */
    private static FabricSnapshot awaitSnapshot(
            TelemetryStore store, ManualClock clock, Predicate<FabricSnapshot> condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            FabricSnapshot latest = store.latest();
            if (condition.test(latest)) {
                return latest;
            }
            clock.advance(Duration.ofMillis(100));
            Thread.sleep(60);
        }
        throw new AssertionError("the state owner never published the expected snapshot; last "
                + store.latest().activeAlarms() + " " + store.latest().recentAlarms());
    }
}
