package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.EvState;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.ExclusionReason;
import org.planewatch.sim.transport.QpCounter;

/**
 * Acceptance check 4: MRC retires the EVs crossing a dead link within tens of microseconds, loses
 * no message and re-admits the EVs by probes after the repair; the ECMP baseline blackholes the
 * flows on that link until routing reconverges.
 */
class LinkFailureTest {
    private static final String LINK = "p0-t0-0~p0-t1-1";
    private static final long DOWN_PS = 50 * US;
    private static final long UP_PS = 400 * US;

    @Test
    void evsCrossingDeadLinkAreRetiredQuicklyAndReadmittedAfterRepair() {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "link-failure",
                7,
                SmallFabrics.fabric(2, 4, 4, 4),
                TransportMode.MRC,
                SmallFabrics.permutation(4_000_000, 2),
                List.of(new FaultSpec.LinkDown(DOWN_PS / 1000, LINK), new FaultSpec.LinkUp(UP_PS / 1000, LINK))));

        sim.runToCompletion(100_000 * US);
        assertTrue(sim.nowPs() > UP_PS, "traffic still flows when the link comes back");
        sim.runUntil(sim.nowPs() + 2_000 * US);
        RunSummary s = sim.summary();

        assertEquals(s.messages().total(), s.messages().completed(), "no message lost");
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
        List<ExclusionEvent> retired = s.evTransitions().stream()
                .filter(e -> e.to() == EvState.ASSUMED_BAD && e.from() == EvState.GOOD)
                .toList();
        assertFalse(retired.isEmpty(), "EVs retired");
        System.out.println(retired.size() + " EVs retired, first "
                + (retired.getFirst().atPs() - DOWN_PS) / 1000
                + " ns after the failure, last " + (retired.getLast().atPs() - DOWN_PS) / 1000 + " ns; transitions "
                + s.evTransitions().size() + "; end " + s.simulatedNs() + " ns");
        for (ExclusionEvent e : retired) {
            assertTrue(e.links().contains(LINK), "only EVs crossing the dead link retire: " + e);
            // A packet lost just before the repair is detected one loss timer (< 100 us) later.
            assertTrue(
                    e.atPs() > DOWN_PS && e.atPs() < UP_PS + 100 * US,
                    "retired for a loss while the link is down: " + e);
        }
        Set<Integer> qps = new HashSet<>();
        for (ExclusionEvent e : retired) {
            if (qps.add(e.qp())) {
                assertTrue(
                        e.atPs() - DOWN_PS < 80 * US,
                        "first retirement of QP " + e.qp() + " within tens of us: " + (e.atPs() - DOWN_PS) / 1000
                                + " ns");
            }
        }
        for (ExclusionEvent e : retired) {
            assertTrue(
                    s.evTransitions().stream()
                            .anyMatch(r -> r.qp() == e.qp()
                                    && r.ev() == e.ev()
                                    && r.reason() == ExclusionReason.PROBE_OK
                                    && r.to() == EvState.GOOD
                                    && r.atPs() > UP_PS),
                    "re-admitted by a probe after the repair: " + e);
        }
        FabricTelemetry t = sim.telemetry();
        for (int qp = 0; qp < t.qpCount(); qp++) {
            for (int ev = 0; ev < t.evCount(qp); ev++) {
                assertEquals(EvState.GOOD, t.evState(qp, ev));
            }
        }
    }

    @Test
    void deadLinkIsProbedAtTheCapWithoutAnEventPerProbe() {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "dead-link",
                7,
                SmallFabrics.fabric(2, 4, 4, 4),
                TransportMode.MRC,
                SmallFabrics.permutation(1_000_000, 1),
                List.of(new FaultSpec.LinkDown(20_000, LINK))));

        sim.runUntil(20_000 * US);
        RunSummary s = sim.summary();

        assertEquals(s.messages().total(), s.messages().completed());
        Map<Long, Long> timeoutsPerEv = s.evTransitions().stream()
                .filter(e -> e.reason() == ExclusionReason.PROBE_TIMEOUT)
                .collect(Collectors.groupingBy(e -> ((long) e.qp() << 32) | e.ev(), Collectors.counting()));
        assertFalse(timeoutsPerEv.isEmpty());
        // 10 us doubling to 1 ms: 7 reported timeouts, an 8th at the cap that makes the EV UNKNOWN,
        // then silence while probing every millisecond.
        assertTrue(timeoutsPerEv.values().stream().allMatch(n -> n <= 8), timeoutsPerEv.toString());
    }

    @Test
    void ecmpBlackholesFlowsOnDeadLinkUntilReconvergence() {
        long reconvergePs = 300 * US;
        TransportConfig ecmp = withReconvergence(TransportConfig.defaults(TransportMode.ECMP), reconvergePs / 1000);
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "ecmp-failure",
                7,
                SmallFabrics.fabric(1, 4, 4, 4),
                ecmp,
                SmallFabrics.permutation(8_000_000, 1),
                List.of()));
        FabricTelemetry t = sim.telemetry();
        sim.runUntil(DOWN_PS);
        int victim = qpLeavingT0Zero(t);
        String link = t.evLinks(victim, 0).get(1);
        sim.faults().linkDown(link);

        sim.runUntil(DOWN_PS + 30 * US);
        long deliveredAfterFailure = t.qpCounter(victim, QpCounter.BYTES_DELIVERED);
        sim.runUntil(DOWN_PS + reconvergePs - 10 * US);
        assertEquals(
                deliveredAfterFailure,
                t.qpCounter(victim, QpCounter.BYTES_DELIVERED),
                "blackholed until routing reconverges");
        sim.runToCompletion(100_000 * US);

        RunSummary s = sim.summary();
        assertEquals(s.messages().total(), s.messages().completed(), "completes after reconvergence");
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
        assertFalse(t.evLinks(victim, 0).contains(link), "rerouted off the dead link");
        assertTrue(sim.nowPs() > DOWN_PS + reconvergePs);
    }

    private static int qpLeavingT0Zero(FabricTelemetry t) {
        for (int qp = 0; qp < t.qpCount(); qp++) {
            if (t.qpSource(qp) < 4 && t.qpDestination(qp) >= 4) {
                return qp;
            }
        }
        throw new AssertionError("no flow leaves T0 0");
    }

    static TransportConfig withReconvergence(TransportConfig c, long reconvergeNs) {
        return new TransportConfig(
                c.mode(),
                c.evsPerQp(),
                c.evMinActive(),
                c.ackEveryPackets(),
                c.sackReorderThreshold(),
                c.evLossTimerRtts(),
                c.probeInitialNs(),
                c.probeMaxNs(),
                c.qpTimerExponent(),
                c.qpRetryCount(),
                c.penaltyEcn(),
                c.penaltyTrim(),
                c.controllerDenyDistinctQps(),
                c.nsccTargetDelayNs(),
                c.nsccMaxCwndBdp(),
                c.nsccGamma(),
                c.nsccMaxMdJump(),
                c.nsccQaThreshold(),
                reconvergeNs,
                c.ecmpAllPlanes(),
                c.nsccFairIncreasePacketsPerRtt());
    }
}
