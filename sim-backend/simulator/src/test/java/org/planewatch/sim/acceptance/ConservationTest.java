package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.TransportMode;

/** Acceptance check 1: every data packet is accounted for and every byte arrives exactly once, whatever fails. */
class ConservationTest {

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of(
                        "link down and up",
                        List.of(
                                new FaultSpec.LinkDown(20_000, "p0-t0-0~p0-t1-1"),
                                new FaultSpec.LinkUp(150_000, "p0-t0-0~p0-t1-1"))),
                Arguments.of("host link down for good", List.of(new FaultSpec.LinkDown(20_000, "host-5~p1-t0-1"))),
                Arguments.of("flap", List.of(new FaultSpec.LinkFlap(10_000, "p1-t0-1~p1-t1-2", 40_000, 15_000, 4))),
                Arguments.of("gray link", List.of(new FaultSpec.GrayLink(10_000, "p0-t0-2~p0-t1-3", 0.05))),
                Arguments.of("crc errors", List.of(new FaultSpec.CrcErrors(10_000, "p0-t0-3~p0-t1-0", 2e-6))),
                Arguments.of(
                        "switch reboot",
                        List.of(
                                new FaultSpec.SwitchReboot(20_000, "p1-t1-3", 100_000),
                                new FaultSpec.SwitchReboot(30_000, "p0-t0-1", 60_000))),
                Arguments.of(
                        "plane down and up",
                        List.of(new FaultSpec.PlaneDown(20_000, 1), new FaultSpec.PlaneUp(200_000, 1))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void everyByteArrivesExactlyOnceUnderFault(String name, List<FaultSpec> faults) {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "conservation",
                11,
                SmallFabrics.fabric(2, 4, 4, 4),
                TransportMode.MRC,
                SmallFabrics.allToAll(256 * 1024, 2),
                faults));

        sim.runToCompletion(100_000 * US);
        RunSummary s = sim.summary();

        assertTrue(sim.workloadComplete(), "workload complete");
        assertEquals(s.messages().total(), s.messages().completed());
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
        RunSummary.Packets p = s.packets();
        assertEquals(p.sent(), p.delivered() + p.trimmed() + p.dropped() + p.inFlightAtEnd(), p.toString());
        assertTrue(p.dropped() > 0, "the fault dropped packets: " + p);
        assertEquals(
                p.dropped(),
                s.planes().stream().mapToLong(RunSummary.Plane::dropped).sum());
    }
}
