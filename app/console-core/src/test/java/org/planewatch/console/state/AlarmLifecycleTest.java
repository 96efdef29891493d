package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

/**
 * An alarm after its condition went away (clearing, with the subject's current figure), its
 * acknowledgement and silence, the trim alarm judged on the smoothed rate the overview shows, and a
 * console that is behind blaming no target.
 */
class AlarmLifecycleTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private final ManualClock clock = new ManualClock(1_000_000);
    private final TelemetryStore store = new TelemetryStore(
            clock, FreshnessPolicy.standard(), AlarmThresholds.defaults().withClearAfter(Duration.ofSeconds(2)), 1000);

    private void receive(Notifications notification) {
        store.apply(List.of(NotificationDecoderAccess.decode("fabric", notification.build(), clock.millis())));
    }

    private FabricSnapshot publish() {
        return store.publish(IngestStats.NONE);
    }

    private static Notifications planeEvs(String host, long ts, int good, int bad) {
        String base = "mrc:/planes/plane[id=2]/state";
        return Notifications.of(host, ts)
                .uint(base + "/evs-good", good)
                .uint(base + "/evs-assumed-bad", bad)
                .uint(base + "/evs-denied", 0);
    }

    private static Notifications lastHopTrims(long ts, long trims) {
        String base = "/interfaces/interface[name=host-0001]/state";
        return Notifications.of("p0-t0-0", ts)
                .text(base + "/oper-status", "UP")
                .uint(base + "/counters/trim-pkts", trims);
    }

    /** The plane's alarms (a quiet target in these scripts turns STALE after a few seconds, which is another alarm). */
    private static List<Alarm> health(List<Alarm> alarms) {
        return alarms.stream().filter(a -> a.kind() == Alarm.Kind.PLANE_HEALTH).toList();
    }

    private Alarm degradePlaneTwo() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        receive(planeEvs("host-0001", SECOND_NS, 48, 16));
        receive(planeEvs("host-0002", SECOND_NS, 64, 0));
        Alarm raised = publish().activeAlarms().getFirst();
        assertEquals(Alarm.Status.ACTIVE, raised.status());
        return raised;
    }

    @Test
    void anAlarmWhoseConditionWentAwayShowsClearingWithTheCurrentFigureAndWhenItWentAway() {
        Alarm raised = degradePlaneTwo();
        assertTrue(raised.message().contains("87.5%"), raised.message());

        clock.advance(Duration.ofSeconds(1));
        long recoveredAt = clock.millis();
        receive(planeEvs("host-0001", 2 * SECOND_NS, 64, 0));
        Alarm clearing = publish().activeAlarms().getFirst();
        assertEquals(Alarm.Status.CLEARING, clearing.status());
        assertEquals(recoveredAt, clearing.goneSinceMillis());
        assertEquals("path health 100.0%, 0 EVs out of service", clearing.now());
        assertEquals(raised.message(), clearing.message(), "the figures it held with stay, marked as past");

        clock.advance(Duration.ofSeconds(2));
        FabricSnapshot cleared = publish();
        assertTrue(cleared.activeAlarms().isEmpty());
        Alarm past = cleared.recentAlarms().getFirst();
        assertEquals(Alarm.Status.CLEARED, past.status());
        assertEquals(recoveredAt, past.goneSinceMillis());
        assertEquals("path health 100.0%, 0 EVs out of service", past.now());
    }

    @Test
    void anAlarmThatHoldsAgainWhileClearingIsActiveWithItsNewFigures() {
        degradePlaneTwo();
        clock.advance(Duration.ofSeconds(1));
        receive(planeEvs("host-0001", 2 * SECOND_NS, 64, 0));
        assertEquals(Alarm.Status.CLEARING, publish().activeAlarms().getFirst().status());
        clock.advance(Duration.ofSeconds(1));
        receive(planeEvs("host-0001", 3 * SECOND_NS, 32, 32));
        Alarm again = publish().activeAlarms().getFirst();
        assertEquals(Alarm.Status.ACTIVE, again.status());
        assertEquals("", again.now());
        assertTrue(again.message().contains("75.0%"), again.message());
    }

    @Test
    void anAcknowledgedAlarmIsSilencedForTheChosenTimeAndTheSilenceOutlastsAFlap() {
        Alarm raised = degradePlaneTwo();
        clock.advance(Duration.ofSeconds(1));
        long ackedAt = clock.millis();
        store.acknowledge(raised, Duration.ofMinutes(15));
        Alarm acked = publish().activeAlarms().getFirst();
        assertTrue(acked.acknowledged());
        assertEquals(ackedAt, acked.acknowledgedAtMillis());
        assertEquals(ackedAt + Duration.ofMinutes(15).toMillis(), acked.silencedUntilMillis());
        assertTrue(acked.silencedAt(clock.millis()));

        // The condition clears, then comes back within the 15 minutes: a new alarm, not acknowledged, still quiet.
        receive(planeEvs("host-0001", 2 * SECOND_NS, 64, 0));
        clock.advance(Duration.ofSeconds(1));
        publish();
        clock.advance(Duration.ofSeconds(3));
        assertTrue(health(publish().activeAlarms()).isEmpty());
        clock.advance(Duration.ofMinutes(5));
        receive(planeEvs("host-0001", 3 * SECOND_NS, 48, 16));
        Alarm flapped = health(publish().activeAlarms()).getFirst();
        assertFalse(flapped.acknowledged());
        assertTrue(flapped.silencedAt(clock.millis()));
        clock.advance(Duration.ofMinutes(10));
        assertFalse(
                health(publish().activeAlarms()).getFirst().silencedAt(clock.millis()), "silence over after 15 min");
    }

    @Test
    void anAcknowledgementOfAnAlarmThatClearedMeanwhileChangesNothing() {
        Alarm raised = degradePlaneTwo();
        receive(planeEvs("host-0001", 2 * SECOND_NS, 64, 0));
        clock.advance(Duration.ofSeconds(3));
        publish();
        clock.advance(Duration.ofSeconds(1));
        store.acknowledge(raised, Duration.ofHours(1));
        FabricSnapshot after = publish();
        assertTrue(health(after.activeAlarms()).isEmpty());
        assertFalse(health(after.recentAlarms()).getFirst().acknowledged());
    }

    @Test
    void theTrimAlarmJudgesTheSmoothedRateTheOverviewTileShows() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        store.setThresholds(store.thresholds().withMaxPlaneTrimRate(1_000));
        long trims = 0;
        // Ten quiet seconds, then one second's burst of 5,000 trims: the raw rate is 5 k/s, the mean over 10 s far
        // less.
        for (int s = 0; s <= 10; s++) {
            receive(lastHopTrims(s * SECOND_NS, trims));
            assertTrue(publish().activeAlarms().isEmpty());
            clock.advance(Duration.ofSeconds(1));
        }
        trims += 5_000;
        receive(lastHopTrims(11 * SECOND_NS, trims));
        FabricSnapshot burst = publish();
        assertEquals(5_000, burst.plane(0).orElseThrow().trimRate(), 1e-9, "the raw rate");
        assertTrue(
                burst.activeAlarms().isEmpty(),
                "a burst the tile smooths away raises nothing: " + burst.activeAlarms());

        // Sustained: the smoothed rate crosses the threshold, and the alarm quotes the tile's figure.
        FabricSnapshot sustained = burst;
        for (int s = 12; s <= 20 && sustained.activeAlarms().isEmpty(); s++) {
            clock.advance(Duration.ofSeconds(1));
            trims += 5_000;
            receive(lastHopTrims(s * SECOND_NS, trims));
            sustained = publish();
        }
        Alarm alarm = sustained.activeAlarms().getFirst();
        assertEquals(Alarm.Kind.TRIM_RATE, alarm.kind());
        double tile = sustained.trends().get(0).getLast().trimRate();
        assertTrue(tile > 1_000 && tile < 5_000, "smoothed " + tile);
        assertTrue(alarm.message().startsWith("Plane 0 trims " + Units.count(tile) + " pkt/s"), alarm.message());
    }

    @Test
    void aTargetShownBehindRaisesNoAlarmBlamingTheTarget() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        receive(planeEvs("host-0001", SECOND_NS, 64, 0));
        publish();
        // The console's queue holds 30 s of data the network delivered just now: the target streams, the console lags.
        for (int s = 1; s <= 30; s++) {
            clock.advance(Duration.ofSeconds(1));
            IngestStats behind = new IngestStats(0, 0, 0, 1000, 0, 0, 0, s * 1000L, Map.of("fabric", clock.millis()));
            FabricSnapshot snapshot = store.publish(behind);
            assertEquals(Freshness.BEHIND, snapshot.targets().getFirst().freshness(), "at " + s + " s");
            assertTrue(
                    snapshot.activeAlarms().stream()
                            .noneMatch(a -> a.kind() == Alarm.Kind.TARGET_LOST || a.kind() == Alarm.Kind.TARGET_STALE),
                    "at " + s + " s: " + snapshot.activeAlarms());
        }
    }
}
