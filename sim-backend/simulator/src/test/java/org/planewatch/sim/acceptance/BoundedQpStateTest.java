package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.QpCounter;

/**
 * A QP keeps per-PSN and per-message state for what is outstanding only: a long loop of steps
 * holds the same state after hundreds of steps as after the first few dozen.
 */
class BoundedQpStateTest {
    private static final int STEPS = 400;
    private static final long MESSAGE_BYTES = 256 * 1024;

    private static long[] stateSlots(FabricTelemetry t) {
        long[] slots = new long[t.qpCount()];
        for (int qp = 0; qp < slots.length; qp++) {
            slots[qp] = t.qpStateSlots(qp);
        }
        return slots;
    }

    @Test
    void qpStateStaysFlatOverManySteps() {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "long-loop",
                3,
                SmallFabrics.fabric(2, 4, 2, 2),
                TransportMode.MRC,
                SmallFabrics.permutation(MESSAGE_BYTES, STEPS),
                List.of()));

        sim.runUntil(400 * US);
        int warmSteps = sim.summary().steps().size();
        long[] afterWarmUp = stateSlots(sim.telemetry());
        sim.runToCompletion(1_000_000 * US);
        RunSummary s = sim.summary();

        assertTrue(warmSteps >= 20 && warmSteps < STEPS / 4, "warm-up covers a few dozen steps: " + warmSteps);
        assertEquals(STEPS, s.steps().size());
        assertEquals(s.messages().total(), s.messages().completed());
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
        assertArrayEquals(afterWarmUp, stateSlots(sim.telemetry()), "state did not grow with the steps");
        FabricTelemetry t = sim.telemetry();
        for (int qp = 0; qp < t.qpCount(); qp++) {
            long psnsPosted = t.qpCounter(qp, QpCounter.MESSAGES_POSTED) * (MESSAGE_BYTES / 4096);
            assertTrue(
                    t.qpStateSlots(qp) < psnsPosted / 10,
                    "QP " + qp + " holds " + t.qpStateSlots(qp) + " slots for " + psnsPosted + " PSNs posted");
        }
    }
}
