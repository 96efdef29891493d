package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * What format 6 adds for a fleet (ADR 0106): rollup records in the batches and keyframes, exactly as
 * the topics held them, so that a seek anywhere gives the latest record of every key then (a
 * tombstone removes its key); a fleet's large rollup state is not stored whole every 10 s; and the
 * decisions of a fleet, which all come through one source, keep a restarted agent's decision that
 * reuses a number.
 */
class FleetRecordsTest {
    private static final long START = 1_790_000_000_000L;
    private static final RecordingMetadata FLEET = new RecordingMetadata("fleet", "", 1, "test", "fleet via Kafka k:1");

    @TempDir
    Path dir;

    @Test
    void aSeekGivesTheLatestRecordOfEveryRollupKeyAtThatInstantByteForByte() throws Exception {
        Path file = dir.resolve("rollups.pwrec");
        try (RecordingWriter writer = RecordingWriter.create(file, FLEET, START)) {
            for (int second = 0; second < 40; second++) {
                List<IngestEvent> batch = new ArrayList<>();
                batch.add(rollup(IngestEvent.Rollup.Kind.PLANE, "0", "{\"plane\":0,\"s\":" + second + "}", second));
                if (second == 3) {
                    batch.add(rollup(IngestEvent.Rollup.Kind.SUSPECT, "p0-t0-1~p0-t1-3", "{\"rank\":1}", second));
                    batch.add(rollup(IngestEvent.Rollup.Kind.LINK, "a~b", "{\"state\":\"DOWN\"}", second));
                }
                if (second == 25) {
                    batch.add(rollup(IngestEvent.Rollup.Kind.SUSPECT, "p0-t0-1~p0-t1-3", null, second));
                }
                writer.append(batch);
            }
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            // 15.5 s: from the keyframe at 10 s; 31.5 s: from the one at 30 s, after the tombstone.
            assertEquals(
                    Map.of(
                            "PLANE/0", "{\"plane\":0,\"s\":15}",
                            "SUSPECT/p0-t0-1~p0-t1-3", "{\"rank\":1}",
                            "LINK/a~b", "{\"state\":\"DOWN\"}"),
                    latest(reader.cursor().seek(START + 15_500)));
            assertEquals(
                    Map.of("PLANE/0", "{\"plane\":0,\"s\":31}", "LINK/a~b", "{\"state\":\"DOWN\"}"),
                    latest(reader.cursor().seek(START + 31_500)));
            ReplayCursor cursor = reader.cursor();
            cursor.seek(START + 24_500);
            List<IngestEvent> played = cursor.advanceTo(START + 25_500);
            IngestEvent.Rollup gone = played.stream()
                    .filter(e -> e instanceof IngestEvent.Rollup r && r.kind() == IngestEvent.Rollup.Kind.SUSPECT)
                    .map(IngestEvent.Rollup.class::cast)
                    .findFirst()
                    .orElseThrow();
            assertTrue(gone.tombstone(), "played on, the tombstone itself comes through");
            assertEquals(START + 25_000, gone.arrivalMillis());
            assertArrayEquals(
                    "{\"plane\":0,\"s\":25}".getBytes(StandardCharsets.UTF_8),
                    played.stream()
                            .filter(e -> e instanceof IngestEvent.Rollup r && r.kind() == IngestEvent.Rollup.Kind.PLANE)
                            .map(e -> ((IngestEvent.Rollup) e).value())
                            .findFirst()
                            .orElseThrow());
        }
    }

    @Test
    void aLargeRollupStateIsStoredWholeOnlyOnceHalfOfItChanged() throws Exception {
        Path file = dir.resolve("large.pwrec");
        int links = 20_000;
        try (RecordingWriter writer = RecordingWriter.create(file, FLEET, START)) {
            List<IngestEvent> all = new ArrayList<>();
            for (int i = 0; i < links; i++) {
                all.add(rollup(IngestEvent.Rollup.Kind.LINK, "link-" + i, "{\"u\":0}", 0));
            }
            writer.append(all);
            // 60 s of 200 changed links a second: 12,000 changes, half the state after 50 s.
            for (int second = 1; second <= 60; second++) {
                List<IngestEvent> batch = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    int link = (second * 200 + i) % links;
                    batch.add(rollup(IngestEvent.Rollup.Kind.LINK, "link-" + link, "{\"u\":" + second + "}", second));
                }
                writer.append(batch);
            }
        }
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT at_ms FROM keyframes ORDER BY at_ms")) {
            List<Long> seconds = new ArrayList<>();
            while (rs.next()) {
                seconds.add((rs.getLong(1) - START) / 1000);
            }
            assertEquals(List.of(0L, 50L), seconds, "the first batch's, then when 10,000 of 20,000 records changed");
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            Map<String, String> at55 = latest(reader.cursor().seek(START + 55_500));
            assertEquals(links, at55.size());
            assertEquals("{\"u\":55}", at55.get("LINK/link-" + (55 * 200 % links)));
        }
    }

    @Test
    void aRestartedAgentsDecisionThatReusesANumberInTheSameSubscriptionIsKeptAndARepeatIsNot() throws Exception {
        Path file = dir.resolve("decisions.pwrec");
        try (RecordingWriter writer = RecordingWriter.create(file, FLEET, START)) {
            writer.append(List.of(decision(7, 5_000_000_000L, 1)));
            // The same decision published twice (a collector cut off from its group, ADR 0099): once.
            writer.append(List.of(decision(7, 5_000_000_000L, 2)));
            // The agent restarted and numbered its ring from 0 again: decision 7 is another one.
            writer.append(List.of(decision(7, 9_000_000_000L, 3)));
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            RecordedDecisions all = reader.decisions();
            List<Long> timestamps = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                RecordedDecision d = all.get(i);
                assertEquals(7, d.seq());
                timestamps.add(d.timestampNs());
            }
            assertEquals(List.of(5_000_000_000L, 9_000_000_000L), timestamps);
        }
    }

    private static IngestEvent.Notification decision(long seq, long timestampNs, int second) {
        String base = "mrc:/events/event[seq=" + seq + "]/state/";
        List<TelemetryUpdate> updates = new ArrayList<>();
        updates.add(update(base + "timestamp", TelemetryValue.uint(timestampNs)));
        updates.add(update(base + "qpn", TelemetryValue.uint(100)));
        updates.add(update(base + "ev", TelemetryValue.uint(3)));
        updates.add(update(base + "plane", TelemetryValue.uint(0)));
        updates.add(update(base + "links", TelemetryValue.str("host-0000~p0-t0-0,p0-t0-0~p0-t1-1")));
        updates.add(update(base + "from-state", TelemetryValue.str("GOOD")));
        updates.add(update(base + "to-state", TelemetryValue.str("ASSUMED_BAD")));
        updates.add(update(base + "reason", TelemetryValue.str("LOSS_TIMER")));
        return new IngestEvent.Notification(
                "planewatch.exclusions", "host-0000", timestampNs, updates, List.of(), START + second * 1_000L);
    }

    private static TelemetryUpdate update(String path, TelemetryValue value) {
        return new TelemetryUpdate(TelemetryPath.parse(path), value);
    }

    /** The latest value per kind and key among {@code events}' rollup records, as text. */
    private static Map<String, String> latest(List<IngestEvent> events) {
        Map<String, String> latest = new LinkedHashMap<>();
        for (IngestEvent event : events) {
            if (event instanceof IngestEvent.Rollup r) {
                String key = r.kind() + "/" + r.key();
                if (r.tombstone()) {
                    latest.remove(key);
                } else {
                    latest.put(key, new String(r.value(), StandardCharsets.UTF_8));
                }
            }
        }
        return latest;
    }

    private static IngestEvent rollup(IngestEvent.Rollup.Kind kind, String key, String json, int second) {
        return new IngestEvent.Rollup(
                "planewatch.rollup",
                kind,
                key,
                json == null ? null : json.getBytes(StandardCharsets.UTF_8),
                START + second * 1_000L);
    }
}
