package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Issue 20 item 3: while thousands of devices arrive, the state owner learnt the topology (a walk of
 * every device and LLDP link) at every publication. It learns it again as devices grow by a quarter or
 * every 5th publication, and at the first publication that finds no new device, which shows every
 * device, placed by LLDP.
 */
class TopologyWhileDevicesArriveTest {
    private static final int HOSTS = 200;

    /** A host of plane 0 whose plane port {@code eth0} is cabled (LLDP) to port {@code swp<k>} of switch {@code leaf-a}. */
    private static IngestEvent.Notification host(int k, long millis) {
        String name = "gpu-" + k;
        return new IngestEvent.Notification(
                "fabric",
                name,
                millis * 1_000_000L,
                List.of(
                        new TelemetryUpdate(
                                PlaneLeaves.state(0).child(PlaneLeaves.PORT_NAME), new TelemetryValue.Str("eth0")),
                        new TelemetryUpdate(
                                LldpLeaves.state("eth0", "1").child(LldpLeaves.SYSTEM_NAME),
                                new TelemetryValue.Str("leaf-a")),
                        new TelemetryUpdate(
                                LldpLeaves.state("eth0", "1").child(LldpLeaves.PORT_ID),
                                new TelemetryValue.Str("swp" + k))),
                List.of(),
                millis);
    }

    @Test
    void theTopologyIsLearntAsDevicesGrowByAQuarterAndOnceTheyStopArriving() {
        ManualClock clock = new ManualClock(1_000);
        TelemetryStore store = new TelemetryStore(clock);
        for (int k = 0; k < HOSTS; k++) {
            clock.advance(Duration.ofMillis(100));
            store.apply(List.of(host(k, clock.millis())));
            store.publish(FabricSnapshot.IngestStats.NONE);
        }
        int whileArriving = store.topologyLearns();
        // by quarters or every 5th publication: 48 for 200 devices; every publication learnt it before (200)
        assertTrue(
                whileArriving <= HOSTS / FabricModel.LEARN_AT_LEAST_EVERY + 10,
                "learnt " + whileArriving + " times while " + HOSTS + " hosts arrived");

        clock.advance(Duration.ofMillis(100));
        FabricSnapshot settled = store.publish(FabricSnapshot.IngestStats.NONE);
        assertEquals(HOSTS, settled.hosts().size(), "every host shown once no new device arrives");
        assertEquals(whileArriving + 1, store.topologyLearns());
        clock.advance(Duration.ofMillis(100));
        store.publish(FabricSnapshot.IngestStats.NONE);
        assertEquals(whileArriving + 1, store.topologyLearns(), "nothing changed: not learnt again");
    }
}
