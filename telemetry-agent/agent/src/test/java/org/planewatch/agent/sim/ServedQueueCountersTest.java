package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;
import org.planewatch.telemetry.worker.ManualNanoClock;

/** The queue leaves of a switch port that an incast overflows, held against the simulator's ground truth. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServedQueueCountersTest {

    /** One plane, 8 hosts under one T0; a header queue of four headers, so ACKs and NACKs overflow it. */
    private static Simulation incast() {
        FabricConfig fabric =
                new FabricConfig(1, 8, 1, 1, 100, 1000, 4096, 64, 65_536, 256, 13_107, 52_428, true, 0, 8);
        List<WorkloadConfig.Flow> flows = new ArrayList<>();
        for (int src = 1; src < 8; src++) {
            flows.add(new WorkloadConfig.Flow(src, 0, 256 * 1024, 0));
        }
        return Simulation.build(new Scenario(
                "incast",
                5,
                fabric,
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.matrix(flows),
                List.of(),
                0));
    }

    private static long leaf(SimulatedBackend backend, String device, String queue, String leaf) {
        TelemetryValue v = backend.read(device)
                .leaves()
                .get(TelemetryPath.parse("/qos/interfaces/interface[interface-id=eth0]/output/queues/queue[name="
                        + queue + "]/state/" + leaf));
        return ((TelemetryValue.Uint) v).value();
    }

    @Test
    void avgQueueLenIsTheDepthAveragedOverTheIntervalNotTheDepthAtTheSample() {
        Simulation sim = incast();
        FabricTelemetry t = sim.telemetry();
        SimulatedBackend backend = new SimulatedBackend(sim, SimOptions.defaults(), 0, new ManualNanoClock(0));
        int port = t.switchPort(0, 0); // the T0's port down to host-0: the incast's last hop
        String device = t.switchName(0);

        // Ground truth: the depth only changes at events, so depth x time summed event by event.
        long from = sim.nowPs();
        long last = from;
        long dataDepth = t.portCounter(port, PortCounter.DATA_QUEUE_BYTES);
        long headerDepth = t.portCounter(port, PortCounter.HEADER_QUEUE_BYTES);
        long dataIntegral = 0;
        long headerIntegral = 0;
        while (sim.nowPs() < 30_000_000 && sim.step()) {
            long now = sim.nowPs();
            dataIntegral += dataDepth * (now - last);
            headerIntegral += headerDepth * (now - last);
            last = now;
            dataDepth = t.portCounter(port, PortCounter.DATA_QUEUE_BYTES);
            headerDepth = t.portCounter(port, PortCounter.HEADER_QUEUE_BYTES);
        }
        backend.publishCurrentState();

        long elapsed = sim.nowPs() - from;
        long dataAverage = leaf(backend, device, "data", "avg-queue-len");
        assertEquals(dataIntegral / elapsed, dataAverage);
        assertEquals(headerIntegral / elapsed, leaf(backend, device, "header", "avg-queue-len"));
        assertTrue(dataAverage > 0, "the incast queued");
        assertTrue(dataAverage < leaf(backend, device, "data", "max-queue-len"));
        assertNotEquals(dataDepth, dataAverage, "the depth at the sample is another number");
    }

    @Test
    void dropsOfAFullHeaderQueueAreTheHeaderQueuesAndTheDataQueueTrimsInsteadOfDropping() {
        Simulation sim = incast();
        FabricTelemetry t = sim.telemetry();
        SimulatedBackend backend = new SimulatedBackend(sim, SimOptions.defaults(), 0, new ManualNanoClock(0));
        sim.runToCompletion(200_000_000);
        backend.publishCurrentState();

        long headerDrops = 0;
        long dataDrops = 0;
        for (int k = 0; k < t.switchPortCount(0); k++) {
            int port = t.switchPort(0, k);
            String device = t.switchName(0);
            TelemetryPath q = TelemetryPath.parse("/qos/interfaces/interface[interface-id=eth" + k
                    + "]/output/queues/queue[name=header]/state/dropped-pkts");
            long header = ((TelemetryValue.Uint) backend.read(device).leaves().get(q)).value();
            assertEquals(
                    t.portCounter(port, PortCounter.DROP_HEADER_QUEUE_FULL)
                            + t.portCounter(port, PortCounter.TRIMMED_THEN_DROPPED),
                    header,
                    "eth" + k);
            TelemetryPath d = TelemetryPath.parse("/qos/interfaces/interface[interface-id=eth" + k
                    + "]/output/queues/queue[name=data]/state/dropped-pkts");
            dataDrops += ((TelemetryValue.Uint) backend.read(device).leaves().get(d)).value();
            headerDrops += header;
        }
        assertTrue(headerDrops > 0, "the header queue overflowed");
        assertEquals(0, dataDrops, "with trimming on, a full data queue trims: it drops nothing");
    }
}
