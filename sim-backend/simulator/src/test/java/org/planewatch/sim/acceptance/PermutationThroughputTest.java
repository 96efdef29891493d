package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;

/**
 * Acceptance check 2: on one plane of 16 T0 x 16 hosts with 16 T1s, MRC spraying moves a
 * permutation near line rate while ECMP's one hashed path per flow leaves about a third of the T0
 * uplinks idle (the ~1/e collision loss).
 */
class PermutationThroughputTest {
    private static final long BYTES = 2_000_000;
    private static final FabricConfig FABRIC = SmallFabrics.fabric(1, 16, 16, 16);

    @Test
    void mrcSprayingReachesNearLineRateOnEveryHost() {
        RunSummary s = run(TransportMode.MRC).summary();

        double lineRateNs = (BYTES + 64.0 * Math.ceil(BYTES / 4096.0)) * 8 / 100.0;
        System.out.println("MRC " + s.fct() + " ideal " + lineRateNs);
        assertEquals(s.messages().total(), s.messages().completed());
        assertTrue(s.fct().maxNs() < 1.25 * lineRateNs, "slowest host above 80 % of line rate: " + s.fct());
        assertTrue(s.fct().meanNs() < 1.12 * lineRateNs, "mean above 89 % of line rate: " + s.fct());
    }

    @Test
    void ecmpLeavesAboutAThirdOfTheUplinksIdle() {
        Simulation ecmp = run(TransportMode.ECMP);
        Simulation mrc = run(TransportMode.MRC);

        double idleEcmp = idleUplinkFraction(ecmp.telemetry());
        double idleMrc = idleUplinkFraction(mrc.telemetry());
        System.out.println("idle uplinks ECMP " + idleEcmp + " MRC " + idleMrc + " fct ECMP "
                + ecmp.summary().fct() + " MRC " + mrc.summary().fct());
        assertTrue(idleEcmp > 0.25 && idleEcmp < 0.5, "about 1/e of the uplinks idle under ECMP: " + idleEcmp);
        assertEquals(0.0, idleMrc, "MRC uses every uplink");
        assertEquals(
                ecmp.summary().messages().total(), ecmp.summary().messages().completed());
        assertTrue(
                ecmp.summary().fct().maxNs() > 1.5 * mrc.summary().fct().maxNs(),
                "colliding ECMP flows finish far later than sprayed ones");
    }

    @Test
    void ecmpOverAllPlanesPinsEachFlowToOneHashedPlane() {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "ecmp-planes",
                5,
                SmallFabrics.fabric(4, 4, 4, 4),
                TransportMode.ECMP,
                SmallFabrics.permutation(200_000, 1),
                List.of()));
        sim.runToCompletion(100_000 * US);
        FabricTelemetry t = sim.telemetry();

        Set<Integer> planesUsed = new HashSet<>();
        for (int qp = 0; qp < t.qpCount(); qp++) {
            int plane = t.evPlane(qp, 0);
            planesUsed.add(plane);
            int src = t.qpSource(qp);
            for (int p = 0; p < t.planes(); p++) {
                long tx = t.portCounter(t.hostPort(src, p), PortCounter.TX_BYTES);
                assertEquals(p == plane, tx > 100_000, "host " + src + " sends its flow on plane " + plane + " only");
            }
        }
        assertTrue(planesUsed.size() > 1, "flows hashed over several planes: " + planesUsed);
        assertEquals(sim.summary().messages().total(), sim.summary().messages().completed());
    }

    @Test
    void ecmpInAMultiPlaneRunCarriesTrafficOnEveryPlaneAndKeepsUpWithMrcUnderAllToAll() {
        FabricConfig fabric = SmallFabrics.fabric(4, 4, 4, 4);
        Simulation ecmp = runAllToAll(fabric, TransportMode.ECMP);
        Simulation mrc = runAllToAll(fabric, TransportMode.MRC);

        FabricTelemetry t = ecmp.telemetry();
        for (int plane = 0; plane < t.planes(); plane++) {
            long tx = 0;
            for (int host = 0; host < t.hostCount(); host++) {
                tx += t.portCounter(t.hostPort(host, plane), PortCounter.TX_DATA_PAYLOAD_BYTES);
            }
            assertTrue(
                    tx > ecmp.summary().messages().bytesExpected() / (2L * t.planes()), "plane " + plane + ": " + tx);
        }
        long ecmpNs = ecmp.summary().fct().maxNs();
        long mrcNs = mrc.summary().fct().maxNs();
        System.out.println("all-to-all on 4 planes: slowest transfer ECMP " + ecmpNs + " ns, MRC " + mrcNs + " ns");
        assertEquals(
                ecmp.summary().messages().total(), ecmp.summary().messages().completed());
        assertTrue(ecmpNs < 2 * mrcNs && mrcNs < 2 * ecmpNs, "ECMP within 2x of MRC: " + ecmpNs + " vs " + mrcNs);
    }

    private static Simulation runAllToAll(FabricConfig fabric, TransportMode mode) {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "all-to-all-" + mode, 5, fabric, mode, SmallFabrics.allToAll(200_000, 1), List.of()));
        sim.runToCompletion(100_000 * US);
        return sim;
    }

    private static Simulation run(TransportMode mode) {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "permutation-" + mode, 5, FABRIC, mode, SmallFabrics.permutation(BYTES, 1), List.of()));
        sim.runToCompletion(100_000 * US);
        return sim;
    }

    /** T0 up-ports that carried less than a tenth of a flow (ACKs alone do not count as busy). */
    private static double idleUplinkFraction(FabricTelemetry t) {
        int uplinks = 0;
        int idle = 0;
        for (int sw = 0; sw < t.switchCount(); sw++) {
            if (t.switchTier(sw) != 0) {
                continue;
            }
            for (int k = 16; k < t.switchPortCount(sw); k++) {
                uplinks++;
                if (t.portCounter(t.switchPort(sw, k), PortCounter.TX_BYTES) < BYTES / 10) {
                    idle++;
                }
            }
        }
        return (double) idle / uplinks;
    }
}
