package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.telemetry.schema.InterfaceLeaves;

/**
 * Under {@code suppress_redundant} an agent sends a port's name and state once, when the collector
 * subscribes, and again only when they change (ADR 0145), and a counter that stopped once more
 * unchanged and then no more (ADR 0147); a drill-down reads the device's raw updates from a look-back
 * of minutes, so a device whose ports have not changed for longer showed no port names, every state
 * unknown (full-scale run 25) and no rate for a counter that stood still (runs 27 and 28). The
 * drill-down now starts from the device's record in the rollups' changelog of remembered leaves.
 * Here the look-back is a millisecond: the updates the drill-down reads hold no port name, no state
 * and no second sample of a counter; only the changelog does.
 */
class DrillDownRemembersLeavesSentOnChangeTest {
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
                        .map(DrillDownRemembersLeavesSentOnChangeTest::keepsADownPortsStillOctets)
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

    /** The latest record of {@code device} in the changelog, read whole; empty while there is none. */
    private static Optional<byte[]> rememberedRecordOf(String device) {
        List<ConsumerRecord<String, byte[]>> records;
        try {
            records = Collectors.readAll(kafka.bootstrap(), FleetTopics.REMEMBERED_LEAVES);
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
