package org.planewatch.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.fabric.Topology;

/**
 * Scenario validation and the simulation name the same fabric: every link and switch the
 * simulation builds is accepted under its own name, and canonical names are the simulation's.
 */
class FabricNamesAgreeWithTopologyTest {

    private static final FabricConfig FABRIC =
            new FabricConfig(3, 4, 3, 5, 100, 1_000, 4_096, 64, 100_000, 200_000, 20_000, 80_000, true, 0, 8);

    @Test
    void everyLinkOfTheSimulationIsAcceptedEitherWayRoundUnderItsCanonicalName() {
        Topology topology = new Topology(FABRIC);
        FabricNames names = new FabricNames(FABRIC);

        assertEquals(
                FABRIC.hostCount() * FABRIC.planes() + FABRIC.planes() * FABRIC.t0PerPlane() * FABRIC.t1PerPlane(),
                topology.linkCount,
                "links the naming rule admits");
        for (int link = 0; link < topology.linkCount; link++) {
            String name = topology.linkName(link);
            String[] ends = name.split("~");
            assertEquals(name, names.canonicalLink(name));
            assertEquals(name, names.canonicalLink(ends[1] + "~" + ends[0]));
        }
    }

    @Test
    void everySwitchOfTheSimulationIsAccepted() {
        Topology topology = new Topology(FABRIC);
        FabricNames names = new FabricNames(FABRIC);

        assertEquals(FABRIC.switchCount(), topology.switches);
        for (int sw = 0; sw < topology.switches; sw++) {
            assertEquals(topology.switchName(sw), names.checkSwitch(topology.switchName(sw)));
        }
    }
}
