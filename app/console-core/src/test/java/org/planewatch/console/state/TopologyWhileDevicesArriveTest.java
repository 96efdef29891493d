package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
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
        return host(k, "leaf-a", millis);
    }

    /** A host of plane 0 whose plane port {@code eth0} is cabled (LLDP) to port {@code swp<k>} of {@code t0}. */
    private static IngestEvent.Notification host(int k, String t0, long millis) {
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
                                new TelemetryValue.Str(t0)),
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

    @Test
    void theWaitAfterALearningCountsTheDevicesHeldAtTheCheckNotTheFewTheLearningSaw() {
        ManualClock clock = new ManualClock(1_000);
        TelemetryStore store = new TelemetryStore(clock);
        store.paceLearning(50);
        for (int k = 0; k < 10; k++) {
            store.apply(List.of(host(k, clock.millis())));
        }
        store.publish(FabricSnapshot.IngestStats.NONE);
        int first = store.topologyLearns();
        assertEquals(1, first, "ten hosts are less than a publication's work: learnt at once");
        for (int k = 10; k < HOSTS; k++) { // the rest of the fabric arrives at once, as at full scale
            store.apply(List.of(host(k, clock.millis())));
        }
        int publications = 0;
        while (store.topologyLearns() == first && publications < 20) {
            clock.advance(Duration.ofSeconds(1));
            store.publish(FabricSnapshot.IngestStats.NONE);
            publications++;
        }
        // 200 hosts and the ports learnt are over 200 items, 50 a publication: the next learning waits
        // at least four more publications (the ten hosts of the last learning would have let it come
        // at the next one).
        assertTrue(publications >= 4, "learnt again after " + publications + " publications");
        assertTrue(publications <= 10, "but learnt: after " + publications + " publications");
    }

    /** A store that has applied every host once and published them (learning the topology at once). */
    private static TelemetryStore everyHostPublished(ManualClock clock) {
        TelemetryStore store = new TelemetryStore(clock);
        for (int k = 0; k < HOSTS; k++) {
            store.apply(List.of(host(k, clock.millis())));
        }
        store.publish(FabricSnapshot.IngestStats.NONE);
        return store;
    }

    @Test
    void aPublicationPacedLongAfterTheOneBeforeCountsAsThePeriodsItStoodForSoItsPacingDoesNotDelayALearning() {
        ManualClock clock = new ManualClock(1_000);
        TelemetryStore store = everyHostPublished(clock);
        // 200 hosts and 400 LLDP ports are 600 items at least: a learning every 6th publication at most
        store.paceLearning(100);
        clock.advance(Duration.ofSeconds(1));
        store.apply(List.of(host(0, "leaf-b", clock.millis())));
        store.publish(FabricSnapshot.IngestStats.NONE); // learns, then paces the next
        int before = store.topologyLearns();

        clock.advance(Duration.ofSeconds(1));
        store.apply(List.of(host(1, "leaf-c", clock.millis())));
        store.publish(FabricSnapshot.IngestStats.NONE);
        assertEquals(before, store.topologyLearns(), "a second later: paced, not learnt yet");
        // A rollup task's next hand-out, paced by its cost (HandOutPacing), half a minute on.
        clock.advance(Duration.ofSeconds(30));
        store.publish(FabricSnapshot.IngestStats.NONE);

        assertEquals(before + 1, store.topologyLearns(), "thirty seconds are thirty publications' pace");
        assertTrue(store.localRoles().t0Planes().containsKey("leaf-c"), "the recabling learnt");
    }

    @Test
    void whileNeighborsKeepChangingLearningsArePacedByTheirCostAndTheLastChangeIsLearnt() {
        ManualClock clock = new ManualClock(1_000);
        TelemetryStore store = everyHostPublished(clock);
        assertEquals(Map.of("leaf-a", 0), store.localRoles().t0Planes());
        // 200 hosts and 400 LLDP ports are 600 items at least: a learning every 6th publication or later
        store.paceLearning(100);
        clock.advance(Duration.ofSeconds(1));
        store.apply(List.of(host(0, "leaf-b", clock.millis())));
        store.publish(FabricSnapshot.IngestStats.NONE); // learns at the default pace, then paces the next
        int before = store.topologyLearns();
        int publications = 60;
        for (int k = 1; k <= publications; k++) { // one host recabled to leaf-b at every publication
            clock.advance(Duration.ofSeconds(1));
            store.apply(List.of(host(k, "leaf-b", clock.millis())));
            store.publish(FabricSnapshot.IngestStats.NONE);
        }
        int learnt = store.topologyLearns() - before;
        assertTrue(learnt >= 1 && learnt <= publications / 6, "learnt " + learnt + " times in " + publications);
        assertTrue(store.localRoles().t0Planes().containsKey("leaf-b"), "what was learnt is newer than the first move");

        for (int k = publications + 1; k < HOSTS; k++) {
            store.apply(List.of(host(k, "leaf-b", clock.millis())));
        }
        int settling = 0;
        while (!store.localRoles().t0Planes().equals(Map.of("leaf-b", 0)) && settling < 20) {
            clock.advance(Duration.ofSeconds(1));
            store.publish(FabricSnapshot.IngestStats.NONE);
            settling++;
        }
        assertEquals(Map.of("leaf-b", 0), store.localRoles().t0Planes(), "the last change is learnt");
        assertTrue(settling >= 2, "not at the next publication, paced: " + settling);
        int settled = store.topologyLearns();
        for (int i = 0; i < 20; i++) {
            clock.advance(Duration.ofSeconds(1));
            store.publish(FabricSnapshot.IngestStats.NONE);
        }
        assertEquals(settled, store.topologyLearns(), "nothing changed: not learnt again");
    }
}
