package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.report.RunReport;
import org.planewatch.sim.report.RunReports;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Why full-scale-incident.yaml runs its ring across T0s (ringStride = hostsPerT0) with 64 EVs a QP:
 * the console's localization names a link only when at least 4 paths out of service cross it, and
 * a downed T0-T1 link has to keep that many out for as long as it stays down. A scaled-down copy of
 * the scenario's per-link density (one T1 per host of a T0, 8 EVs a plane) checks both orders: the
 * ring across T0s leaves well over 4 paths out through the link and none elsewhere, the host-ordered
 * ring with 16 EVs (the scenario before) none at all, as no hop of it crossed that link.
 */
class RingAcrossT0sFaultPathsTest {
    private static final String LINK = "p2-t0-3~p2-t1-7";

    @Test
    void aDownLinkUnderARingAcrossT0sKeepsEnoughPathsOutToBeNamed() throws ScenarioException {
        Map<List<Object>, RunReport.EvTransition> last = lastTransitions("ringStride: 16, ", 64);
        long out = last.values().stream().filter(t -> !t.to().equals("GOOD")).count();
        long outThroughLink = last.values().stream()
                .filter(t -> !t.to().equals("GOOD") && t.links().contains(LINK))
                .count();
        assertTrue(outThroughLink >= 8, "paths out through the down link at 1 ms: " + outThroughLink);
        assertEquals(out, outThroughLink, "every path out crosses the down link (no background exclusion)");
    }

    @Test
    void theHostOrderedRingLeavesTooFewPathsOutThroughItForASuspect() throws ScenarioException {
        Map<List<Object>, RunReport.EvTransition> last = lastTransitions("", 16);
        long outThroughLink = last.values().stream()
                .filter(t -> !t.to().equals("GOOD") && t.links().contains(LINK))
                .count();
        assertTrue(outThroughLink < 4, "paths out through the down link at 1 ms: " + outThroughLink);
    }

    /** Each path's (host, QP, EV) last transition after 1 ms, the link having gone down at 0.1 ms. */
    private static Map<List<Object>, RunReport.EvTransition> lastTransitions(String ringOrder, int evsPerQp)
            throws ScenarioException {
        // 4 T0s of 16 hosts and 16 T1s a plane: each T0-T1 link carries about as many of the ring's
        // EVs as one of the full fabric's (256 hosts a T0, 256 T1s); 1 KiB ring chunks as there.
        String yaml = """
                name: ring-across-t0s
                seed: 21
                fabric: {planes: 8, hostsPerT0: 16, t0PerPlane: 4, t1PerPlane: 16}
                transport: {mode: mrc, evsPerQp: %d}
                workload: {type: training, collective: allreduce, hosts: 64, %smessageBytes: 65536, computeGapNs: 20000, repeat: 1000}
                faults:
                  - {atUs: 100, link: "%s", action: down}
                """.formatted(evsPerQp, ringOrder, LINK);
        Scenario scenario = ScenarioLoader.parse(yaml, "ring.yaml", Path.of("."));
        Simulation sim = Simulation.build(scenario);
        sim.runUntil(1_000 * US);
        Map<List<Object>, RunReport.EvTransition> last = new HashMap<>();
        for (RunReport.EvTransition t :
                RunReports.from(scenario, sim.summary(), 0, 0, false).evTransitions()) {
            last.put(List.of(t.host(), t.qp(), t.ev()), t);
        }
        return last;
    }
}
