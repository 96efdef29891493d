package org.planewatch.console.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.demo.EmbeddedDemo;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.session.IngestPump;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.session.RecordingControl;
import org.planewatch.console.session.RecordingInfo;
import org.planewatch.console.session.RecordingStatus;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The issue's acceptance test: the console records the embedded demo's scripted incident (a T0
 * uplink of plane 2 down at ~6 s, back at ~16 s) from the real agent over gRPC on loopback, the
 * console closes, and a replay of the file shows what the live store showed: the same exclusion
 * decisions in the same order and the same counters at instants chosen while it ran.
 */
class DemoIncidentRecordingTest {
    private static final String FAILED_LINK = "p2-t0-1~p2-t1-3";

    @TempDir
    Path dir;

    /** One instant at which the live store's published snapshot held exactly the events arrived up to it. */
    record Sample(long atMillis, FabricSnapshot live) {}

    /**
     * Runs on the state owner thread after each applied batch. A snapshot published between two
     * batches holds exactly the events of the first and of those before it; when the next batch
     * arrived strictly later, the replay's state at the first batch's last arrival must equal it.
     * That needs the applied order to be arrival order (a replay at t applies the recorded events up
     * to the first one that arrived after t), which the ingest queue guarantees; the sampler checks it.
     */
    static final class LiveSampler implements IngestPump.BatchListener {
        private final SnapshotSource store;
        private final List<Sample> samples = new CopyOnWriteArrayList<>();
        private long previousLastArrival = Long.MIN_VALUE;
        private long versionAtPrevious = -1;
        private long lastSampleMillis;
        private volatile boolean sampling = true;
        private long batches;
        private long publishedBetweenBatches;
        private long strictlyLater;
        private long latestArrival = Long.MIN_VALUE;
        private final List<String> backInTime = new CopyOnWriteArrayList<>();

        LiveSampler(SnapshotSource store) {
            this.store = store;
        }

        @Override
        public void onBatch(List<IngestEvent> batch) {
            FabricSnapshot latest = store.latest();
            for (IngestEvent event : batch) {
                if (event.arrivalMillis() < latestArrival && backInTime.size() < 10) {
                    backInTime.add(event + " applied after an event that arrived at " + latestArrival);
                }
                latestArrival = Math.max(latestArrival, event.arrivalMillis());
            }
            long first =
                    batch.stream().mapToLong(IngestEvent::arrivalMillis).min().orElseThrow();
            boolean publishedBetween = latest.version() != versionAtPrevious;
            batches++;
            publishedBetweenBatches += publishedBetween ? 1 : 0;
            strictlyLater += first > previousLastArrival ? 1 : 0;
            if (sampling
                    && previousLastArrival != Long.MIN_VALUE
                    && publishedBetween
                    && first > previousLastArrival
                    && previousLastArrival - lastSampleMillis >= 1_000) {
                samples.add(new Sample(previousLastArrival, latest));
                lastSampleMillis = previousLastArrival;
            }
            versionAtPrevious = latest.version();
            previousLastArrival =
                    batch.stream().mapToLong(IngestEvent::arrivalMillis).max().orElseThrow();
        }

        /** Called before the recording stops: later batches are not in the file. */
        void stop() {
            sampling = false;
        }

        List<Sample> samples() {
            return samples;
        }

        List<String> backInTime() {
            return backInTime;
        }

        @Override
        public String toString() {
            return batches + " batches, a snapshot published before " + publishedBetweenBatches
                    + ", arrived strictly later " + strictlyLater + ", " + samples.size() + " sampled";
        }
    }

    @Test
    void replayOfTheRecordedDemoIncidentShowsWhatLiveShowed() throws Exception {
        Path file = dir.resolve("demo-incident.pwrec");
        LiveSession session = new LiveSession(InstantSource.system());
        LiveSampler sampler = new LiveSampler(session.snapshots());
        List<Alarm> liveAlarms = new ArrayList<>();
        List<String> stops = new CopyOnWriteArrayList<>();
        try (EmbeddedDemo demo = EmbeddedDemo.start();
                RecordingControl recording = session.recording(
                        new RecordingInfo("embedded demo", EmbeddedDemo.SCENARIO, 1000, "test"),
                        (f, reason) -> stops.add(reason))) {
            session.addBatchListener(sampler);
            recording.start(file, 0);
            session.add(demo.target());
            boolean[] sawDown = {false};
            await("plane 2's uplink goes down and comes back", Duration.ofSeconds(120), () -> {
                FabricSnapshot now = session.snapshots().latest();
                now.activeAlarms().forEach(a -> remember(liveAlarms, a));
                now.recentAlarms().forEach(a -> remember(liveAlarms, a));
                boolean down = now.link(FAILED_LINK).map(l -> !l.up()).orElse(false);
                sawDown[0] |= down;
                return sawDown[0]
                        && now.link(FAILED_LINK)
                                .map(FabricSnapshot.LinkState::up)
                                .orElse(false)
                        && now.plane(2).map(p -> p.pathHealth() == 1.0).orElse(false);
            });
            sampler.stop();
            RecordingStatus status = recording.status().orElseThrow();
            assertEquals(0, status.droppedBatches(), "batches the recorder could not take: " + status);
            recording.stop();
        } finally {
            session.close();
        }
        assertTrue(stops.isEmpty(), "recording stopped on its own: " + stops);

        assertTrue(sampler.backInTime().isEmpty(), "events applied out of arrival order: " + sampler.backInTime());
        List<Sample> samples = sampler.samples();
        assertTrue(samples.size() >= 10, sampler.toString());
        assertTrue(
                samples.stream()
                        .anyMatch(s ->
                                s.live().link(FAILED_LINK).map(l -> !l.up()).orElse(false)),
                "an instant while the link was down was sampled");
        assertTrue(
                samples.stream()
                        .anyMatch(s -> s.live().events().stream()
                                .anyMatch(e -> e.plane() == 2
                                        && e.isExclusion()
                                        && e.links().contains(FAILED_LINK))),
                "live saw exclusions through the failed link");

        byte[] digestBefore = digest(file);
        try (RecordingReader reader = RecordingReader.open(file)) {
            // Played from the beginning, the replayed store applies the recorded batches in order: every
            // sampled instant shows the live snapshot's decisions, in order, and its counters and rates.
            ReplayEngine played = new ReplayEngine(reader, AlarmThresholds.defaults());
            played.setSpeed(1.0);
            for (Sample sample : samples) {
                played.play();
                played.advance(sample.atMillis() - played.position().atMillis());
                assertEquals(sample.atMillis(), played.position().atMillis());
                FabricSnapshot replayed = played.latest();
                assertSameList(
                        decisions(sample.live()), decisions(replayed), "exclusion decisions at " + sample.atMillis());
                assertSame(counters(sample.live()), counters(replayed), "counters at " + sample.atMillis());
                assertSame(rates(sample.live()), rates(replayed), "rates at " + sample.atMillis());
            }
            // Seeking (keyframe + batches + recorded decision history) lands on the same state at any instant.
            ReplayEngine seeking = new ReplayEngine(reader, AlarmThresholds.defaults());
            for (Sample sample : samples.reversed()) {
                seeking.seek(sample.atMillis());
                FabricSnapshot replayed = seeking.latest();
                assertSameList(
                        decisionSet(sample.live()),
                        decisionSet(replayed),
                        "exclusion decisions after a seek to " + sample.atMillis());
                assertSame(
                        counters(sample.live()), counters(replayed), "counters after a seek to " + sample.atMillis());
            }
            // Every alarm the live console raised while recording is on the recording's timeline.
            List<RecordingReader.AlarmMark> recorded = reader.alarms();
            for (Alarm alarm : liveAlarms) {
                assertTrue(
                        recorded.stream()
                                .anyMatch(m -> m.raisedMillis() == alarm.raisedAtMillis()
                                        && m.kind().equals(alarm.kind().name())
                                        && m.subject().equals(alarm.subject())),
                        "live alarm " + alarm + " recorded in " + recorded);
            }
        }
        assertArrayEquals(digestBefore, digest(file), "replay left the file unchanged");
    }

    /** Equal maps, or a message listing only the entries that differ. */
    private static void assertSame(Map<String, String> live, Map<String, String> replayed, String what) {
        if (live.equals(replayed)) {
            return;
        }
        List<String> differences = new ArrayList<>();
        Set<String> keys = new TreeSet<>(live.keySet());
        keys.addAll(replayed.keySet());
        for (String key : keys) {
            if (!Objects.equals(live.get(key), replayed.get(key))) {
                differences.add(key + ": live " + live.get(key) + ", replayed " + replayed.get(key));
            }
        }
        throw new AssertionError(what + ": " + differences.size() + " of " + keys.size() + " differ, e.g. "
                + differences.subList(0, Math.min(12, differences.size())));
    }

    /** Equal lists, or a message saying where they part. */
    private static void assertSameList(List<String> live, List<String> replayed, String what) {
        for (int i = 0; i < Math.min(live.size(), replayed.size()); i++) {
            if (!live.get(i).equals(replayed.get(i))) {
                throw new AssertionError(
                        what + ": decision " + i + " of " + live.size() + " differs: live [" + live.get(i)
                                + "], replayed [" + replayed.get(i) + "]; next live "
                                + live.subList(i + 1, Math.min(i + 4, live.size()))
                                + ", next replayed " + replayed.subList(i + 1, Math.min(i + 4, replayed.size())));
            }
        }
        assertEquals(live.size(), replayed.size(), what + ": number of decisions");
    }

    private static void remember(List<Alarm> alarms, Alarm alarm) {
        if (alarms.stream()
                .noneMatch(a -> a.key().equals(alarm.key()) && a.raisedAtMillis() == alarm.raisedAtMillis())) {
            alarms.add(alarm);
        }
    }

    /** Every decision in the order the store shows them (arrival order). */
    private static List<String> decisions(FabricSnapshot snapshot) {
        return snapshot.events().stream()
                .map(DemoIncidentRecordingTest::decision)
                .toList();
    }

    /**
     * The same decisions regardless of the order within one arrival millisecond, without the agent's
     * timestamp: live, a decision whose {@code timestamp} leaf came after its required leaves keeps
     * timestamp 0, while the recorded decision history a seek starts from holds the timestamp.
     */
    private static List<String> decisionSet(FabricSnapshot snapshot) {
        return snapshot.events().stream()
                .map(DemoIncidentRecordingTest::decisionWithoutTimestamp)
                .sorted()
                .toList();
    }

    private static String decision(FabricSnapshot.ExclusionEvent e) {
        return decisionWithoutTimestamp(e) + " @" + e.timestampNs();
    }

    private static String decisionWithoutTimestamp(FabricSnapshot.ExclusionEvent e) {
        return e.arrivalMillis() + " " + e.host() + " #" + e.seq() + " qp " + e.qpn() + " ev " + e.ev() + " plane "
                + e.plane() + " " + e.fromState() + "->" + e.toState() + " " + e.reason() + " " + e.links();
    }

    /** Absolute values (states, counts): equal live and replayed, even right after a seek. */
    private static Map<String, String> counters(FabricSnapshot s) {
        Map<String, String> facts = new TreeMap<>();
        for (FabricSnapshot.HostSummary host : s.hosts()) {
            for (FabricSnapshot.HostPlanePort p : host.planes()) {
                String key = host.name() + "/plane " + p.plane() + "/";
                facts.put(key + "oper", p.operStatus());
                facts.put(key + "evs-good", Long.toString(p.evsGood()));
                facts.put(key + "evs-assumed-bad", Long.toString(p.evsAssumedBad()));
                facts.put(key + "evs-denied", Long.toString(p.evsDenied()));
            }
        }
        for (FabricSnapshot.LinkState link : s.links()) {
            facts.put("link " + link.id() + "/up", Boolean.toString(link.up()));
        }
        for (FabricSnapshot.SwitchSummary sw : s.switches()) {
            for (FabricSnapshot.PortSummary port : sw.ports()) {
                facts.put(sw.name() + "/" + port.name() + "/oper", port.operStatus());
                for (FabricSnapshot.QueueSummary q : port.queues()) {
                    facts.put(
                            sw.name() + "/" + port.name() + "/" + q.name() + "/max-len",
                            Long.toString(q.maxQueueLen()));
                }
            }
        }
        for (FabricSnapshot.PlaneSummary plane : s.planes()) {
            facts.put("plane " + plane.plane() + "/health", Double.toString(plane.pathHealth()));
            facts.put("plane " + plane.plane() + "/evs-out", Long.toString(plane.evsOutOfService()));
            facts.put("plane " + plane.plane() + "/links-down", Integer.toString(plane.linksDown()));
        }
        return facts;
    }

    /** Values derived from two samples of a counter: equal when the replay applied the same samples. */
    private static Map<String, String> rates(FabricSnapshot s) {
        Map<String, String> facts = new TreeMap<>();
        for (FabricSnapshot.LinkState link : s.links()) {
            facts.put("link " + link.id() + "/bps", Double.toString(link.bitsPerSecond()));
            facts.put("link " + link.id() + "/trims", Double.toString(link.trimRate()));
        }
        for (FabricSnapshot.PlaneSummary plane : s.planes()) {
            facts.put("plane " + plane.plane() + "/goodput", Double.toString(plane.goodputBps()));
        }
        return facts;
    }

    private static byte[] digest(Path file) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
    }

    private static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting until " + what);
    }
}
