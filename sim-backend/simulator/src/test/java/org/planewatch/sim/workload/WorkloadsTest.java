package org.planewatch.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.config.WorkloadConfig.Flow;
import org.planewatch.sim.config.WorkloadType;
import org.planewatch.sim.telemetry.FabricTelemetry;

class WorkloadsTest {
    private static final FabricConfig FABRIC =
            new FabricConfig(2, 4, 2, 4, 100, 1000, 4096, 64, 262_144, 524_288, 50_000, 200_000, true, 0, 8);

    private static RunSummary run(WorkloadConfig workload) {
        Simulation sim = Simulation.build(
                new Scenario("w", 3, FABRIC, TransportConfig.defaults(TransportMode.MRC), workload, List.of(), 0));
        sim.runToCompletion(1_000_000_000_000L);
        assertTrue(sim.workloadComplete());
        return sim.summary();
    }

    @Test
    void permutationSendsOneMessageFromAndToEveryHost() {
        Simulation sim = Simulation.build(new Scenario(
                "p",
                3,
                FABRIC,
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(10_000, 2),
                List.of(),
                0));
        FabricTelemetry t = sim.telemetry();
        Set<Integer> sources = new HashSet<>();
        Set<Integer> destinations = new HashSet<>();
        for (int qp = 0; qp < t.qpCount(); qp++) {
            assertTrue(t.qpSource(qp) != t.qpDestination(qp));
            sources.add(t.qpSource(qp));
            destinations.add(t.qpDestination(qp));
        }
        assertEquals(8, sources.size());
        assertEquals(8, destinations.size());
        sim.runToCompletion(1_000_000_000_000L);
        assertEquals(2, sim.summary().steps().size(), "two rounds");
        assertEquals(16, sim.summary().messages().completed());
    }

    @Test
    void ringAllReduceRunsTwoTimesNMinusOneChainedSteps() {
        RunSummary s = run(
                new WorkloadConfig(WorkloadType.ALLREDUCE, 800_000, 1, 0, 0, 0, WorkloadType.ALLREDUCE, 0, List.of()));
        assertEquals(8 * 14, s.messages().total());
        assertEquals(s.messages().total(), s.messages().completed());
        assertEquals(8 * 14 * 100_000, s.messages().bytesDelivered());
    }

    @Test
    void aStridedRingVisitsEveryHostOnceAndEachHopCrossesToAnotherT0() {
        int hosts = 4096;
        int perT0 = 256;
        RingAllReduce ring = new RingAllReduce(hosts, 4 << 20, perT0);
        Set<Integer> visited = new HashSet<>();
        int host = 0;
        for (int hop = 0; hop < hosts; hop++) {
            assertTrue(visited.add(host), "host " + host + " visited twice");
            int next = ring.successor(host);
            assertTrue(next / perT0 != host / perT0, "hop " + host + " -> " + next + " stays under one T0");
            host = next;
        }
        assertEquals(0, host, "the ring closes on host 0");
        assertEquals(hosts, visited.size());
        assertEquals(1, new RingAllReduce(hosts, 1, 1).successor(0), "stride 1: the next host");
        assertEquals(0, new RingAllReduce(hosts, 1, 1).successor(hosts - 1));
    }

    @Test
    void aStridedRingAllReduceMovesWhatTheHostOrderedOneDoes() {
        RunSummary strided = run(new WorkloadConfig(
                WorkloadType.ALLREDUCE, 800_000, 1, 0, 0, 0, WorkloadType.ALLREDUCE, 0, List.of(), 4));
        assertEquals(8 * 14, strided.messages().total());
        assertEquals(strided.messages().total(), strided.messages().completed());
        assertEquals(8 * 14 * 100_000, strided.messages().bytesDelivered());
        assertThrows(
                IllegalArgumentException.class,
                () -> new RingAllReduce(8, 1, 3),
                "a stride that does not divide the hosts would leave some out");
    }

    @Test
    void trainingLoopRecordsEveryStepWithItsComputeGap() {
        RunSummary s = run(new WorkloadConfig(
                WorkloadType.TRAINING, 64 * 1024, 3, 0, 0, 20_000, WorkloadType.ALLTOALL, 0, List.of()));
        assertEquals(3, s.steps().size());
        long previousEnd = 0;
        for (StepResult step : s.steps()) {
            assertTrue(step.durationNs() > 20_000, "step includes its compute gap: " + step);
            assertEquals(previousEnd, step.startNs());
            assertTrue(step.slowestTransfer().startsWith("host-"), step.slowestTransfer());
            assertEquals(2, step.planeGoodputGbps().size());
            assertEquals(
                    step.goodputGbps(),
                    step.planeGoodputGbps().get(0) + step.planeGoodputGbps().get(1),
                    1e-6);
            assertTrue(
                    step.meanHostGoodputGbps() > 0 && step.meanHostGoodputGbps() < 200,
                    "at most 2 x 100G per host: " + step);
            previousEnd = step.completionNs();
        }
        assertEquals(3 * 56, s.messages().completed());
    }

    @Test
    void incastAndMatrixFlowsComplete() {
        RunSummary incast =
                run(new WorkloadConfig(WorkloadType.INCAST, 100_000, 1, 5, 2, 0, WorkloadType.ALLREDUCE, 0, List.of()));
        assertEquals(5, incast.messages().completed());
        RunSummary matrix =
                run(WorkloadConfig.matrix(List.of(new Flow(0, 5, 50_000, 0), new Flow(3, 1, 70_000, 30_000))));
        assertEquals(2, matrix.messages().completed());
        assertEquals(120_000, matrix.messages().bytesDelivered());
        assertTrue(matrix.simulatedNs() > 30_000, "second flow starts at 30 us");
    }

    @Test
    void workloadThatDoesNotFitTheFabricIsRejected() {
        assertThrows(
                IllegalArgumentException.class,
                () -> run(new WorkloadConfig(
                        WorkloadType.INCAST, 1000, 1, 3, 8, 0, WorkloadType.ALLREDUCE, 0, List.of())));
        assertThrows(
                IllegalArgumentException.class, () -> run(WorkloadConfig.matrix(List.of(new Flow(0, 9, 50_000, 0)))));
        assertThrows(
                IllegalArgumentException.class,
                () -> run(new WorkloadConfig(
                        WorkloadType.PERMUTATION, 1000, 1, 0, 0, 0, WorkloadType.ALLREDUCE, 9, List.of())));
    }
}
