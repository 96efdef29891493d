package org.planewatch.collector.testing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.config.GroupTiming;
import org.planewatch.collector.config.TopicLayout;
import org.planewatch.collector.kafka.PartitionsToEnd;

/** Settings for collectors under test, and a reader of whole topics. */
public final class Collectors {
    private Collectors() {}

    /** Collector c1 of {@code bootstrap} with the default topics on one broker and no targets: for what only needs the topics. */
    public static CollectorSettings withoutTargets(String bootstrap, Path dir) {
        return new CollectorSettings(
                "c1",
                CollectorSettings.DEFAULT_GROUP,
                bootstrap,
                Map.of(),
                TopicLayout.defaults().withReplicationFactor(1),
                GroupTiming.defaults(),
                CollectorTargets.of(dir.resolve("targets.yaml"), List.of()));
    }

    /** The production timing (10 s session, 3 s heartbeats): what the 30 s promise is made with. */
    public static CollectorSettings settings(String id, String bootstrap, Path targetsFile, int shares) {
        return new CollectorSettings(
                id,
                CollectorSettings.DEFAULT_GROUP,
                bootstrap,
                Map.of(),
                TopicLayout.defaults()
                        .withShares(shares)
                        .withUpdatePartitions(3)
                        .withReplicationFactor(1),
                GroupTiming.defaults(),
                CollectorTargets.read(targetsFile));
    }

    /** A consumer outside any group that creates no topic by asking for it. */
    public static KafkaConsumer<String, byte[]> consumer(String bootstrap) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "test-reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        return new KafkaConsumer<>(props);
    }

    /** Every record of {@code topic} now, read from the start by a consumer outside any group. */
    public static List<ConsumerRecord<String, byte[]>> readAll(String bootstrap, String topic) {
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = consumer(bootstrap)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .toList();
            PartitionsToEnd.read(consumer, partitions, Duration.ofSeconds(30), topic, records::add);
        }
        return records;
    }

    /** A free loopback port whose next port is free too (the embedded broker's controller takes it). */
    public static int freePortPair() throws java.io.IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port;
            try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            if (port < 65535) {
                try (java.net.ServerSocket next = new java.net.ServerSocket(port + 1)) {
                    return port;
                } catch (java.io.IOException taken) {
                    // try another
                }
            }
        }
        throw new IllegalStateException("no two free ports in a row");
    }

    public static void await(BooleanSupplier condition, Duration limit, String otherwise) throws InterruptedException {
        await(condition, limit, () -> otherwise);
    }

    /** As {@link #await(BooleanSupplier, Duration, String)}, the failure said as things stand when it fails. */
    public static void await(BooleanSupplier condition, Duration limit, Supplier<String> otherwise)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(otherwise.get() + " within " + limit.toSeconds() + " s");
            }
            Thread.sleep(50);
        }
    }
}
