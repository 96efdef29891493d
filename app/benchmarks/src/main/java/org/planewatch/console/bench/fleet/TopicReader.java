package org.planewatch.console.bench.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The bench's own look at the topics: record counts, sizes on the broker's disk, and reading them. */
final class TopicReader implements AutoCloseable {
    private final KafkaConsumer<String, byte[]> consumer;

    TopicReader(String bootstrap) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "planewatch-fleet-pipeline-bench");
        this.consumer = new KafkaConsumer<>(props);
    }

    List<TopicPartition> partitions(String topic) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(60));
        List<TopicPartition> all = new ArrayList<>();
        if (infos != null) {
            infos.forEach(p -> all.add(new TopicPartition(topic, p.partition())));
        }
        return all;
    }

    /** Records the topic holds now (end minus start offsets, summed over partitions). */
    long records(String topic) {
        List<TopicPartition> parts = partitions(topic);
        Map<TopicPartition, Long> begin = consumer.beginningOffsets(parts, Duration.ofSeconds(60));
        Map<TopicPartition, Long> end = consumer.endOffsets(parts, Duration.ofSeconds(60));
        long n = 0;
        for (TopicPartition p : parts) {
            n += end.get(p) - begin.get(p);
        }
        return n;
    }

    /**
     * Reads up to {@code lastPerPartition} of the newest records of every partition of {@code topic}
     * (all of them when negative), handing each to {@code each}; bounded by {@code bound}.
     */
    void readTail(String topic, long lastPerPartition, Duration bound, Consumer<ConsumerRecord<String, byte[]>> each) {
        List<TopicPartition> parts = partitions(topic);
        consumer.assign(parts);
        Map<TopicPartition, Long> begin = consumer.beginningOffsets(parts, Duration.ofSeconds(60));
        Map<TopicPartition, Long> end = new HashMap<>(consumer.endOffsets(parts, Duration.ofSeconds(60)));
        for (TopicPartition p : parts) {
            long from = lastPerPartition < 0 ? begin.get(p) : Math.max(begin.get(p), end.get(p) - lastPerPartition);
            consumer.seek(p, from);
        }
        long deadline = System.nanoTime() + bound.toNanos();
        while (System.nanoTime() < deadline && parts.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
            for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))) {
                    each.accept(r);
                }
            }
        }
        consumer.assign(Collections.emptyList());
    }

    /** Bytes of a topic's segment files under the broker's log directory (every partition). */
    static long bytesOnDisk(Path logDir, String topic) throws IOException {
        long bytes = 0;
        try (Stream<Path> dirs = Files.list(logDir)) {
            for (Path dir : dirs.filter(
                            d -> d.getFileName().toString().matches(java.util.regex.Pattern.quote(topic) + "-\\d+"))
                    .toList()) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f :
                            files.filter(f -> f.toString().endsWith(".log")).toList()) {
                        bytes += Files.size(f);
                    }
                }
            }
        }
        return bytes;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(2));
    }
}
