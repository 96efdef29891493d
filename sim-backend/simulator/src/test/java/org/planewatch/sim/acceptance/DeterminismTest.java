package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportMode;

/** Acceptance check 6: the same scenario and seed give the same event trace. */
class DeterminismTest {

    private static Scenario scenario(long seed) {
        return SmallFabrics.scenario(
                "determinism",
                seed,
                SmallFabrics.fabric(2, 4, 4, 4),
                TransportMode.MRC,
                SmallFabrics.allToAll(128 * 1024, 1),
                List.of(
                        new FaultSpec.LinkDown(20_000, "p1-t0-2~p1-t1-0"),
                        new FaultSpec.GrayLink(10_000, "p0-t0-1~p0-t1-3", 0.02),
                        new FaultSpec.LinkUp(200_000, "p1-t0-2~p1-t1-0")));
    }

    private static RunSummary run(long seed) {
        Simulation sim = Simulation.build(scenario(seed));
        sim.runToCompletion(100_000 * US);
        return sim.summary();
    }

    @Test
    void sameSeedGivesSameEventTrace() {
        RunSummary first = run(42);
        RunSummary second = run(42);

        assertEquals(first.traceDigest(), second.traceDigest());
        assertEquals(first.events(), second.events());
        assertEquals(first.evTransitions(), second.evTransitions());
        assertEquals(first, second);
    }

    @Test
    void anotherSeedGivesAnotherTrace() {
        assertNotEquals(run(42).traceDigest(), run(43).traceDigest());
    }
}
