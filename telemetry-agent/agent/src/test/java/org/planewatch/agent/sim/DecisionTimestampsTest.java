package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.EvLeaves;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.QpLeaves;
import org.planewatch.telemetry.value.TelemetryValue;
import org.planewatch.telemetry.worker.ManualNanoClock;

/**
 * Exclusion decisions and EV state changes are dated by the wall clock at which the agent saw the
 * simulation take them (ns since the Unix epoch, ADR 0096), not by the scenario's epoch plus simulated
 * time: at dilation 1000 the two differ a thousandfold.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DecisionTimestampsTest {

    private static final long EPOCH_NS = 1_700_000_000_000_000_000L;
    /** Wall time moves 1 ms per simulated microsecond here: dilation 1000. */
    private static final long STEP_PS = 1_000_000;

    @Test
    void decisionsAndEvLastChangeCarryTheWallClockAtWhichTheAgentSawThem() throws Exception {
        Simulation sim = Simulation.build(
                ScenarioLoader.parse(ServedCountersGroundTruthTest.SCENARIO, "three-faults.yaml", Path.of(".")));
        ManualNanoClock wall = new ManualNanoClock(EPOCH_NS);
        SimulatedBackend backend = new SimulatedBackend(
                sim, new SimOptions(1000, 100, null, true, 4096), EPOCH_NS, new ManualNanoClock(0), wall::nanoTime);
        record Seen(ExclusionEvent event, long wallNs) {}
        Map<Integer, List<Seen>> seenByHost = new HashMap<>();
        Map<Long, Long> lastChangeByEv = new HashMap<>();
        sim.telemetry().addExclusionListener(e -> {
            seenByHost.computeIfAbsent(e.host(), h -> new ArrayList<>()).add(new Seen(e, wall.nanoTime()));
            if (e.from() != e.to()) {
                lastChangeByEv.put(((long) e.qp() << 32) | e.ev(), wall.nanoTime());
            }
        });
        for (long t = STEP_PS; t <= 100 * STEP_PS && lastChangeByEv.size() < 20; t += STEP_PS) {
            sim.runUntil(t);
            wall.advance(Duration.ofMillis(1));
        }
        assertFalse(seenByHost.isEmpty(), "the faults made the endpoints take decisions");
        backend.publishCurrentState();

        int checked = 0;
        for (var host : seenByHost.entrySet()) {
            DeviceSnapshot snapshot = backend.read(sim.telemetry().hostName(host.getKey()));
            List<Seen> seen = host.getValue();
            assertEquals(0, uint(snapshot, ExclusionEventRing.RING_STATE.child(ExclusionEventRing.DROPPED_EVENTS)));
            for (int seq = 0; seq < seen.size(); seq++) {
                ExclusionEvent e = seen.get(seq).event();
                long stamped = uint(snapshot, ExclusionEventRing.field(seq, ExclusionEventRing.TIMESTAMP));
                assertEquals(
                        seen.get(seq).wallNs(),
                        stamped,
                        "decision " + seq + " of " + snapshot.target() + " at simulated " + e.atNs()
                                + " ns: the wall clock when seen, not epoch + simulated time ("
                                + (EPOCH_NS + e.atNs()) + ")");
                TelemetryPath lastChange =
                        EvLeaves.state(QpLeaves.qp(e.qp()), e.ev()).child(EvLeaves.LAST_CHANGE);
                assertEquals(
                        (long) lastChangeByEv.getOrDefault(((long) e.qp() << 32) | e.ev(), EPOCH_NS),
                        uint(snapshot, lastChange),
                        "EV last-change of qp " + e.qp() + " ev " + e.ev());
                checked++;
            }
        }
        assertTrue(checked > 0, "some decisions were in the rings");
    }

    private static long uint(DeviceSnapshot snapshot, TelemetryPath path) {
        TelemetryValue v = snapshot.leaves().get(path);
        assertTrue(v instanceof TelemetryValue.Uint, path + " is served: " + v);
        return ((TelemetryValue.Uint) v).value();
    }
}
