package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

class TelemetryStoreTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private final ManualClock clock = new ManualClock(1_000_000);
    private final TelemetryStore store = new TelemetryStore(
            clock, FreshnessPolicy.standard(), AlarmThresholds.defaults().withClearAfter(Duration.ofSeconds(2)), 1000);

    private void receive(Notifications notification) {
        store.apply(List.of(NotificationDecoderAccess.decode("fabric", notification.build(), clock.millis())));
    }

    private void connection(ConnectionPhase phase, String detail) {
        store.apply(List.of(new IngestEvent.Connection("fabric", phase, detail, clock.millis())));
    }

    private FabricSnapshot publish() {
        return store.publish(IngestStats.NONE);
    }

    private static Notifications port(String device, long ts, String port, String status, long outOctets, long trims) {
        String base = "/interfaces/interface[name=" + port + "]/state";
        return Notifications.of(device, ts)
                .text(base + "/oper-status", status)
                .uint(base + "/counters/out-octets", outOctets)
                .uint(base + "/counters/trim-pkts", trims);
    }

    private static Notifications plane(String host, long ts, int plane, long good, long bad, long rxOctets) {
        String base = "mrc:/planes/plane[id=" + plane + "]/state";
        return Notifications.of(host, ts)
                .uint(base + "/evs-good", good)
                .uint(base + "/evs-assumed-bad", bad)
                .uint(base + "/evs-denied", 0)
                .uint(base + "/rx-octets", rxOctets);
    }

    private static Notifications exclusion(String host, long seq, int plane, String links, String to, String reason) {
        String base = "mrc:/events/event[seq=" + seq + "]/state";
        return Notifications.of(host, seq)
                .uint(base + "/timestamp", seq)
                .uint(base + "/qpn", 7)
                .uint(base + "/ev", seq % 64)
                .uint(base + "/plane", plane)
                .text(base + "/links", links)
                .text(base + "/from-state", "GOOD")
                .text(base + "/to-state", to)
                .text(base + "/reason", reason);
    }

    @Test
    void computesLinkRatesFromAgentTimestampsNotArrivalTimes() {
        connection(ConnectionPhase.STREAMING, "");
        receive(port("p1-t0-0", 0, "p1-t1-2", "UP", 0, 0));
        clock.advance(Duration.ofMillis(3));
        receive(port("p1-t0-0", 2 * SECOND_NS, "p1-t1-2", "UP", 25_000_000_000L, 400));

        var link = publish().link("p1-t0-0~p1-t1-2").orElseThrow();
        assertEquals(100e9, link.bitsPerSecond(), 1);
        assertEquals(1.0, link.utilization(), 1e-9);
        assertEquals(200, link.trimRate(), 1e-9);
        assertEquals(FabricSnapshot.LinkKind.T0_T1, link.kind());
    }

    @Test
    void aCounterThatGoesBackwardsRestartsItsRateInsteadOfSpiking() {
        connection(ConnectionPhase.STREAMING, "");
        receive(port("p1-t0-0", 0, "p1-t1-2", "UP", 1_000_000, 0));
        receive(port("p1-t0-0", SECOND_NS, "p1-t1-2", "UP", 10, 0));
        assertTrue(Double.isNaN(publish().link("p1-t0-0~p1-t1-2").orElseThrow().bitsPerSecond()));
        receive(port("p1-t0-0", 2 * SECOND_NS, "p1-t1-2", "UP", 1010, 0));
        assertEquals(8000, publish().link("p1-t0-0~p1-t1-2").orElseThrow().bitsPerSecond(), 1e-6);
    }

    @Test
    void aSilentTargetGoesStaleThenLostAndLiveAgainWhenDataReturns() {
        connection(ConnectionPhase.STREAMING, "");
        receive(plane("host-0001", 0, 0, 64, 0, 0));
        assertEquals(Freshness.LIVE, publish().targets().getFirst().freshness());

        clock.advance(Duration.ofSeconds(4));
        assertEquals(Freshness.STALE, publish().targets().getFirst().freshness());
        assertEquals(Freshness.STALE, publish().hosts().getFirst().freshness());

        connection(ConnectionPhase.FAILED, "connection refused by 127.0.0.1:9339");
        clock.advance(Duration.ofSeconds(7));
        FabricSnapshot lost = publish();
        assertEquals(Freshness.LOST, lost.targets().getFirst().freshness());
        assertEquals(
                "connection refused by 127.0.0.1:9339",
                lost.targets().getFirst().detail());
        assertEquals(Alarm.Kind.TARGET_LOST, lost.activeAlarms().getFirst().kind());

        connection(ConnectionPhase.STREAMING, "");
        receive(plane("host-0001", SECOND_NS, 0, 64, 0, 0));
        assertEquals(Freshness.LIVE, publish().targets().getFirst().freshness());
    }

    @Test
    void aTargetNeverReachedIsLostNotConnecting() {
        connection(ConnectionPhase.CONNECTING, "dialling");
        assertEquals(Freshness.CONNECTING, publish().targets().getFirst().freshness());
        connection(ConnectionPhase.FAILED, "connection refused");
        assertEquals(Freshness.LOST, publish().targets().getFirst().freshness());
    }

    @Test
    void planeHealthIsTheShareOfGoodEvsAndItsAlarmRaisesThenClears() {
        connection(ConnectionPhase.STREAMING, "");
        receive(plane("host-0001", 0, 2, 64, 0, 0));
        receive(plane("host-0002", 0, 2, 64, 0, 0));
        FabricSnapshot healthy = publish();
        assertEquals(1.0, healthy.plane(2).orElseThrow().pathHealth());
        assertTrue(healthy.activeAlarms().isEmpty());

        receive(plane("host-0001", SECOND_NS, 2, 48, 16, 0));
        FabricSnapshot degraded = publish();
        assertEquals(112.0 / 128, degraded.plane(2).orElseThrow().pathHealth(), 1e-9);
        assertEquals(16, degraded.plane(2).orElseThrow().evsOutOfService());
        Alarm alarm = degraded.activeAlarms().getFirst();
        assertEquals(Alarm.Kind.PLANE_HEALTH, alarm.kind());
        assertEquals("plane 2", alarm.subject());

        receive(plane("host-0001", 2 * SECOND_NS, 2, 64, 0, 0));
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, publish().activeAlarms().size(), "an alarm waits clearAfter before clearing");
        clock.advance(Duration.ofSeconds(2));
        receive(plane("host-0001", 3 * SECOND_NS, 2, 64, 0, 0));
        FabricSnapshot recovered = publish();
        assertTrue(recovered.activeAlarms().isEmpty());
        assertEquals(
                Alarm.Kind.PLANE_HEALTH, recovered.recentAlarms().getFirst().kind());
        assertFalse(recovered.recentAlarms().getFirst().active());
    }

    @Test
    void evsWithoutAVerdictCountAsOutOfServiceInPlaneHealth() {
        connection(ConnectionPhase.STREAMING, "");
        receive(plane("host-0001", SECOND_NS, 3, 90, 0, 0).uint("mrc:/planes/plane[id=3]/state/evs-unknown", 10));
        FabricSnapshot.PlaneSummary plane3 = publish().planes().stream()
                .filter(p -> p.plane() == 3)
                .findFirst()
                .orElseThrow();
        assertEquals(0.9, plane3.pathHealth(), 1e-9, "UNKNOWN EVs were retired and never re-admitted");
        assertEquals(10, plane3.evsOutOfService());
    }

    @Test
    void editedThresholdsTakeEffectAtTheNextPublication() {
        connection(ConnectionPhase.STREAMING, "");
        receive(plane("host-0001", 0, 0, 90, 10, 0));
        assertEquals(1, publish().activeAlarms().size());
        store.setThresholds(store.thresholds().withMinPlaneHealth(0.85));
        clock.advance(Duration.ofSeconds(3));
        receive(plane("host-0001", SECOND_NS, 0, 90, 10, 0));
        assertTrue(publish().activeAlarms().isEmpty());
    }

    @Test
    void aLinkIsDownWhenEitherEndSaysSo() {
        connection(ConnectionPhase.STREAMING, "");
        receive(port("p3-t0-1", 0, "p3-t1-5", "UP", 0, 0));
        receive(port("p3-t1-5", 0, "p3-t0-1", "DOWN", 0, 0));
        receive(port("p3-t0-1", 0, "host-0004", "UP", 0, 0));
        FabricSnapshot snapshot = publish();
        assertFalse(snapshot.link("p3-t0-1~p3-t1-5").orElseThrow().up());
        assertEquals(1, snapshot.plane(3).orElseThrow().linksDown());
        assertEquals(2, snapshot.plane(3).orElseThrow().linksTotal());
        assertEquals(Alarm.Kind.LINKS_DOWN, snapshot.activeAlarms().getFirst().kind());
        assertEquals("host-0004~p3-t0-1", snapshot.links().getFirst().id());
    }

    @Test
    void splitsTrimsIntoLastHopAndFabric() {
        connection(ConnectionPhase.STREAMING, "");
        receive(port("p0-t0-0", 0, "host-0001", "UP", 0, 0));
        receive(port("p0-t0-0", 0, "p0-t1-0", "UP", 0, 0));
        receive(port("p0-t1-0", 0, "p0-t0-0", "UP", 0, 0));
        receive(port("p0-t0-0", SECOND_NS, "host-0001", "UP", 0, 1000));
        receive(port("p0-t0-0", SECOND_NS, "p0-t1-0", "UP", 0, 30));
        receive(port("p0-t1-0", SECOND_NS, "p0-t0-0", "UP", 0, 20));
        var plane = publish().plane(0).orElseThrow();
        assertEquals(1000, plane.lastHopTrimRate(), 1e-9);
        assertEquals(50, plane.fabricTrimRate(), 1e-9);
    }

    @Test
    void aResentEventRingIsNotCountedTwice() {
        connection(ConnectionPhase.STREAMING, "");
        receive(exclusion("host-0001", 5, 1, "p1-t0-0~p1-t1-1", "ASSUMED_BAD", "LOSS_TIMER"));
        receive(exclusion("host-0001", 5, 1, "p1-t0-0~p1-t1-1", "ASSUMED_BAD", "LOSS_TIMER"));
        receive(Notifications.of("host-0001", 6).delete("mrc:/events/event[seq=5]"));
        FabricSnapshot snapshot = publish();
        assertEquals(1, snapshot.events().size(), "the ring's eviction is not a retraction");
        assertEquals("LOSS_TIMER", snapshot.events().getFirst().reason());
        assertEquals(List.of("p1-t0-0~p1-t1-1"), snapshot.events().getFirst().links());
    }

    @Test
    void anEventSplitOverNotificationsCompletesAmongManyThatNeverDo() {
        connection(ConnectionPhase.STREAMING, "");
        for (long seq = 1000; seq < 1200; seq++) {
            receive(Notifications.of("host-0002", seq).uint("mrc:/events/event[seq=" + seq + "]/state/timestamp", seq));
        }
        String base = "mrc:/events/event[seq=7]/state";
        receive(Notifications.of("host-0001", 7)
                .uint(base + "/qpn", 3)
                .uint(base + "/ev", 9)
                .uint(base + "/plane", 2)
                .text(base + "/links", "p2-t0-1~p2-t1-3")
                .text(base + "/from-state", "GOOD"));
        assertTrue(publish().events().isEmpty(), "an event is taken whole or not at all");
        receive(Notifications.of("host-0001", 8)
                .text(base + "/to-state", "ASSUMED_BAD")
                .text(base + "/reason", "SACK_GAP")
                .uint(base + "/timestamp", 7_000));
        FabricSnapshot snapshot = publish();
        assertEquals(1, snapshot.events().size());
        assertEquals("host-0001", snapshot.events().getFirst().host());
        assertEquals("SACK_GAP", snapshot.events().getFirst().reason());
        assertEquals(
                7_000, snapshot.events().getFirst().timestampNs(), "the decision's own time, even when it came last");
    }

    @Test
    void aDecisionWhoseTimestampComesInALaterNotificationWaitsForIt() {
        connection(ConnectionPhase.STREAMING, "");
        String base = "mrc:/events/event[seq=11]/state";
        receive(Notifications.of("host-0003", 11)
                .uint(base + "/qpn", 3)
                .uint(base + "/ev", 9)
                .uint(base + "/plane", 2)
                .text(base + "/links", "p2-t0-1~p2-t1-3")
                .text(base + "/from-state", "GOOD")
                .text(base + "/to-state", "ASSUMED_BAD")
                .text(base + "/reason", "LOSS_TIMER"));
        assertTrue(publish().events().isEmpty(), "a decision without its agent time is not complete");
        receive(Notifications.of("host-0003", 12).uint(base + "/timestamp", 11_000));
        FabricSnapshot snapshot = publish();
        assertEquals(1, snapshot.events().size());
        assertEquals(11_000, snapshot.events().getFirst().timestampNs());
    }

    @Test
    void eventsOfOneNotificationEnterTheLogInArrivalOrder() {
        connection(ConnectionPhase.STREAMING, "");
        Notifications ring = Notifications.of("host-0004", 1);
        for (long seq : new long[] {42, 7, 19, 3}) {
            String base = "mrc:/events/event[seq=" + seq + "]/state";
            ring.uint(base + "/timestamp", seq)
                    .uint(base + "/qpn", 7)
                    .uint(base + "/ev", seq)
                    .uint(base + "/plane", 1)
                    .text(base + "/links", "p1-t0-0~p1-t1-1")
                    .text(base + "/from-state", "GOOD")
                    .text(base + "/to-state", "ASSUMED_BAD")
                    .text(base + "/reason", "LOSS_TIMER");
        }
        receive(ring);
        assertEquals(
                List.of(42L, 7L, 19L, 3L),
                publish().events().stream().map(e -> e.seq()).toList());
    }

    @Test
    void minActiveGuardDecisionsRaiseAnAlarm() {
        connection(ConnectionPhase.STREAMING, "");
        receive(exclusion("host-0009", 1, 4, "p4-t0-2~p4-t1-0", "GOOD", "MIN_ACTIVE_GUARD"));
        Alarm alarm = publish().activeAlarms().getFirst();
        assertEquals(Alarm.Kind.MIN_ACTIVE_GUARD, alarm.kind());
        assertEquals("host-0009", alarm.subject());
    }

    @Test
    void snapshotsAreVersionedAndRebuiltHostsOnlyWhenTouched() {
        connection(ConnectionPhase.STREAMING, "");
        receive(plane("host-0001", 0, 0, 64, 0, 0));
        receive(plane("host-0002", 0, 0, 64, 0, 0));
        FabricSnapshot first = publish();
        receive(plane("host-0002", SECOND_NS, 0, 63, 1, 0));
        FabricSnapshot second = publish();
        assertEquals(first.version() + 1, second.version());
        assertTrue(first.host("host-0001").orElseThrow()
                == second.host("host-0001").orElseThrow());
        assertFalse(first.host("host-0002").orElseThrow()
                == second.host("host-0002").orElseThrow());
    }

    @Test
    void learnsLinksFromEthPortsByTheClosConventionWhenPortsDoNotNamePeers() {
        connection(ConnectionPhase.STREAMING, "");
        // T0 p0-t0-1 with 2 host ports (eth0, eth1) and 2 up-ports (eth2 -> T1 0, eth3 -> T1 1).
        for (int k = 0; k < 4; k++) {
            receive(port("p0-t0-1", 0, "eth" + k, k == 3 ? "DOWN" : "UP", 0, 0));
        }
        receive(port("p0-t1-0", 0, "eth1", "UP", 0, 0));
        receive(port("p0-t1-1", 0, "eth1", "DOWN", 0, 0));
        receive(plane("host-2", 0, 0, 64, 0, 0));
        FabricSnapshot snapshot = publish();
        assertEquals(
                List.of("host-2~p0-t0-1", "host-3~p0-t0-1", "p0-t0-1~p0-t1-0", "p0-t0-1~p0-t1-1"),
                snapshot.links().stream().map(FabricSnapshot.LinkState::id).toList());
        assertFalse(snapshot.link("p0-t0-1~p0-t1-1").orElseThrow().up());
        assertEquals(
                "p0-t1-1",
                snapshot.switchNamed("p0-t0-1").orElseThrow().ports().get(3).peer());
    }

    @Test
    void namesHostPeersByConventionWithoutPaddingWhenHostNamesAreNotPadded() {
        // T0 p0-t0-1 with 8 host ports (hosts 8 to 15) and one up-port; host names as the simulator gives them.
        FabricSnapshot snapshot = t0WithOneUpPort(8, "host-9", "host-15");
        assertEquals(
                "host-8",
                snapshot.switchNamed("p0-t0-1").orElseThrow().ports().get(0).peer());
        assertEquals(
                "host-15",
                snapshot.switchNamed("p0-t0-1").orElseThrow().ports().get(7).peer());
        assertTrue(
                snapshot.link("host-9~p0-t0-1").isPresent(), "the link is named after the host as it reports itself");
    }

    @Test
    void keepsThePaddingOfZeroPaddedHostNames() {
        FabricSnapshot snapshot = t0WithOneUpPort(2, "host-0002");
        assertEquals(
                "host-0002",
                snapshot.switchNamed("p0-t0-1").orElseThrow().ports().get(0).peer());
    }

    /** Switch p0-t0-1 with {@code hostPorts} ports down to hosts and one up to p0-t1-0, and these hosts reporting. */
    private FabricSnapshot t0WithOneUpPort(int hostPorts, String... hosts) {
        connection(ConnectionPhase.STREAMING, "");
        for (int k = 0; k <= hostPorts; k++) {
            receive(port("p0-t0-1", 0, "eth" + k, "UP", 0, 0));
        }
        receive(port("p0-t1-0", 0, "eth1", "UP", 0, 0));
        for (String host : hosts) {
            receive(plane(host, 0, 0, 64, 0, 0));
        }
        return publish();
    }

    @Test
    void aPortDescriptionNamesItsPeer() {
        connection(ConnectionPhase.STREAMING, "");
        receive(Notifications.of("p4-t1-0", 0)
                .text("/interfaces/interface[name=Ethernet1/7]/state/description", "p4-t0-6")
                .text("/interfaces/interface[name=Ethernet1/7]/state/oper-status", "UP"));
        assertEquals("p4-t0-6~p4-t1-0", publish().links().getFirst().id());
    }

    @Test
    void aQuietDeviceOnALiveStreamStaysLiveUntilTheLostThreshold() {
        connection(ConnectionPhase.STREAMING, "");
        receive(plane("host-0001", 0, 0, 64, 0, 0));
        for (int second = 1; second <= 5; second++) {
            clock.advance(Duration.ofSeconds(1));
            receive(plane("host-0002", second * SECOND_NS, 0, 64, 0, 0));
        }
        FabricSnapshot quiet = publish();
        assertEquals(Freshness.LIVE, quiet.host("host-0001").orElseThrow().freshness(), "unchanged, not stale");
        for (int second = 6; second <= 11; second++) {
            clock.advance(Duration.ofSeconds(1));
            receive(plane("host-0002", second * SECOND_NS, 0, 64, 0, 0));
        }
        assertEquals(Freshness.STALE, publish().host("host-0001").orElseThrow().freshness());
    }

    @Test
    void theEvGridOfTheHostLookedAtBeforeGoesWhenAnotherHostsArrivesFromTheSameSource() {
        // The console moves its explicit EV subscription from host to host on one connection, without
        // a reconnection that would drop every grid: the model keeps one host's grid per source.
        receive(qpWithEvs("host-1", 1));
        receive(qpWithEvs("host-2", 1));
        FabricSnapshot both = publish();
        assertEquals(0, evCells(both, "host-1"), "host-1's grid is dropped once host-2's arrives");
        assertEquals(2, evCells(both, "host-2"));

        receive(qpWithEvs("host-1", 2));
        FabricSnapshot back = publish();
        assertEquals(2, evCells(back, "host-1"), "looking at host-1 again shows its new grid");
        assertEquals(0, evCells(back, "host-2"));
    }

    private static Notifications qpWithEvs(String host, long ts) {
        String qp = "mrc:/qps/qp[qpn=7]";
        return Notifications.of(host, ts)
                .uint(qp + "/state/evs-active", 2)
                .text(qp + "/evs/ev[id=0]/state/state", "GOOD")
                .uint(qp + "/evs/ev[id=0]/state/plane", 0)
                .text(qp + "/evs/ev[id=1]/state/state", "GOOD")
                .uint(qp + "/evs/ev[id=1]/state/plane", 1);
    }

    private static long evCells(FabricSnapshot snapshot, String host) {
        return snapshot.host(host).orElseThrow().qps().stream()
                .mapToLong(q -> q.evs().size())
                .sum();
    }
}
