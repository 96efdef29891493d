package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.QpCounter;

/** Acceptance check 5: with one plane of eight down, throughput settles at 7/8 and never stalls. */
class PlaneLossTest {
    private static final long DOWN_PS = 100 * US;
    private static final long WINDOW_PS = 10 * US;

    @Test
    void onePlaneDownGivesSevenEighthsThroughputWithoutStall() {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "plane-loss",
                9,
                SmallFabrics.fabric(8, 4, 4, 4),
                TransportMode.MRC,
                SmallFabrics.permutation(40_000_000, 1),
                List.of(new FaultSpec.PlaneDown(DOWN_PS / 1000, 3))));
        FabricTelemetry t = sim.telemetry();

        long[] delivered = new long[40];
        for (int w = 0; w < delivered.length; w++) {
            sim.runUntil((w + 1) * WINDOW_PS);
            delivered[w] = delivered(t);
        }
        double before = (delivered[9] - delivered[3]) / 6.0;
        double after = (delivered[39] - delivered[19]) / 20.0;
        System.out.println("per 10 us window before " + before + " after " + after + " ratio " + after / before);
        assertEquals(7.0 / 8, after / before, 0.04, "throughput with 7 of 8 planes");
        for (int w = 10; w < delivered.length; w++) {
            long inWindow = delivered[w] - delivered[w - 1];
            assertTrue(inWindow > 0.5 * after, "no stall in window " + w + ": " + inWindow + " bytes");
        }
        sim.runToCompletion(100_000 * US);
        RunSummary s = sim.summary();
        assertEquals(s.messages().total(), s.messages().completed());
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
    }

    private static long delivered(FabricTelemetry t) {
        long sum = 0;
        for (int qp = 0; qp < t.qpCount(); qp++) {
            sum += t.qpCounter(qp, QpCounter.BYTES_DELIVERED);
        }
        return sum;
    }
}
