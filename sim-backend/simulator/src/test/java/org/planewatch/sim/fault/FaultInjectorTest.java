package org.planewatch.sim.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;

class FaultInjectorTest {
    private static final FabricConfig FABRIC =
            new FabricConfig(2, 4, 4, 4, 100, 1000, 4096, 64, 262_144, 524_288, 50_000, 200_000, true, 0, 8);

    private static Scenario scenario(List<FaultSpec> faults) {
        return new Scenario(
                "faults",
                1,
                FABRIC,
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(64 * 1024, 1),
                faults,
                0);
    }

    @Test
    void unknownLinkIsRejectedWithItsNameAndFaultNumber() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Simulation.build(scenario(List.of(
                        new FaultSpec.LinkDown(10, "p0-t0-0~p0-t1-1"),
                        new FaultSpec.LinkDown(10, "p0-t0-9~p0-t1-1")))));
        assertTrue(e.getMessage().contains("fault 2"), e.getMessage());
        assertTrue(e.getMessage().contains("'p0-t0-9~p0-t1-1'"), e.getMessage());
    }

    @Test
    void unknownSwitchPlaneAndBadParametersAreRejected() {
        assertThrows(
                IllegalArgumentException.class,
                () -> Simulation.build(scenario(List.of(new FaultSpec.SwitchReboot(0, "p0-t2-0", 10)))));
        IllegalArgumentException plane = assertThrows(
                IllegalArgumentException.class,
                () -> Simulation.build(scenario(List.of(new FaultSpec.PlaneDown(0, 2)))));
        assertTrue(plane.getMessage().contains("unknown plane 2"), plane.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> Simulation.build(scenario(List.of(new FaultSpec.GrayLink(0, "host-1~p0-t0-0", 1.5)))));
        assertThrows(
                IllegalArgumentException.class,
                () -> Simulation.build(scenario(List.of(new FaultSpec.LinkFlap(0, "host-1~p0-t0-0", 10, 20, 1)))));
        assertThrows(
                IllegalArgumentException.class,
                () -> Simulation.build(scenario(List.of(new FaultSpec.LinkDown(-1, "host-1~p0-t0-0")))));
    }

    @Test
    void javaApiFaultsTakeEffectAtOnceAndFlapsCount() {
        Simulation sim = Simulation.build(scenario(List.of()));
        FabricTelemetry t = sim.telemetry();
        int link = t.linkIndex("p1-t0-2~p1-t1-3");
        sim.runUntil(5_000_000);

        sim.faults().linkDown("p1-t0-2~p1-t1-3");
        sim.step();
        assertFalse(t.linkUp(link));
        sim.faults().linkUp("p1-t0-2~p1-t1-3");
        sim.step();
        assertTrue(t.linkUp(link));

        sim.faults().flap("p1-t0-2~p1-t1-3", 10_000, 4_000, 3);
        sim.runUntil(sim.nowPs() + 35_000_000);
        assertTrue(t.linkUp(link));
        int upperPort = t.switchPort(t.switchIndex("p1-t1-3"), 2);
        assertEquals(4, t.portCounter(upperPort, PortCounter.FLAPS));

        sim.faults().rebootSwitch("p0-t1-0", 20_000);
        sim.step();
        int sw = t.switchIndex("p0-t1-0");
        for (int k = 0; k < t.switchPortCount(sw); k++) {
            assertEquals(0, t.portCounter(t.switchPort(sw, k), PortCounter.OPER_UP));
        }
        sim.runUntil(sim.nowPs() + 25_000_000);
        assertEquals(1, t.portCounter(t.switchPort(sw, 0), PortCounter.OPER_UP));
        assertThrows(IllegalArgumentException.class, () -> sim.faults().linkDown("host-99~p0-t0-0"));
    }

    @Test
    void aLinkDownHoldsThroughTheEndOfARebootOfItsSwitch() {
        Simulation sim = Simulation.build(scenario(List.of(
                new FaultSpec.LinkDown(5_000, "p0-t0-1~p0-t1-0"),
                new FaultSpec.SwitchReboot(10_000, "p0-t1-0", 20_000))));
        FabricTelemetry t = sim.telemetry();

        sim.runUntil(40_000_000);

        assertFalse(t.linkUp(t.linkIndex("p0-t0-1~p0-t1-0")), "the link-down outlasts the reboot");
        assertTrue(t.linkUp(t.linkIndex("p0-t0-0~p0-t1-0")), "the switch's other links are back");
        sim.faults().linkUp("p0-t0-1~p0-t1-0");
        sim.step();
        assertTrue(t.linkUp(t.linkIndex("p0-t0-1~p0-t1-0")));
    }

    @Test
    void aLinkDownAndARebootHoldThroughAPlaneUp() {
        Simulation sim = Simulation.build(scenario(List.of(
                new FaultSpec.LinkDown(5_000, "host-2~p1-t0-0"),
                new FaultSpec.PlaneDown(10_000, 1),
                new FaultSpec.SwitchReboot(12_000, "p1-t1-3", 30_000),
                new FaultSpec.PlaneUp(20_000, 1))));
        FabricTelemetry t = sim.telemetry();

        sim.runUntil(25_000_000);
        assertFalse(t.linkUp(t.linkIndex("host-2~p1-t0-0")), "the link-down outlasts the plane-up");
        assertFalse(t.linkUp(t.linkIndex("p1-t0-2~p1-t1-3")), "so does the reboot, still under way");
        assertTrue(t.linkUp(t.linkIndex("host-3~p1-t0-0")), "the plane's other links are back");
        assertTrue(t.linkUp(t.linkIndex("p1-t0-2~p1-t1-2")));

        sim.runUntil(45_000_000);
        assertTrue(t.linkUp(t.linkIndex("p1-t0-2~p1-t1-3")), "the reboot is over");
        assertFalse(t.linkUp(t.linkIndex("host-2~p1-t0-0")), "the link-down is not");
    }
}
