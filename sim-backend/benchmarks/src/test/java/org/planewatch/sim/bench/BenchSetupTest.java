package org.planewatch.sim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig.Flow;
import org.planewatch.sim.workload.ConnectionMatrix;

class BenchSetupTest {

    private static final ConnectionMatrix TWO_FLOWS_OVER_128 =
            new ConnectionMatrix(128, List.of(new Flow(0, 127, 2_000_000, 0), new Flow(127, 0, 2_000_000, 0)));

    @Test
    void leafSpinePresetMatchesTheReferenceSetup() {
        FabricConfig fabric = FabricPresets.fabric(FabricPresets.LEAFSPINE_16X16, 1024);

        assertEquals(1, fabric.planes());
        assertEquals(16, fabric.hostsPerT0());
        assertEquals(64, fabric.t0PerPlane());
        assertEquals(16, fabric.t1PerPlane());
        assertEquals(1024, fabric.hostCount());
        assertEquals(100.0, fabric.linkGbps());
        assertEquals(1_000, fabric.linkDelayNs());
        assertEquals(4_150, fabric.mtuBytes() + fabric.headerBytes());
        assertEquals(64, fabric.headerBytes());
        assertEquals(120_350, fabric.queueBytes());
        assertEquals(240_700, fabric.headerQueueBytes());
        assertEquals(24_900, fabric.ecnKminBytes());
        assertEquals(99_600, fabric.ecnKmaxBytes());
        assertEquals(0, fabric.switchLatencyNs());
        assertEquals(true, fabric.trimming());
    }

    @Test
    void leafSpineTransportIsUltraEthernetWith128EntropyValues() {
        TransportConfig transport = FabricPresets.transport(FabricPresets.LEAFSPINE_16X16);

        assertEquals(TransportMode.UEC, transport.mode());
        assertEquals(128, transport.evsPerQp());
        assertEquals(1.5, transport.nsccMaxCwndBdp());
    }

    @Test
    void uecRunsTheMatrixOnOnePlane() {
        Scenario scenario = new BenchSetup(FabricPresets.LEAFSPINE_16X16, TransportMode.UEC, 1, 13)
                .scenario(TWO_FLOWS_OVER_128, "two");

        assertEquals(FabricPresets.fabric(FabricPresets.LEAFSPINE_16X16, 128), scenario.fabric());
        assertEquals(TWO_FLOWS_OVER_128.toWorkload(), scenario.workload());
        assertEquals(13, scenario.seed());
        assertEquals(0, scenario.durationNs());
        assertEquals("leafspine-16x16/two/uec", scenario.name());
    }

    @Test
    void mrcRunsTheSameHostsOnPPlanes() {
        Scenario scenario = new BenchSetup(FabricPresets.LEAFSPINE_16X16, TransportMode.MRC, 8, 1)
                .scenario(TWO_FLOWS_OVER_128, "two");

        assertEquals(FabricPresets.fabric(FabricPresets.LEAFSPINE_16X16, 128).withPlanes(8), scenario.fabric());
        assertEquals(TransportMode.MRC, scenario.transport().mode());
        assertEquals("leafspine-16x16/two/mrc-8p", scenario.name());
    }

    @Test
    void rejectsWhatThePresetCannotRun() {
        assertEquals(
                "leafspine-16x16 needs a positive multiple of 16 hosts, got 100",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> FabricPresets.fabric(FabricPresets.LEAFSPINE_16X16, 100))
                        .getMessage());
        assertEquals(
                "unknown preset 'fattree' (known: leafspine-16x16)",
                assertThrows(IllegalArgumentException.class, () -> FabricPresets.fabric("fattree", 128))
                        .getMessage());
        assertEquals(
                "uec runs on one plane, as the reference does; --planes needs --mode mrc",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new BenchSetup(FabricPresets.LEAFSPINE_16X16, TransportMode.UEC, 8, 1))
                        .getMessage());
    }
}
