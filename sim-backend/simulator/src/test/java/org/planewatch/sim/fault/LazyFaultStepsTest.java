package org.planewatch.sim.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;

/**
 * A fault's steps are scheduled one at a time (a flap's next down when its up is taken), so a flap
 * holds one pending step whatever its count, and still takes its steps exactly where scheduling all
 * of them up front put them: same times, same order among faults at the same time, same trace.
 */
class LazyFaultStepsTest {
    private static final FabricConfig FABRIC =
            new FabricConfig(2, 4, 4, 4, 100, 1000, 4096, 64, 262_144, 524_288, 50_000, 200_000, true, 0, 8);
    private static final String LINK = "p1-t0-2~p1-t1-3";
    private static final long US = 1_000_000L;

    private static Scenario scenario(List<FaultSpec> faults) {
        return new Scenario(
                "lazy",
                5,
                FABRIC,
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(256 * 1024, 2),
                faults,
                0);
    }

    @Test
    void aFlapOfTheLargestCountHoldsOnePendingStepAndFlapsOncePerPeriod() {
        Simulation sim = Simulation.build(
                scenario(List.of(new FaultSpec.LinkFlap(10_000, LINK, 20_000, 5_000, Integer.MAX_VALUE))));
        FabricTelemetry t = sim.telemetry();
        int upperPort = t.switchPort(t.switchIndex("p1-t1-3"), 2);

        assertEquals(1, sim.faults().pendingFaults());
        sim.runUntil(10 * US + 7 * 20 * US + 2 * US);

        assertEquals(1, sim.faults().pendingFaults(), "still one step pending after 8 periods");
        assertEquals(8, t.portCounter(upperPort, PortCounter.FLAPS));
        assertEquals(0, t.portCounter(upperPort, PortCounter.OPER_UP), "down 2 us into its 8th period");
    }

    @Test
    void aFlapTracesExactlyLikeItsStepsWrittenOutAsFaults() {
        List<FaultSpec> writtenOut = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            writtenOut.add(new FaultSpec.LinkDown(3_000 + k * 7_000L, LINK));
            writtenOut.add(new FaultSpec.LinkUp(3_000 + k * 7_000L + 2_500, LINK));
        }
        RunSummary flapped = run(List.of(new FaultSpec.LinkFlap(3_000, LINK, 7_000, 2_500, 40)));
        RunSummary stepByStep = run(writtenOut);

        assertEquals(stepByStep.traceDigest(), flapped.traceDigest());
        assertEquals(stepByStep.evTransitions(), flapped.evTransitions());
        assertEquals(stepByStep.events(), flapped.events());
    }

    @Test
    void aFlapStepKeepsItsPlaceAmongFaultsAtTheSameTime() {
        // Scheduled up front, the flap's second down (at 30 us) had a lower sequence than the repair
        // scheduled after it for the same time, so it came first and the link ended the instant up.
        Simulation sim = Simulation.build(scenario(
                List.of(new FaultSpec.LinkFlap(10_000, LINK, 20_000, 5_000, 2), new FaultSpec.LinkUp(30_000, LINK))));
        FabricTelemetry t = sim.telemetry();

        sim.runUntil(30 * US);

        assertTrue(t.linkUp(t.linkIndex(LINK)), "the repair at 30 us comes after the flap's down at 30 us");
        sim.runUntil(36 * US);
        assertTrue(t.linkUp(t.linkIndex(LINK)), "and the flap's up at 35 us leaves it up");
    }

    private static RunSummary run(List<FaultSpec> faults) {
        Simulation sim = Simulation.build(scenario(faults));
        sim.runToCompletion(2_000 * US);
        return sim.summary();
    }
}
