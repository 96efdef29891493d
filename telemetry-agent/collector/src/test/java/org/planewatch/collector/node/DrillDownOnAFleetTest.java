package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.Partitions;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.DrillDownLookBack;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.UpdateIndex;
import org.planewatch.telemetry.schema.InterfaceLeaves;

/**
 * A console's drill-down into one device of a fleet.
 *
 * <p>Under {@code suppress_redundant} an agent sends a port's name and state once, when the collector
 * subscribes, and again only when they change (ADR 0145), and a counter that stopped once more
 * unchanged and then no more (ADR 0147); a drill-down reads the device's raw updates from a look-back
 * of minutes, so a device whose ports have not changed for longer showed no port names, every state
 * unknown (full-scale run 25) and no rate for a counter that stood still (runs 27 and 28). The
 * drill-down now starts from the device's record in the rollups' changelog of remembered leaves.
 * In the tests of that the look-back is a millisecond: the updates the drill-down reads hold no port
 * name, no state and no second sample of a counter; only the changelog does.
 *
 * <p>A drill-down used to read every record of its device's partition over a look-back of 150 s to
 * find the device's own few: some 20 MB at full scale, the larger part of a drill-down's time (run
 * 40: 2.2 s). The rollups now index where each device's records are (ADR 0157), and the drill-down
 * fetches those alone, then reads on from the rollups' committed offset.
 */
class DrillDownOnAFleetTest {
    private static final String HOST = "host-5";
    /** The T0 at one end of the agent's link that goes down for good: that port's counters stand still. */
    private static final String SWITCH = SimAgent.DOWN_LINK.substring(0, SimAgent.DOWN_LINK.indexOf('~'));

    @TempDir
    static Path dir;

    private static SimAgent agent;
    private static KafkaTestCluster kafka;
    private static CollectorNode collector;

    @BeforeAll
    static void startAgentBrokerAndCollector() throws Exception {
        agent = SimAgent.startWithALinkDown();
        kafka = KafkaTestCluster.start();
        Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"), 4);
        collector = CollectorNode.start(
                Collectors.settings("a", kafka.bootstrap(), targets, 8).withSuppressRedundant(true),
                new CollectorNode.Options(true, null, "127.0.0.1"),
                System.out::println);
    }

    @AfterAll
    static void stop() throws Exception {
        if (collector != null) {
            collector.close();
        }
        if (kafka != null) {
            kafka.close();
        }
        if (agent != null) {
            agent.close();
        }
    }

    /** A console whose drill-downs look back a millisecond. */
    private static FleetSession console() {
        return FleetSession.start(
                new FleetAddress(kafka.bootstrap(), Map.of(), "test"), InstantSource.system(), Duration.ofMillis(1));
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aHostDrilledIntoShowsThePortStatesItsAgentSentBeforeTheLookBack() throws Exception {
        Collectors.await(
                () -> rememberedRecordOf(HOST).isPresent(),
                Duration.ofSeconds(90),
                "the rollups did not write " + HOST + "'s remembered leaves to " + FleetTopics.REMEMBERED_LEAVES);
        try (FleetSession console = console()) {
            console.watchDevice(HOST);
            Collectors.await(
                    () -> everyPlaneNamedAndUp(console.snapshots().latest()),
                    Duration.ofSeconds(20),
                    () -> "the drilled-down " + HOST + " does not show its ports' names and states: "
                            + console.snapshots().latest().host(HOST));
            assertEquals(
                    2,
                    console.snapshots()
                            .latest()
                            .host(HOST)
                            .orElseThrow()
                            .planes()
                            .size());
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aSwitchDrilledIntoShowsTheRateOfACounterThatStoodStillBeforeTheLookBackAsZero() throws Exception {
        Collectors.await(
                () -> rememberedRecordOf(SWITCH)
                        .map(DrillDownOnAFleetTest::keepsADownPortsStillOctets)
                        .orElse(false),
                Duration.ofSeconds(90),
                () -> "the rollups did not keep the out-octets of " + SWITCH + "'s down port as standing still: "
                        + rememberedRecordOf(SWITCH)
                                .map(r -> RememberedLeaves.replay(r, "test", SWITCH, 0).stream()
                                        .map(n -> n.updates().stream()
                                                .filter(u -> u.path().toString().contains("eth7"))
                                                .toList())
                                        .toList()
                                        .toString())
                                .orElse("no record"));
        try (FleetSession console = console()) {
            console.watchDevice(SWITCH);
            Collectors.await(
                    () -> downPort(console.snapshots().latest())
                            .map(p -> p.outBps() == 0.0)
                            .orElse(false),
                    Duration.ofSeconds(20),
                    () -> "the drilled-down " + SWITCH + " does not show its down port's out rate as zero: "
                            + downPort(console.snapshots().latest()));
            FabricSnapshot.PortSummary down =
                    downPort(console.snapshots().latest()).orElseThrow();
            assertEquals(true, down.outOctets() > 0, "the counter's value kept: " + down);
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aHostDrilledIntoShowsItsRatesFromTheRecordsItsIndexListsNotItsWholePartition() throws Exception {
        Collectors.await(
                () -> latestOf(FleetTopics.UPDATE_INDEX, HOST)
                        .map(UpdateIndex::decode)
                        .map(i -> i.entries().size() >= 2)
                        .orElse(false),
                Duration.ofSeconds(90),
                "the rollups did not index two of " + HOST + "'s updates in " + FleetTopics.UPDATE_INDEX);
        Collectors.await(
                () -> recordsInItsPartition(HOST) >= 400,
                Duration.ofSeconds(90),
                () -> "the partition of " + HOST + "'s updates holds " + recordsInItsPartition(HOST)
                        + " records, not yet the 400 that make a look-back worth skipping");
        long inThePartition = recordsInItsPartition(HOST);
        try (FleetSession console =
                FleetSession.start(new FleetAddress(kafka.bootstrap(), Map.of(), "test"), InstantSource.system())) {
            console.watchDevice(HOST);
            Collectors.await(
                    () -> everyPlaneUpWithRates(console.snapshots().latest()),
                    Duration.ofSeconds(20),
                    () -> "the drilled-down " + HOST + " does not show every plane UP with rates: "
                            + console.snapshots().latest().host(HOST));
            DrillDownLookBack lookBack = console.lastDrillDownLookBack().orElseThrow();
            System.out.println("drill-down into " + HOST + ": " + lookBack + "; its partition held " + inThePartition
                    + " records");
            assertEquals(HOST, lookBack.device());
            assertTrue(lookBack.throughIndex(), "its look-back was read whole: " + lookBack);
            assertTrue(
                    lookBack.recordsFetched() * 4 < inThePartition,
                    "fetched " + lookBack.recordsFetched() + " records for what its index listed, of the "
                            + inThePartition + " its partition held");
        }
    }

    private static boolean everyPlaneUpWithRates(FabricSnapshot snapshot) {
        return snapshot.host(HOST)
                .map(h -> h.planes().size() == 2
                        && h.planes().stream()
                                .allMatch(p -> p.operStatus().equals("UP")
                                        && Double.isFinite(p.txBps())
                                        && Double.isFinite(p.rxBps())))
                .orElse(false);
    }

    /** How many records the updates partition of {@code device} holds now (the test is younger than a look-back). */
    private static long recordsInItsPartition(String device) {
        int partitions = 3; // Collectors.settings' updates topic
        int number = Partitions.of(device, partitions);
        return Collectors.readAll(kafka.bootstrap(), FleetTopics.UPDATES).stream()
                .filter(r -> r.partition() == number)
                .count();
    }

    private static Optional<FabricSnapshot.PortSummary> downPort(FabricSnapshot snapshot) {
        return snapshot.switchNamed(SWITCH).stream()
                .flatMap(sw -> sw.ports().stream())
                .filter(p -> p.operStatus().equals("DOWN"))
                .findFirst();
    }

    private static boolean everyPlaneNamedAndUp(FabricSnapshot snapshot) {
        return snapshot.host(HOST)
                .map(h -> h.planes().size() == 2
                        && h.planes().stream()
                                .allMatch(p -> p.portName().equals("eth" + p.plane())
                                        && p.operStatus().equals("UP")))
                .orElse(false);
    }

    /**
     * Whether a record keeps a port DOWN and, as standing still, that port's out-octets: the two
     * notifications it replays as, the second with the still counters alone.
     */
    private static boolean keepsADownPortsStillOctets(byte[] record) {
        List<IngestEvent.Notification> replayed = RememberedLeaves.replay(record, "test", SWITCH, 0);
        if (replayed.size() < 2) {
            return false;
        }
        return replayed.getFirst().updates().stream()
                .filter(u -> u.path().last().name().equals(InterfaceLeaves.OPER_STATUS)
                        && u.value().toString().contains("DOWN"))
                .map(u -> u.path().elem(1).key("name"))
                .anyMatch(port -> replayed.get(1).updates().stream()
                        .map(TelemetryUpdate::path)
                        .anyMatch(p -> p.last().name().equals(InterfaceLeaves.OUT_OCTETS)
                                && port.equals(p.elem(1).key("name"))));
    }

    private static Optional<byte[]> rememberedRecordOf(String device) {
        return latestOf(FleetTopics.REMEMBERED_LEAVES, device);
    }

    /** The latest record of {@code device} in {@code changelog}, read whole; empty while there is none. */
    private static Optional<byte[]> latestOf(String changelog, String device) {
        List<ConsumerRecord<String, byte[]>> records;
        try {
            records = Collectors.readAll(kafka.bootstrap(), changelog);
        } catch (KafkaException e) {
            return Optional.empty(); // not made yet: the rollups have not started
        }
        byte[] latest = null;
        for (ConsumerRecord<String, byte[]> record : records) {
            if (device.equals(record.key())) {
                latest = record.value();
            }
        }
        return Optional.ofNullable(latest).filter(v -> v.length > 0);
    }
}
