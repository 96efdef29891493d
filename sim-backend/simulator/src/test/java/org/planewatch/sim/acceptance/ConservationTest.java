package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.PacketAccounting.assertEveryPacketAccountedFor;
import static org.planewatch.sim.acceptance.PacketAccounting.assertSummaryAgrees;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;
import org.planewatch.sim.PacketCensus;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.sim.switching.HeldPackets;
import org.planewatch.sim.switching.PacketClass;

/**
 * Acceptance check 1: every data packet is accounted for and every byte arrives exactly once,
 * whatever fails. The accounts are checked at many instants of each run, not only at its end, and
 * each side of them is counted at a different place (see {@link PacketAccounting}).
 */
@Timeout(120)
class ConservationTest {
    /** Simulated time between two censuses. */
    private static final long CENSUS_EVERY_PS = 25 * US;
    /** Bound for the scenarios that run until their workload completes. */
    private static final long UNTIL_COMPLETE_CAP_PS = 100_000 * US;

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
        Simulation sim = allToAll(faults);

        int censuses = runTakingCensuses(sim, UNTIL_COMPLETE_CAP_PS, true);
        RunSummary s = sim.summary();
        PacketCensus end = sim.packetCensus();

        assertTrue(censuses > 3, "censuses taken during the run: " + censuses);
        assertTrue(sim.workloadComplete(), "workload complete");
        assertEquals(s.messages().total(), s.messages().completed());
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
        assertEveryPacketAccountedFor(end, "end");
        assertSummaryAgrees(s.packets(), end);
        RunSummary.Packets p = s.packets();
        assertTrue(p.dropped() > 0, "the fault dropped packets: " + p);
        assertEquals(
                p.dropped(),
                s.planes().stream().mapToLong(RunSummary.Plane::dropped).sum());
    }

    /** The shipped examples with faults and trimming, run as the CLI runs them. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"link-failure-demo", "gray-link", "incast", "switch-reboot"})
    void everyPacketOfAShippedScenarioIsAccountedForThroughoutTheRun(String name) throws Exception {
        Scenario scenario = ScenarioLoader.load(Path.of("../scenarios", name + ".yaml"));
        Simulation sim = Simulation.build(scenario);
        boolean untilComplete = scenario.durationNs() == 0;
        long endPs = untilComplete ? UNTIL_COMPLETE_CAP_PS : scenario.durationNs() * 1000;

        int censuses = runTakingCensuses(sim, endPs, untilComplete);
        PacketCensus end = sim.packetCensus();

        assertTrue(censuses > 3, "censuses taken during the run: " + censuses);
        assertTrue(sim.workloadComplete(), "workload complete");
        assertEveryPacketAccountedFor(end, "end");
        assertSummaryAgrees(sim.summary().packets(), end);
        assertTrue(end.dataReceived() > 0, "data arrived: " + end);
        long losses = end.dropped(PacketClass.DATA) + end.trimmedBySwitches();
        assertTrue(losses > 0, "the scenario dropped or trimmed data: " + end);
        if (name.equals("incast")) {
            assertTrue(end.trimmedHeadersReceived() > 0, "incast trims and the receiver NACKs: " + end);
        }
    }

    /** The laws are not identities: one packet the walk does not find breaks them. */
    @Test
    void aPacketMissingFromTheQueuesFailsTheAccounts() {
        Simulation sim = allToAll(List.of());
        sim.runUntil(5 * US);
        PacketCensus census = sim.packetCensus();
        assertEveryPacketAccountedFor(census, "5 us");
        assertTrue(census.held().inQueues().get(PacketClass.DATA) > 0, "data queued at 5 us: " + census);

        Map<PacketClass, Long> oneLess = new EnumMap<>(census.held().inQueues());
        oneLess.merge(PacketClass.DATA, -1L, Long::sum);
        HeldPackets leaky =
                new HeldPackets(oneLess, census.held().onWires(), census.held().wireArrivalsPending());
        PacketCensus vanished = new PacketCensus(
                census.dataSentBySenders(),
                census.dataReceived(),
                census.trimmedHeadersReceived(),
                census.stragglersDiscarded(),
                census.trimmedBySwitches(),
                census.dropped(),
                leaky,
                census.poolLive());

        AssertionFailedError failure =
                assertThrows(AssertionFailedError.class, () -> assertEveryPacketAccountedFor(vanished, "leak"));
        assertTrue(failure.getMessage().startsWith("data packets sent"), failure.getMessage());
    }

    /** All-to-all of 256 KiB messages over 2 planes of 4 T0s (16 hosts) under {@code faults}. */
    private static Simulation allToAll(List<FaultSpec> faults) {
        return Simulation.build(SmallFabrics.scenario(
                "conservation",
                11,
                SmallFabrics.fabric(2, 4, 4, 4),
                TransportMode.MRC,
                SmallFabrics.allToAll(256 * 1024, 2),
                faults));
    }

    /**
     * Runs to {@code endPs} (or until the workload completes, when {@code untilComplete}) and checks
     * the accounts every {@link #CENSUS_EVERY_PS}; returns how many censuses it took. The events
     * processed are the same as one call to the end would process.
     */
    private static int runTakingCensuses(Simulation sim, long endPs, boolean untilComplete) {
        int censuses = 0;
        for (long at = CENSUS_EVERY_PS; ; at = Math.min(at + CENSUS_EVERY_PS, endPs)) {
            if (untilComplete) {
                sim.runToCompletion(at);
            } else {
                sim.runUntil(at);
            }
            assertEveryPacketAccountedFor(sim.packetCensus(), "at " + sim.nowPs() / 1000 + " ns");
            censuses++;
            if (at >= endPs || (untilComplete && sim.workloadComplete())) {
                return censuses;
            }
        }
    }
}
