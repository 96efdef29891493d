package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;
import org.planewatch.telemetry.worker.ManualNanoClock;

/**
 * Issue 21 item 6: the full-scale source's scenario validates as the full fabric with its scripted
 * incident, and the incident fires as the agent serves it: the same file on a fabric small enough for
 * a test (the devices it names kept), run through the simulated back end.
 */
@Timeout(120)
class FullScaleIncidentScenarioTest {

    private static final Path FILE = Path.of("../../sim-backend/scenarios/scale/full-scale-incident.yaml");
    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;

    @Test
    void theFileIsTheFullFabricWithASpineRebootALinkDownAndAGrayLink() throws Exception {
        Scenario full = ScenarioLoader.load(FILE);
        assertEquals(131_072, full.fabric().hostCount());
        assertEquals(8, full.fabric().planes());
        List<FaultSpec> faults = full.faults();
        assertEquals(3, faults.size(), faults.toString());
        assertTrue(
                faults.get(0) instanceof FaultSpec.SwitchReboot r
                        && r.switchName().contains("-t1-"),
                faults.toString());
        assertTrue(faults.get(1) instanceof FaultSpec.LinkDown, faults.toString());
        assertTrue(faults.get(2) instanceof FaultSpec.GrayLink g && g.dropProbability() > 0, faults.toString());
    }

    @Test
    void theBenchsSmallFileIsTheSameIncidentOn2048Hosts() throws Exception {
        Scenario small = ScenarioLoader.load(FILE.resolveSibling("scale-2048-incident.yaml"));
        Scenario full = ScenarioLoader.load(FILE);
        assertEquals(2_048, small.fabric().hostCount());
        assertEquals(8, small.fabric().planes());
        assertEquals(
                full.faults().stream().map(f -> f.getClass().getSimpleName()).toList(),
                small.faults().stream().map(f -> f.getClass().getSimpleName()).toList(),
                "the same kinds of fault, in the same order");
        Simulation.build(small); // every switch and link it names exists
    }

    @Test
    void itsIncidentFiresAsTheAgentServesIt() throws Exception {
        String text = Files.readString(FILE)
                .replace(
                        "fabric: {planes: 8, hostsPerT0: 256, t0PerPlane: 512, t1PerPlane: 256}",
                        "fabric: {planes: 8, hostsPerT0: 2, t0PerPlane: 16, t1PerPlane: 10}")
                .replace(
                        "hosts: 4096, ringStride: 256, messageBytes: 4194304",
                        "hosts: 32, ringStride: 2, messageBytes: 262144")
                .replace("host-4095~p4-t0-15", "host-31~p4-t0-15")
                // the full fabric's spine 34 and 167 of 256, as the small fabric's 3 and 7 of 10
                .replace("switch: p1-t1-34,", "switch: p1-t1-3,")
                .replace("p2-t0-15~p2-t1-167", "p2-t0-15~p2-t1-7");
        assertTrue(
                text.contains("t0PerPlane: 16")
                        && text.contains("hosts: 32, ringStride: 2")
                        && text.contains("p1-t1-3,")
                        && text.contains("p2-t1-7\""),
                "the file's lines were found");
        Simulation sim = Simulation.build(ScenarioLoader.parse(text, "full-scale-incident-small.yaml", Path.of(".")));
        FabricTelemetry t = sim.telemetry();
        SimulatedBackend backend = new SimulatedBackend(sim, SimOptions.defaults(), 0, new ManualNanoClock(0));

        sim.runUntil(650 * US * 1000);
        backend.publishCurrentState();
        assertEquals("DOWN", operStatusTowards(backend, "p1-t1-3", "p1-t0-0"), "the spine reboots at 0.5 ms");
        assertEquals("DOWN", operStatusTowards(backend, "p1-t0-0", "p1-t1-3"), "as its T0s see it");
        assertEquals("UP", operStatusTowards(backend, "p2-t0-15", "p2-t1-7"));

        sim.runUntil(1_000 * US * 1000);
        backend.publishCurrentState();
        assertEquals("UP", operStatusTowards(backend, "p1-t1-3", "p1-t0-0"), "back after 0.3 ms");
        for (int t0 = 0; t0 < 16; t0++) {
            assertEquals(
                    "UP",
                    operStatusTowards(backend, "p1-t0-" + t0, "p1-t1-3"),
                    "each T0's end is back too: p1-t0-" + t0);
        }
        assertEquals("DOWN", operStatusTowards(backend, "p2-t0-15", "p2-t1-7"), "the link goes down at 0.7 ms");

        sim.runUntil(5 * MS * 1000);
        long lost = t.portCounter(t.hostPort(31, 4), PortCounter.WIRE_LOST_GRAY) + grayLossesTowards(t, "p4-t0-15", 31);
        assertTrue(lost > 0, "the gray link drops packets from 0.9 ms: " + lost);
    }

    /** The oper-status the agent serves for {@code device}'s interface whose LLDP neighbor is {@code peer}. */
    private static String operStatusTowards(SimulatedBackend backend, String device, String peer) {
        Map<TelemetryPath, TelemetryValue> leaves = backend.read(device).leaves();
        for (Map.Entry<TelemetryPath, TelemetryValue> leaf : leaves.entrySet()) {
            TelemetryPath path = leaf.getKey();
            if (path.toString().contains("lldp")
                    && path.toString().endsWith("/system-name")
                    && leaf.getValue().text().equals(peer)) {
                String ifName = path.toString().replaceAll(".*interface\\[name=([^\\]]+)\\].*", "$1");
                return leaves.get(TelemetryPath.parse("/interfaces/interface[name=" + ifName + "]/state/oper-status"))
                        .text();
            }
        }
        throw new AssertionError(device + " has no interface towards " + peer);
    }

    /** Packets the gray link lost on the wire from switch {@code from} towards host {@code host} (ground truth). */
    private static long grayLossesTowards(FabricTelemetry t, String from, int host) {
        int sw = t.switchIndex(from);
        for (int k = 0; k < t.switchPortCount(sw); k++) {
            int port = t.switchPort(sw, k);
            if (t.portPeerNode(port) == host) {
                return t.portCounter(port, PortCounter.WIRE_LOST_GRAY);
            }
        }
        throw new AssertionError(from + " has no port towards host " + host);
    }
}
