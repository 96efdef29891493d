package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.EvState;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.ExclusionReason;
import org.planewatch.sim.transport.HostPlaneCounter;

/** The ev_min_active guard and the controller's deny rule (mrc-model.md section 3). */
class ExclusionControlTest {

    @Test
    void guardStopsRetiringAtEvMinActiveAndTheQpStillCompletes() {
        // 8 EVs over 2 planes, at most 2 out of service; losing plane 1 would take 4.
        Simulation sim = onTwoPlanes(
                "guard",
                SmallFabrics.mrc(8, 6, 0),
                SmallFabrics.permutation(2_000_000, 1),
                List.of(new FaultSpec.PlaneDown(30_000, 1)));

        sim.runToCompletion(1_000_000 * US);
        RunSummary s = sim.summary();

        assertEquals(s.messages().total(), s.messages().completed(), "completes on the QP timer and the good EVs");
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
        Map<Integer, Long> retiredPerQp = s.evTransitions().stream()
                .filter(e -> e.from() == EvState.GOOD && e.to() == EvState.ASSUMED_BAD)
                .collect(Collectors.groupingBy(ExclusionEvent::qp, Collectors.counting()));
        assertFalse(retiredPerQp.isEmpty());
        assertTrue(retiredPerQp.values().stream().allMatch(n -> n <= 2), "never more than 8 - 6 out: " + retiredPerQp);
        List<ExclusionEvent> alarms = s.evTransitions().stream()
                .filter(e -> e.reason() == ExclusionReason.MIN_ACTIVE_GUARD)
                .toList();
        assertFalse(alarms.isEmpty(), "the guard raised its alarm");
        assertTrue(alarms.stream().allMatch(e -> e.from() == EvState.GOOD && e.to() == EvState.GOOD));
    }

    @Test
    void controllerDeniesEveryEvOnALinkOnceTwoQpsRetireThereAndAllowsThemAfterRepair() {
        String link = "p0-t0-0~p0-t1-1";
        Simulation sim = onTwoPlanes(
                "deny",
                SmallFabrics.mrc(256, 64, 2),
                SmallFabrics.permutation(8_000_000, 1),
                List.of(new FaultSpec.LinkDown(30_000, link), new FaultSpec.LinkUp(200_000, link)));
        FabricTelemetry t = sim.telemetry();

        sim.runUntil(150 * US);
        List<ExclusionEvent> denials = sim.summary().evTransitions().stream()
                .filter(e -> e.reason() == ExclusionReason.CONTROLLER_DENY)
                .toList();
        assertFalse(denials.isEmpty(), "the controller acted");
        assertDeniedExactlyOn(t, link);

        sim.runToCompletion(1_000_000 * US);
        RunSummary s = sim.summary();
        assertEquals(s.messages().total(), s.messages().completed());
        long allowed = s.evTransitions().stream()
                .filter(e -> e.reason() == ExclusionReason.CONTROLLER_ALLOW)
                .count();
        assertEquals(denials.size(), allowed, "every denied EV allowed back after the repair");
        assertNoneDenied(t);
    }

    @Test
    void underAllToAllTheControllerDeniesOnlyTheFailedLinkAndThePlaneKeepsCarrying() {
        // Every QP of every host retires paths through the failed link, so every host link and
        // every other fabric link on those paths is crossed by many retired paths: only the link
        // that is itself down may be denied, or whole planes go out.
        String link = "p0-t0-0~p0-t1-1";
        Simulation sim = onTwoPlanes(
                "deny-all-to-all",
                SmallFabrics.mrc(256, 64, 2),
                SmallFabrics.allToAll(400_000, 1),
                List.of(new FaultSpec.LinkDown(30_000, link)));
        FabricTelemetry t = sim.telemetry();

        sim.runUntil(150 * US);
        assertDeniedExactlyOn(t, link);
        long plane0Before = planeDeliveredBytes(t, 0);

        sim.runUntil(250 * US);
        assertDeniedExactlyOn(t, link);
        for (int host = 0; host < t.hostCount(); host++) {
            for (int plane = 0; plane < t.planes(); plane++) {
                assertTrue(
                        t.hostPlaneCounter(host, plane, HostPlaneCounter.EVS_GOOD) > 0,
                        "host " + host + " keeps good paths on plane " + plane);
            }
        }
        assertTrue(planeDeliveredBytes(t, 0) > plane0Before, "plane 0 still carries traffic");
        sim.runToCompletion(1_000_000 * US);
        RunSummary s = sim.summary();
        assertEquals(s.messages().total(), s.messages().completed());
    }

    @Test
    void aGrayLinkIsDeniedOnItsOwnLossesAndNothingElseIs() {
        String link = "p1-t0-2~p1-t1-0";
        Simulation sim = onTwoPlanes(
                "deny-gray",
                SmallFabrics.mrc(256, 64, 2),
                SmallFabrics.allToAll(400_000, 1),
                List.of(new FaultSpec.GrayLink(30_000, link, 0.2)));

        sim.runUntil(200 * US);

        assertDeniedExactlyOn(sim.telemetry(), link);
    }

    /** Data bytes the hosts' ports on {@code plane} received. */
    private static long planeDeliveredBytes(FabricTelemetry t, int plane) {
        long bytes = 0;
        for (int host = 0; host < t.hostCount(); host++) {
            bytes += t.portCounter(t.hostPort(host, plane), PortCounter.RX_DATA_PAYLOAD_BYTES);
        }
        return bytes;
    }

    @Test
    void anOperatorsDenyHoldsThroughTheLinksRecoveryUntilTheOperatorAllowsTheLink() {
        String link = "p0-t0-0~p0-t1-1";
        Simulation sim = onTwoPlanes(
                "operator-deny", SmallFabrics.mrc(256, 64, 0), SmallFabrics.permutation(8_000_000, 1), List.of());
        FabricTelemetry t = sim.telemetry();
        sim.runUntil(20 * US);

        sim.faults().denyLink(link);
        sim.faults().linkDown(link);
        sim.runUntil(60 * US);
        sim.faults().linkUp(link);
        sim.runUntil(150 * US);

        assertTrue(t.linkUp(t.linkIndex(link)), "the link is back");
        assertEquals(
                0,
                sim.summary().evTransitions().stream()
                        .filter(e -> e.reason() == ExclusionReason.CONTROLLER_ALLOW)
                        .count(),
                "nothing allowed before the operator says so");
        assertDeniedExactlyOn(t, link);

        sim.faults().allowLink(link);
        sim.runToCompletion(1_000_000 * US);
        RunSummary s = sim.summary();
        assertEquals(s.messages().total(), s.messages().completed());
        assertNoneDenied(t);
    }

    /** A run on 2 planes of 4 T0s of 4 hosts and 4 T1s, seed 4. */
    private static Simulation onTwoPlanes(
            String name, TransportConfig transport, WorkloadConfig workload, List<FaultSpec> faults) {
        return Simulation.build(
                SmallFabrics.scenario(name, 4, SmallFabrics.fabric(2, 4, 4, 4), transport, workload, faults));
    }

    private static void assertNoneDenied(FabricTelemetry t) {
        for (int qp = 0; qp < t.qpCount(); qp++) {
            for (int ev = 0; ev < t.evCount(qp); ev++) {
                assertTrue(t.evState(qp, ev) != EvState.DENIED, "qp " + qp + " ev " + ev + " allowed back");
            }
        }
    }

    /** Every EV whose path crosses {@code link} is DENIED, and no other. */
    private static void assertDeniedExactlyOn(FabricTelemetry t, String link) {
        for (int qp = 0; qp < t.qpCount(); qp++) {
            for (int ev = 0; ev < t.evCount(qp); ev++) {
                boolean crosses = t.evLinks(qp, ev).contains(link);
                assertEquals(crosses, t.evState(qp, ev) == EvState.DENIED, "qp " + qp + " ev " + ev);
            }
        }
    }
}
