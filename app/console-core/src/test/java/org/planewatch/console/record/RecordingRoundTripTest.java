package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class RecordingRoundTripTest {
    private static final long START = 1_790_000_000_000L;
    private static final RecordingMetadata META =
            new RecordingMetadata("embedded demo", "link-failure-demo", 1000, "test");

    @TempDir
    Path dir;

    @Test
    void replaysEveryRecordedEventInTheSameOrder() throws Exception {
        Path file = dir.resolve("round-trip.pwrec");
        List<IngestEvent> recorded = record(file, 200, 1_000);
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayCursor cursor = reader.cursor();
            List<IngestEvent> all = new ArrayList<>(cursor.seek(START - 1));
            all.addAll(cursor.advanceTo(Long.MAX_VALUE));
            assertEquals(recorded, all);
            assertEquals(META, reader.metadata());
        }
    }

    @Test
    void aLeafThatMovesToAnotherPlaceInItsDevicesNotificationsKeepsItsOwnValues() throws Exception {
        Path file = dir.resolve("positions.pwrec");
        TelemetryPath a = TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/out-octets");
        TelemetryPath b = TelemetryPath.parse("/interfaces/interface[name=eth1]/state/counters/out-octets");
        TelemetryPath c = TelemetryPath.parse("/interfaces/interface[name=eth2]/state/counters/out-octets");
        TelemetryPath ring = TelemetryPath.parse("mrc:/events/event[seq=5]/state/reason");
        List<List<TelemetryPath>> orders =
                List.of(List.of(a, b), List.of(b, a), List.of(a, c, b), List.of(ring, a), List.of(c), List.of(a, b, c));
        // No connection event is recorded: the source is read back as streaming from its first data.
        List<IngestEvent> recorded =
                new ArrayList<>(List.of(new IngestEvent.Connection("s", ConnectionPhase.STREAMING, "", START)));
        try (RecordingWriter writer = RecordingWriter.create(file, META, START, 1_000, 0, 0)) {
            for (int i = 0; i < orders.size(); i++) {
                List<TelemetryUpdate> updates = new ArrayList<>();
                for (TelemetryPath path : orders.get(i)) {
                    updates.add(new TelemetryUpdate(
                            path,
                            path == ring
                                    ? new TelemetryValue.Str("LOSS_TIMER")
                                    : new TelemetryValue.Uint(1000L * i + path.hashCode() % 100)));
                }
                List<IngestEvent> batch = List.of(
                        new IngestEvent.Notification("s", "sw-1", i * 1_000_000L, updates, List.of(), START + i * 10L));
                writer.append(batch);
                recorded.addAll(batch);
            }
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayCursor cursor = reader.cursor();
            List<IngestEvent> all = new ArrayList<>(cursor.seek(START - 1));
            all.addAll(cursor.advanceTo(Long.MAX_VALUE));
            assertEquals(recorded, all);
        }
    }

    @Test
    void seekingRebuildsTheStateOfThatInstant() throws Exception {
        Path file = dir.resolve("seek.pwrec");
        List<IngestEvent> recorded = record(file, 240, 2_000);
        long instant = START + 37 * 250 + 10_000;
        try (RecordingReader reader = RecordingReader.open(file)) {
            List<IngestEvent> fromSeek = reader.cursor().seek(instant);
            assertSameState(stateAt(recorded, instant), stateOf(fromSeek));
            assertTrue(fromSeek.size() < recorded.size(), "a seek starts from a keyframe, not from the beginning");
        }
    }

    @Test
    void stepsThroughExclusionDecisionsInArrivalOrder() throws Exception {
        Path file = dir.resolve("marks.pwrec");
        List<IngestEvent> recorded = record(file, 120, 1_000);
        long expected = recorded.stream()
                .filter(e -> e instanceof IngestEvent.Notification n
                        && n.updates().stream()
                                .anyMatch(u -> u.path().toString().endsWith("/to-state")))
                .count();
        try (RecordingReader reader = RecordingReader.open(file)) {
            List<RecordingReader.ExclusionMark> marks = reader.exclusions();
            assertEquals(expected, marks.size());
            for (int i = 1; i < marks.size(); i++) {
                assertTrue(marks.get(i - 1).arrivalMillis() <= marks.get(i).arrivalMillis());
            }
            assertEquals("ASSUMED_BAD", marks.getFirst().to());
            assertEquals("LOSS_TIMER", marks.getFirst().reason());
            long densityTotal = reader.activity().stream()
                    .mapToLong(RecordingReader.Activity::exclusions)
                    .sum();
            assertEquals(expected, densityTotal);
            long[] distinctTimes = marks.stream()
                    .mapToLong(RecordingReader.ExclusionMark::arrivalMillis)
                    .distinct()
                    .toArray();
            assertTrue(distinctTimes.length > 1, "the scenario records decisions at several instants");
            Assertions.assertArrayEquals(distinctTimes, reader.exclusionTimes());
        }
    }

    @Test
    void storesSlowlyChangingCountersInFewerThanEightBytesPerUpdate() throws Exception {
        Path file = dir.resolve("size.pwrec");
        record(file, 400, 10_000);
        try (RecordingReader reader = RecordingReader.open(file)) {
            long updates = reader.updateCount();
            double bytesPerUpdate = (double) Files.size(file) / updates;
            assertTrue(bytesPerUpdate < 8.0, "file bytes per update: " + bytesPerUpdate);
        }
    }

    @Test
    void exportedIncidentReplaysOnItsOwn() throws Exception {
        Path file = dir.resolve("full.pwrec");
        List<IngestEvent> recorded = record(file, 200, 2_000);
        long from = START + 60 * 250;
        long to = START + 120 * 250;
        Path incident = dir.resolve("incident.pwrec");
        try (RecordingReader reader = RecordingReader.open(file)) {
            IncidentExporter.export(reader, from, to, incident, START);
        }
        try (RecordingReader reader = RecordingReader.open(incident)) {
            long[] range = reader.timeRange();
            assertNotNull(range);
            assertTrue(range[1] <= to);
            long instant = from + 20 * 250;
            assertSameState(stateAt(recorded, instant), stateOf(reader.cursor().seek(instant)));
        }
    }

    /** A recording of format 1, written by the format-1 writer ({@link #record}, 60 batches, keyframes every 2 s). */
    @Test
    void readsAndReplaysAFormatOneRecording() throws Exception {
        List<IngestEvent> recorded = synthetic(60);
        try (RecordingReader reader = replaysAsRecorded("v1-synthetic-60.pwrec", 1, recorded)) {
            assertEquals(
                    recorded.stream()
                            .filter(e -> e instanceof IngestEvent.Notification n
                                    && n.updates().stream()
                                            .anyMatch(u -> u.path().toString().endsWith("/to-state")))
                            .count(),
                    reader.exclusions().size());
        }
    }

    /**
     * A format 3 file, written before notification timestamps became the wall clock (ADR 0096): it
     * opens, replays what was recorded and seeks to the same state.
     */
    @Test
    void readsAndReplaysAFormatThreeRecording() throws Exception {
        replaysAsRecorded("v3-synthetic-60.pwrec", 3, synthetic(60)).close();
    }

    /** Opens the fixture {@code name}, of format {@code version}, and checks it replays and seeks to {@code recorded}. */
    private RecordingReader replaysAsRecorded(String name, int version, List<IngestEvent> recorded) throws Exception {
        Path file = dir.resolve(name);
        try (var in = RecordingRoundTripTest.class.getResourceAsStream("/recordings/" + name)) {
            Files.copy(in, file);
        }
        RecordingReader reader = RecordingReader.open(file);
        assertEquals(version, reader.schemaVersion());
        ReplayCursor cursor = reader.cursor();
        List<IngestEvent> all = new ArrayList<>(cursor.seek(START - 1));
        all.addAll(cursor.advanceTo(Long.MAX_VALUE));
        assertEquals(recorded, all);
        long instant = START + 45 * 250 + 100;
        assertSameState(stateAt(recorded, instant), stateOf(reader.cursor().seek(instant)));
        return reader;
    }

    @Test
    void eventRingEntriesShareTheirTemplatesInTheDictionary() throws Exception {
        Path file = dir.resolve("templates.pwrec");
        List<IngestEvent> recorded = record(file, 400, 2_000);
        long ringPaths = recorded.stream()
                .filter(e -> e instanceof IngestEvent.Notification)
                .flatMap(e -> ((IngestEvent.Notification) e).updates().stream())
                .map(u -> u.path().toString())
                .filter(p -> p.startsWith("mrc:/events/event["))
                .distinct()
                .count();
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(RecordingSchema.VERSION, reader.schemaVersion());
            assertTrue(ringPaths > 500, "the stream brings " + ringPaths + " distinct event-ring paths");
            // 8 hosts x 8 planes x 7 counters, 8 event leaves and the deleted list entry on host-0000.
            assertEquals(8 * 8 * 7 + 8 + 1, reader.dictionary().leafCount());
        }
    }

    /**
     * A seek with history leaves out exactly the event-ring leaves of the decisions the history
     * holds (and the notifications left with nothing), for format 2 and format 1 files alike.
     */
    @Test
    void seekWithHistoryLeavesOutOnlyTheLeavesOfDecisionsTheHistoryHolds() throws Exception {
        Path v2 = dir.resolve("history.pwrec");
        record(v2, 60, 2_000);
        Path v1 = dir.resolve("v1-history.pwrec");
        try (var in = RecordingRoundTripTest.class.getResourceAsStream("/recordings/v1-synthetic-60.pwrec")) {
            Files.copy(in, v1);
        }
        for (Path file : List.of(v2, v1)) {
            try (RecordingReader reader = RecordingReader.open(file)) {
                for (long instant : new long[] {START + 10 * 250 + 3, START + 33 * 250, START + 59 * 250 + 100}) {
                    List<IngestEvent> history = reader.cursor().exclusionsBefore(instant);
                    assertTrue(
                            instant < START + 20 * 250 || !history.isEmpty(), "decisions recorded before " + instant);
                    List<IngestEvent> seek = reader.cursor().seek(instant);
                    List<IngestEvent> filtered = withoutDecisionsIn(history, seek);
                    if (instant > START + 20 * 250) {
                        assertTrue(updates(filtered) < updates(seek), "the ring still holds decisions of the history");
                    }
                    List<IngestEvent> expected = new ArrayList<>(history);
                    expected.addAll(filtered);
                    assertEquals(
                            expected, reader.cursor().seekWithHistory(instant), file.getFileName() + " at " + instant);
                }
            }
        }
    }

    private static long updates(List<IngestEvent> events) {
        return events.stream()
                .mapToLong(e ->
                        e instanceof IngestEvent.Notification n ? n.updates().size() : 0)
                .sum();
    }

    /** The filter as a replay defines it, applied to a plain seek's events. */
    private static List<IngestEvent> withoutDecisionsIn(List<IngestEvent> history, List<IngestEvent> seek) {
        Set<String> known = new HashSet<>();
        for (IngestEvent event : history) {
            IngestEvent.Notification n = (IngestEvent.Notification) event;
            known.add(n.target() + "#"
                    + n.updates().getFirst().path().elem(1).keys().get("seq"));
        }
        List<IngestEvent> kept = new ArrayList<>();
        for (IngestEvent event : seek) {
            if (!(event instanceof IngestEvent.Notification n) || known.isEmpty()) {
                kept.add(event);
                continue;
            }
            List<TelemetryUpdate> updates = n.updates().stream()
                    .filter(u -> !ExclusionRows.isEventLeaf(u.path())
                            || !known.contains(
                                    n.target() + "#" + u.path().elem(1).keys().get("seq")))
                    .toList();
            if (updates.size() == n.updates().size()) {
                kept.add(n);
            } else if (!updates.isEmpty() || !n.deletes().isEmpty()) {
                kept.add(new IngestEvent.Notification(
                        n.source(), n.target(), n.timestampNs(), updates, n.deletes(), n.arrivalMillis()));
            }
        }
        return kept;
    }

    static List<IngestEvent> synthetic(int batches) {
        SyntheticTelemetry fabric = new SyntheticTelemetry(42, 8, 8, START);
        List<IngestEvent> events = new ArrayList<>(fabric.connectAll());
        for (int i = 0; i < batches; i++) {
            events.addAll(fabric.nextBatch());
        }
        return events;
    }

    static List<IngestEvent> record(Path file, int batches, long keyframeIntervalMillis) throws RecordingException {
        SyntheticTelemetry fabric = new SyntheticTelemetry(42, 8, 8, START);
        List<IngestEvent> recorded = new ArrayList<>();
        try (RecordingWriter writer = RecordingWriter.create(file, META, START, keyframeIntervalMillis, 0, 0)) {
            List<IngestEvent> first = fabric.connectAll();
            writer.append(first);
            recorded.addAll(first);
            for (int i = 0; i < batches; i++) {
                List<IngestEvent> batch = fabric.nextBatch();
                writer.append(batch);
                recorded.addAll(batch);
            }
        }
        return recorded;
    }

    /** Compares two states and names the first few leaves that differ, not the whole fabric. */
    static void assertSameState(Map<String, String> expected, Map<String, String> actual) {
        List<String> differences = new ArrayList<>();
        for (String key : expected.keySet()) {
            if (!expected.get(key).equals(actual.get(key))) {
                differences.add(key + ": expected " + expected.get(key) + ", was " + actual.get(key));
            }
        }
        for (String key : actual.keySet()) {
            if (!expected.containsKey(key)) {
                differences.add(key + ": not expected, was " + actual.get(key));
            }
        }
        assertTrue(
                differences.isEmpty(),
                differences.size() + " leaves differ, e.g. " + differences.subList(0, Math.min(5, differences.size())));
    }

    /** Newest value of every (target, path) after applying the events up to {@code instant}. */
    static Map<String, String> stateAt(List<IngestEvent> events, long instant) {
        return stateOf(events.stream().filter(e -> e.arrivalMillis() <= instant).toList());
    }

    static Map<String, String> stateOf(List<IngestEvent> events) {
        Map<String, String> state = new TreeMap<>();
        for (IngestEvent event : events) {
            if (event instanceof IngestEvent.Notification n) {
                for (TelemetryUpdate update : n.updates()) {
                    state.put(n.target() + " " + update.path(), update.value().text() + " @" + n.timestampNs());
                }
                for (TelemetryPath deleted : n.deletes()) {
                    String prefix = n.target() + " " + deleted;
                    state.keySet().removeIf(key -> key.equals(prefix) || key.startsWith(prefix + "/"));
                }
            }
        }
        return state;
    }
}
