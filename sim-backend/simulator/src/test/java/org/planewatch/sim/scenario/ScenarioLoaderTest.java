package org.planewatch.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.config.WorkloadConfig.Flow;
import org.planewatch.sim.config.WorkloadType;

class ScenarioLoaderTest {

    @TempDir
    Path dir;

    private Scenario parse(String yaml) throws ScenarioException {
        return ScenarioLoader.parse(yaml, "test.yaml", dir);
    }

    @Test
    void loadsTheIssueExampleToTheExpectedRecords() throws ScenarioException {
        Scenario scenario = ScenarioLoader.load(Path.of("../scenarios/link-failure-demo.yaml"));

        assertEquals("link-failure-demo", scenario.name());
        assertEquals(7, scenario.seed());
        assertEquals(
                new FabricConfig(8, 16, 4, 16, 100.0, 1_000, 4_096, 64, 262_144, 524_288, 52_428, 209_715, true, 0, 8),
                scenario.fabric());
        assertEquals(TransportConfig.defaults(TransportMode.MRC), scenario.transport());
        assertEquals(256, scenario.transport().evsPerQp());
        assertEquals(WorkloadConfig.permutation(2_097_152, 4), scenario.workload());
        assertEquals(
                List.of(
                        new FaultSpec.LinkDown(50_000, "p2-t0-1~p2-t1-5"),
                        new FaultSpec.LinkUp(400_000, "p2-t0-1~p2-t1-5")),
                scenario.faults());
        assertEquals(2_000_000, scenario.durationNs());
    }

    @Test
    void keysNotGivenTakeTheirDefaults() throws ScenarioException {
        Scenario scenario = parse("name: minimal\nworkload: {type: permutation}\n");

        assertEquals(ScenarioLoader.DEFAULT_SEED, scenario.seed());
        assertEquals(FabricConfig.defaults(), scenario.fabric());
        assertEquals(TransportConfig.defaults(TransportMode.MRC), scenario.transport());
        assertEquals(WorkloadConfig.permutation(WorkloadReader.DEFAULT_MESSAGE_BYTES, 1), scenario.workload());
        assertEquals(List.of(), scenario.faults());
        assertEquals(0, scenario.durationNs());
    }

    @Test
    void queueSizeGivenAloneScalesHeaderQueueAndEcnThresholds() throws ScenarioException {
        FabricConfig fabric = parse("name: q\nfabric: {queueBytes: 100000}\nworkload: {type: permutation}\n")
                .fabric();

        assertEquals(200_000, fabric.headerQueueBytes());
        assertEquals(20_000, fabric.ecnKminBytes());
        assertEquals(80_000, fabric.ecnKmaxBytes());
    }

    @Test
    void headerQueueWeightIsAFabricParameter() throws ScenarioException {
        FabricConfig fabric = parse("name: h\nfabric: {headerBurstPackets: 3}\nworkload: {type: permutation}\n")
                .fabric();

        assertEquals(3, fabric.headerBurstPackets());
        assertEquals(8, FabricConfig.defaults().headerBurstPackets());
    }

    @Test
    void explicitThresholdsWinOverScaledOnes() throws ScenarioException {
        FabricConfig fabric = parse("name: q\nfabric: {queueBytes: 100000, ecnKminBytes: 5000}\n"
                        + "workload: {type: permutation}\n")
                .fabric();

        assertEquals(5_000, fabric.ecnKminBytes());
        assertEquals(80_000, fabric.ecnKmaxBytes());
    }

    @Test
    void ecmpBaselineDropsAtTheTail() throws ScenarioException {
        Scenario ecmp = parse("name: e\ntransport: {mode: ecmp}\nworkload: {type: permutation}\n");

        assertEquals(TransportMode.ECMP, ecmp.transport().mode());
        assertFalse(ecmp.fabric().trimming());
    }

    @Test
    void evMinActiveFollowsEvsPerQpUnlessGiven() throws ScenarioException {
        TransportConfig derived = parse("name: t\ntransport: {evsPerQp: 32}\nworkload: {type: permutation}\n")
                .transport();
        TransportConfig explicit = parse(
                        "name: t\ntransport: {evsPerQp: 32, evMinActive: 30}\n" + "workload: {type: permutation}\n")
                .transport();

        assertEquals(
                32
                        * TransportConfig.defaults(TransportMode.MRC).evMinActive()
                        / TransportConfig.defaults(TransportMode.MRC).evsPerQp(),
                derived.evMinActive());
        assertEquals(30, explicit.evMinActive());
    }

    @Test
    void everyTransportParameterIsSettable() throws ScenarioException {
        TransportConfig transport = parse("""
                name: t
                transport:
                  mode: uec
                  evsPerQp: 64
                  evMinActive: 8
                  ackEveryPackets: 4
                  sackReorderThreshold: 5
                  evLossTimerRtts: 2.5
                  probeInitialNs: 20000
                  probeMaxNs: 2000000
                  qpTimerExponent: 12
                  qpRetryCount: 3
                  penaltyEcn: 2
                  penaltyTrim: 6
                  controllerDenyDistinctQps: 4
                  nsccTargetDelayNs: 4000
                  nsccMaxCwndBdp: 2.0
                  nsccGamma: 0.7
                  nsccMaxMdJump: 0.4
                  nsccQaThreshold: 3.5
                  ecmpReconvergeNs: 1000000000
                  ecmpAllPlanes: false
                  nsccFairIncreasePacketsPerRtt: 12.5
                workload: {type: permutation}
                """).transport();

        assertEquals(
                new TransportConfig(
                        TransportMode.UEC,
                        64,
                        8,
                        4,
                        5,
                        2.5,
                        20_000,
                        2_000_000,
                        12,
                        3,
                        2,
                        6,
                        4,
                        4_000,
                        2.0,
                        0.7,
                        0.4,
                        3.5,
                        1_000_000_000L,
                        false,
                        12.5),
                transport);
    }

    @Test
    void readsEveryFaultKindWithLinksInCanonicalOrder() throws ScenarioException {
        Scenario scenario = parse("""
                name: faults
                fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2}
                workload: {type: permutation}
                faults:
                  - {atUs: 30, link: "p1-t1-1~p1-t0-0", action: down}
                  - {atUs: 10, link: "p0-t0-1~host-5", action: up}
                  - {atUs: 20, link: "p0-t0-0~p0-t1-1", action: flap, periodUs: 100, downUs: 20, count: 5}
                  - {atUs: 20, link: "host-0~p1-t0-0", action: gray, dropProbability: 0.01}
                  - {atUs: 40, link: "p1-t0-1~p1-t1-0", action: crc, bitErrorRate: 1.0e-9}
                  - {atUs: 50, switch: p0-t1-1, action: reboot, downUs: 250.5}
                  - {atUs: 60, plane: 1, action: down}
                  - {atUs: 70.25, plane: 1, action: up}
                """);

        assertEquals(
                List.of(
                        new FaultSpec.LinkUp(10_000, "host-5~p0-t0-1"),
                        new FaultSpec.LinkFlap(20_000, "p0-t0-0~p0-t1-1", 100_000, 20_000, 5),
                        new FaultSpec.GrayLink(20_000, "host-0~p1-t0-0", 0.01),
                        new FaultSpec.LinkDown(30_000, "p1-t0-0~p1-t1-1"),
                        new FaultSpec.CrcErrors(40_000, "p1-t0-1~p1-t1-0", 1.0e-9),
                        new FaultSpec.SwitchReboot(50_000, "p0-t1-1", 250_500),
                        new FaultSpec.PlaneDown(60_000, 1),
                        new FaultSpec.PlaneUp(70_250, 1)),
                scenario.faults());
    }

    @Test
    void readsPerTypeWorkloadKeys() throws ScenarioException {
        WorkloadConfig incast = parse("name: w\nworkload: {type: incast, senders: 16, receiver: 3, "
                        + "messageBytes: 65536, repeat: 2}\n")
                .workload();
        WorkloadConfig training = parse("name: w\nworkload: {type: training, collective: alltoall, "
                        + "computeGapNs: 50000, repeat: 3, hosts: 32}\n")
                .workload();

        assertEquals(
                new WorkloadConfig(WorkloadType.INCAST, 65_536, 2, 16, 3, 0, WorkloadType.ALLREDUCE, 0, List.of()),
                incast);
        assertEquals(
                new WorkloadConfig(
                        WorkloadType.TRAINING,
                        WorkloadReader.DEFAULT_MESSAGE_BYTES,
                        3,
                        0,
                        0,
                        50_000,
                        WorkloadType.ALLTOALL,
                        32,
                        List.of()),
                training);
    }

    @Test
    void readsMatrixFlowsInlineAndFromAConnectionMatrixBesideTheFile() throws ScenarioException, IOException {
        Files.writeString(
                dir.resolve("two.cm"),
                "Nodes 4\nConnections 2\n0->1 id 1 start 0 size 1000\n" + "2->3 id 2 start 1.5 size 2000\n");
        WorkloadConfig inline = parse("name: m\nworkload:\n  type: matrix\n  flows:\n"
                        + "    - {src: 0, dst: 1, bytes: 1000}\n    - {src: 2, dst: 3, bytes: 2000, startNs: 1500}\n")
                .workload();
        WorkloadConfig fromFile = parse("name: m\nworkload: {type: matrix, connectionMatrix: two.cm}\n")
                .workload();

        List<Flow> expected = List.of(new Flow(0, 1, 1_000, 0), new Flow(2, 3, 2_000, 1_500));
        assertEquals(WorkloadConfig.matrix(expected), inline);
        assertEquals(WorkloadConfig.matrix(expected), fromFile);
    }

    @Test
    void unreadableFileIsAScenarioError() {
        ScenarioException error =
                assertThrows(ScenarioException.class, () -> ScenarioLoader.load(dir.resolve("missing.yaml")));

        assertTrue(
                error.getMessage().startsWith(dir.resolve("missing.yaml") + ": cannot read the file"),
                error.getMessage());
    }
}
