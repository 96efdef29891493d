package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.EvState;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.ExclusionReason;
import org.planewatch.sim.transport.HostPlaneCounter;

/**
 * An EV retired for a dead link whose probes go unanswered until the back-off reaches its cap
 * becomes UNKNOWN (the NIC has no verdict any more, reason probe-timeout); an answered probe after
 * the repair makes it GOOD.
 */
class EvUnknownTest {
    private static final String LINK = "p0-t0-0~p0-t1-1";
    private static final long DOWN_PS = 50 * US;
    private static final long UP_PS = DOWN_PS + 4_000 * US;

    private static long evsUnknown(FabricTelemetry t) {
        long n = 0;
        for (int h = 0; h < t.hostCount(); h++) {
            for (int p = 0; p < t.planes(); p++) {
                n += t.hostPlaneCounter(h, p, HostPlaneCounter.EVS_UNKNOWN);
            }
        }
        return n;
    }

    private static String key(ExclusionEvent e) {
        return e.qp() + "/" + e.ev();
    }

    @Test
    void retiredEvsWithoutAnsweredProbesAtTheBackoffCapBecomeUnknownAndProbesReadmitThem() {
        List<ExclusionEvent> events = new ArrayList<>();
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "ev-unknown",
                7,
                SmallFabrics.fabric(2, 4, 4, 4),
                TransportMode.MRC,
                SmallFabrics.permutation(4_000_000, 2),
                List.of(new FaultSpec.LinkDown(DOWN_PS / 1000, LINK), new FaultSpec.LinkUp(UP_PS / 1000, LINK))));
        sim.telemetry().addExclusionListener(events::add);
        long capPs = TransportConfig.defaults(TransportMode.MRC).probeMaxNs() * 1000;

        sim.runUntil(UP_PS - 1);
        Set<String> retired = events.stream()
                .filter(e -> e.to() == EvState.ASSUMED_BAD && e.from() == EvState.GOOD)
                .map(EvUnknownTest::key)
                .collect(Collectors.toSet());
        List<ExclusionEvent> unknown =
                events.stream().filter(e -> e.to() == EvState.UNKNOWN).toList();

        assertFalse(retired.isEmpty(), "EVs crossing the dead link retired");
        assertEquals(
                retired,
                unknown.stream().map(EvUnknownTest::key).collect(Collectors.toSet()),
                "every retired EV lost its verdict while the link stayed down");
        assertEquals(retired.size(), unknown.size(), "one UNKNOWN transition per EV, not one per probe");
        for (ExclusionEvent e : unknown) {
            assertEquals(EvState.ASSUMED_BAD, e.from());
            assertEquals(ExclusionReason.PROBE_TIMEOUT, e.reason());
            assertTrue(e.links().contains(LINK), "only EVs crossing the dead link: " + e);
            assertTrue(e.atPs() >= DOWN_PS + capPs, "only after the back-off reached its cap: " + e);
            assertEquals(EvState.UNKNOWN, sim.telemetry().evState(e.qp(), e.ev()));
        }
        assertEquals(unknown.size(), evsUnknown(sim.telemetry()), "counted per NIC port in telemetry");

        sim.runUntil(UP_PS + 2 * capPs + 100 * US);
        List<ExclusionEvent> readmitted =
                events.stream().filter(e -> e.from() == EvState.UNKNOWN).toList();

        assertEquals(retired, readmitted.stream().map(EvUnknownTest::key).collect(Collectors.toSet()));
        for (ExclusionEvent e : readmitted) {
            assertEquals(EvState.GOOD, e.to());
            assertEquals(ExclusionReason.PROBE_OK, e.reason());
            assertTrue(e.atPs() > UP_PS, "re-admitted only after the repair: " + e);
        }
        assertEquals(0, evsUnknown(sim.telemetry()));
    }
}
