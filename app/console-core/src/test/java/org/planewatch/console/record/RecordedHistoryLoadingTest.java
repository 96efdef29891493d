package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.console.testing.ManualClock;

/**
 * A seek loads the recorded decision history straight into the store's exclusion log; what it
 * shows must be what applying the notifications that report those decisions shows.
 */
class RecordedHistoryLoadingTest {
    private static final long START = 1_790_000_000_000L;

    @TempDir
    Path dir;

    private static TelemetryStore store(long atMillis, int capacity) {
        return new TelemetryStore(
                new ManualClock(atMillis), FreshnessPolicy.standard(), AlarmThresholds.defaults(), capacity);
    }

    @Test
    void aSeekWithTheHistoryLoadedInBulkShowsWhatTheHistoryAsNotificationsShows() throws Exception {
        Path file = dir.resolve("history.pwrec");
        RecordingRoundTripTest.record(file, 200, 2_000);
        try (RecordingReader reader = RecordingReader.open(file)) {
            for (long instant : new long[] {START + 10 * 250 + 3, START + 77 * 250, START + 199 * 250 + 100}) {
                TelemetryStore asNotifications = store(instant, 20_000);
                asNotifications.apply(reader.cursor().seekWithHistory(instant));
                ReplayCursor.HistorySeek seek = reader.cursor().seekWithDecisions(instant);
                TelemetryStore bulk = store(instant, 20_000);
                bulk.applyHistory(seek.history());
                bulk.apply(seek.events());
                FabricSnapshot expected = asNotifications.publish(FabricSnapshot.IngestStats.NONE);
                assertEquals(expected, bulk.publish(FabricSnapshot.IngestStats.NONE), "at " + instant);
                if (instant > START + 50 * 250) {
                    assertFalse(expected.events().isEmpty(), "the history holds decisions at " + instant);
                }
            }
        }
    }

    @Test
    void theHistoryIsTheNewestDecisionsBeforeTheInstantInArrivalOrder() throws Exception {
        Path file = dir.resolve("order.pwrec");
        RecordingRoundTripTest.record(file, 200, 2_000);
        try (RecordingReader reader = RecordingReader.open(file)) {
            long instant = START + 150 * 250;
            List<RecordingReader.ExclusionMark> shown = reader.exclusions().stream()
                    .filter(m -> m.to() != null && m.arrivalMillis() < instant)
                    .toList();
            List<RecordedDecision> history =
                    reader.cursor().seekWithDecisions(instant).history();
            assertEquals(shown.size(), history.size());
            for (int i = 0; i < shown.size(); i++) {
                assertEquals(shown.get(i).target(), history.get(i).target());
                assertEquals(shown.get(i).ringSeq(), history.get(i).seq());
                assertEquals(shown.get(i).arrivalMillis(), history.get(i).arrivalMillis());
                assertEquals(shown.get(i).reason(), history.get(i).reason());
            }
        }
    }

    @Test
    void theArrivalsOfEveryDecisionAreTheExclusionMarks() throws Exception {
        Path file = dir.resolve("marks.pwrec");
        RecordingRoundTripTest.record(file, 120, 2_000);
        try (RecordingReader reader = RecordingReader.open(file)) {
            long[] marks = reader.exclusions().stream()
                    .mapToLong(RecordingReader.ExclusionMark::arrivalMillis)
                    .toArray();
            assertTrue(marks.length > 0, "the synthetic fabric makes decisions");
            Assertions.assertArrayEquals(marks, reader.exclusionArrivals());
        }
    }

    /** Incomplete decisions, repeats, missing timestamps and a bounded log take the same path either way. */
    @Test
    void bulkLoadingKeepsIncompleteDecisionsRepeatsAndTheCapacityAsNotificationsDo() {
        List<RecordedDecision> decisions = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String host = "host-" + (i % 3);
            decisions.add(new RecordedDecision(
                    "fabric",
                    host,
                    0,
                    100 + i / 3,
                    START + i * 10L,
                    i % 7 == 0 ? null : 5_000L + i,
                    7L,
                    (long) i % 64,
                    (long) (i % 4),
                    "p" + (i % 4) + "-t0-0:p" + (i % 4) + "-t1-1, p" + (i % 4) + "-t1-1:p" + (i % 4) + "-t0-2",
                    "GOOD",
                    "ASSUMED_BAD",
                    i % 5 == 0 ? null : "LOSS_TIMER"));
        }
        decisions.add(decisions.get(3)); // a repeat: the ring resent after a reconnect
        decisions.add(new RecordedDecision(
                "fabric",
                "host-0",
                0,
                100,
                START + 500,
                6_000L,
                7L,
                0L,
                0L,
                "p0-t0-0:p0-t1-1",
                "GOOD",
                "ASSUMED_BAD",
                "LOSS_TIMER")); // completes decision 100 of host-0, which lacked its reason
        long at = START + 1_000;
        TelemetryStore asNotifications = store(at, 25);
        asNotifications.apply(ReplayCursor.asNotifications(decisions));
        TelemetryStore bulk = store(at, 25);
        bulk.applyHistory(decisions);
        FabricSnapshot expected = asNotifications.publish(FabricSnapshot.IngestStats.NONE);
        FabricSnapshot actual = bulk.publish(FabricSnapshot.IngestStats.NONE);
        assertEquals(expected, actual);
        assertEquals(25, actual.events().size(), "bounded by the store's capacity");
        assertTrue(
                actual.events().stream().anyMatch(e -> e.host().equals("host-0") && e.seq() == 100),
                "completed by its later leaves");
    }
}
