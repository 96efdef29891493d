package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.console.testing.ManualClock;

/**
 * Two agents whose devices share a name, one of which restarts (its ring numbers start at 0 again)
 * and later reconnects without restarting (it resends its ring): every decision of every agent
 * session is recorded once, whole, and replayed in order.
 */
class DecisionsOfRestartedAgentsTest {
    private static final RecordingMetadata META = new RecordingMetadata("agent-a, agent-b", "", 1, "test");

    @TempDir
    Path dir;

    private final RestartedAgents script = RestartedAgents.script();

    @Test
    void everyDecisionOfEverySessionAndSourceIsRecordedOnceWithItsOwnFields() throws Exception {
        Path file = record();
        try (RecordingReader reader = RecordingReader.open(file)) {
            List<RecordedDecision> rows = new ArrayList<>();
            RecordedDecisions all = reader.decisions();
            for (int i = 0; i < all.size(); i++) {
                rows.add(all.get(i));
            }
            assertEquals(
                    expected(script.sent()),
                    rows.stream()
                            .map(d -> new Decision(d.source(), d.seq(), d.timestampNs(), d.reason(), d.qpn()))
                            .toList());
            assertEquals(
                    List.of(1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3),
                    rows.stream().map(RecordedDecision::subscription).toList(),
                    "the subscription each decision first came in: agent-a's restarted ring in its second, the decision"
                            + " after the resent ring in its third; agent-b's in its first");
        }
    }

    @Test
    void replayShowsEveryDecisionOfEverySessionInTheOrderTheyArrived() throws Exception {
        Path file = record();
        try (RecordingReader reader = RecordingReader.open(file);
                ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults())) {
            long end = reader.timeRange()[1];
            // From the decision history (a seek past the end)...
            assertEquals(expectedEvents(), shown(engine.snapshotAt(end)));
            // ...and played forward from the beginning, as the live console applied them.
            ManualClock clock = new ManualClock(end);
            TelemetryStore store = new TelemetryStore(clock);
            ReplayCursor cursor = reader.cursor();
            store.apply(cursor.seek(RestartedAgents.START));
            store.apply(cursor.advanceTo(Long.MAX_VALUE));
            assertEquals(expectedEvents(), shown(store.publish(FabricSnapshot.IngestStats.NONE)));
        }
    }

    @Test
    void aSeekToAnyInstantShowsTheDecisionsArrivedByThenAndPlayingOnShowsTheRest() throws Exception {
        Path file = record();
        List<Decision> expected = expectedEvents();
        try (RecordingReader reader = RecordingReader.open(file)) {
            long[] range = reader.timeRange();
            for (long t = range[0]; t <= range[1]; t += 250) {
                ReplayCursor cursor = reader.cursor();
                TelemetryStore store = new TelemetryStore(new ManualClock(range[1]));
                ReplayCursor.HistorySeek seek = cursor.seekWithDecisions(t);
                store.applyHistory(seek.history());
                store.apply(seek.events());
                long at = t;
                List<Decision> atSeek = shown(store.publish(FabricSnapshot.IngestStats.NONE));
                assertEquals(expectedArrivedBy(at), atSeek, "after a seek to +" + (t - range[0]) + " ms");
                store.apply(cursor.advanceTo(Long.MAX_VALUE));
                assertEquals(
                        expected,
                        shown(store.publish(FabricSnapshot.IngestStats.NONE)),
                        "played on after a seek to +" + (t - range[0]) + " ms");
            }
        }
    }

    @Test
    void theLiveConsoleShowsEveryDecisionOfEverySessionOnce() {
        TelemetryStore store = new TelemetryStore(new ManualClock(RestartedAgents.START));
        script.batches().forEach(store::apply);
        assertEquals(expectedEvents(), shown(store.publish(FabricSnapshot.IngestStats.NONE)));
    }

    @Test
    void aFormat2RecordingStillOpensAndReplaysTheDecisionsItHolds() throws Exception {
        Path file = dir.resolve("v2.pwrec");
        try (var in = getClass().getResourceAsStream("/recordings/v2-restarted-agents.pwrec")) {
            Files.copy(in, file);
        }
        // What format 2 kept: one row per device name and number, whatever the source or session.
        List<Decision> rows = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT source, ring_seq, timestamp_ns, reason, qpn FROM exclusions ORDER BY arrival_ms")) {
            while (rs.next()) {
                rows.add(new Decision(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getString(4), rs.getLong(5)));
            }
        }
        assertEquals(5, rows.size());
        try (RecordingReader reader = RecordingReader.open(file);
                ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults())) {
            assertEquals(2, reader.schemaVersion());
            RecordedDecisions all = reader.decisions();
            List<Decision> read = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                RecordedDecision d = all.get(i);
                read.add(new Decision(d.source(), d.seq(), d.timestampNs(), d.reason(), d.qpn()));
                assertEquals(0, d.subscription());
            }
            assertEquals(rows, read);
            List<Decision> shown = shown(engine.snapshotAt(reader.timeRange()[1]));
            assertEquals(
                    rows.stream()
                            .map(r -> new Decision(RestartedAgents.HOST, r.seq(), r.timestampNs(), r.reason(), r.qpn()))
                            .toList(),
                    shown);
        }
    }

    /** A decision as a test compares it; {@code source} is the device name where only that is shown. */
    record Decision(String source, long seq, Long timestampNs, String reason, Long qpn) {}

    private Path record() throws Exception {
        Path file = dir.resolve("restarts.pwrec");
        try (RecordingWriter writer = RecordingWriter.create(file, META, RestartedAgents.START, 1_000, 0, 0)) {
            for (List<IngestEvent> batch : script.batches()) {
                writer.append(batch);
            }
        }
        return file;
    }

    /** In arrival order; agent-a's split decision 3 arrives with its timestamp, after agent-a's decision 4. */
    private static List<Decision> expected(List<RestartedAgents.Sent> sent) {
        List<Decision> decisions = new ArrayList<>();
        for (RestartedAgents.Sent s : sent) {
            decisions.add(new Decision(
                    s.source(), s.seq(), s.timestampNs(), s.reason(), s.source().equals(RestartedAgents.A) ? 7L : 8L));
        }
        Decision late = decisions.remove(3);
        decisions.add(4, late);
        return decisions;
    }

    private List<Decision> expectedEvents() {
        return expected(script.sent()).stream()
                .map(d -> new Decision(RestartedAgents.HOST, d.seq(), d.timestampNs(), d.reason(), d.qpn()))
                .toList();
    }

    private List<Decision> expectedArrivedBy(long atMillis) throws Exception {
        Path file = dir.resolve("restarts.pwrec");
        List<Long> arrivals = new ArrayList<>();
        try (RecordingReader reader = RecordingReader.open(file)) {
            RecordedDecisions all = reader.decisions();
            for (int i = 0; i < all.size(); i++) {
                arrivals.add(all.get(i).arrivalMillis());
            }
        }
        List<Decision> all = expectedEvents();
        List<Decision> by = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (arrivals.get(i) <= atMillis) {
                by.add(all.get(i));
            }
        }
        return by;
    }

    private static List<Decision> shown(FabricSnapshot snapshot) {
        List<Decision> shown = new ArrayList<>();
        for (ExclusionEvent e : snapshot.events()) {
            shown.add(new Decision(e.host(), e.seq(), e.timestampNs(), e.reason(), e.qpn()));
        }
        return shown;
    }
}
