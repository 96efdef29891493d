package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.fleet.FleetTopics;

/**
 * ADR 0145: under {@code suppress_redundant} an agent sends a port's name and state once, when the
 * collector subscribes, and again only when they change; a drill-down reads the device's raw updates
 * from a look-back of minutes, so a device whose ports have not changed for longer showed no port
 * names and every state unknown (full-scale run 25). The drill-down now starts from the device's
 * record in the rollups' changelog of remembered leaves. Here the look-back is a millisecond: the
 * updates the drill-down reads hold no port name or state at all, only the changelog does.
 */
class DrillDownRemembersLeavesSentOnChangeTest {
    private static final String HOST = "host-5";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aHostDrilledIntoShowsThePortStatesItsAgentSentBeforeTheLookBack() throws Exception {
        try (SimAgent agent = SimAgent.startWithALinkDown();
                KafkaTestCluster kafka = KafkaTestCluster.start()) {
            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"), 4);
            String bootstrap = kafka.bootstrap();
            CollectorNode collector = CollectorNode.start(
                    Collectors.settings("a", bootstrap, targets, 8).withSuppressRedundant(true),
                    new CollectorNode.Options(true, null, "127.0.0.1"),
                    System.out::println);
            try (FleetSession console = FleetSession.start(
                    new FleetAddress(bootstrap, Map.of(), "test"), InstantSource.system(), Duration.ofMillis(1))) {
                Collectors.await(
                        () -> rememberedRecordOf(bootstrap, HOST),
                        Duration.ofSeconds(90),
                        "the rollups did not write " + HOST + "'s remembered leaves to "
                                + FleetTopics.REMEMBERED_LEAVES);

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
            } finally {
                collector.close();
            }
        }
    }

    private static boolean everyPlaneNamedAndUp(FabricSnapshot snapshot) {
        return snapshot.host(HOST)
                .map(h -> h.planes().size() == 2
                        && h.planes().stream()
                                .allMatch(p -> p.portName().equals("eth" + p.plane())
                                        && p.operStatus().equals("UP")))
                .orElse(false);
    }

    /** Whether the changelog holds a record of {@code device}, read whole. */
    private static boolean rememberedRecordOf(String bootstrap, String device) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(FleetTopics.REMEMBERED_LEAVES).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            if (partitions.isEmpty()) {
                return false;
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            boolean found = false;
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    found |= device.equals(record.key()) && record.value() != null;
                }
            }
            return found;
        }
    }
}
