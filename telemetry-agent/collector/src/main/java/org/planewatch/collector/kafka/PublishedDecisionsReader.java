package org.planewatch.collector.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.collector.publish.PublishedDecisions;
import org.planewatch.collector.wire.GnmiRecords;

/**
 * Reads what the exclusions topic holds for shares just taken (their partitions, from the start to
 * the end they had when asked) into {@link PublishedDecisions}, before the shares' targets are
 * subscribed to: their agents' rings then publish only what the topic lacks.
 */
final class PublishedDecisionsReader implements AutoCloseable {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private final KafkaConsumer<String, byte[]> consumer;
    private final String topic;

    PublishedDecisionsReader(CollectorSettings settings) {
        this.consumer = new KafkaConsumer<>(ClientProperties.readerConsumer(settings, "published"));
        this.topic = settings.topics().exclusions();
    }

    /** Loads the decisions of {@code shares}; returns how many were read. */
    int load(Collection<Integer> shares, PublishedDecisions into) {
        List<TopicPartition> partitions = new ArrayList<>();
        shares.forEach(s -> partitions.add(new TopicPartition(topic, s)));
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, LIMIT);
        long deadline = System.nanoTime() + LIMIT.toNanos();
        int read = 0;
        while (!caughtUp(ends)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "reading " + topic + " partitions " + shares + " took over " + LIMIT.toSeconds() + " s");
            }
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                try {
                    ExclusionDecision decision = GnmiRecords.decodeDecision(
                            record.value(), Headers.text(record.headers(), Headers.SOURCE, record.key()));
                    into.add(record.partition(), decision.id());
                    read++;
                } catch (IllegalArgumentException notADecision) {
                    // written by something else: not ours to judge, and never a decision we published
                }
            }
        }
        consumer.assign(List.of());
        return read;
    }

    private boolean caughtUp(Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
            if (consumer.position(end.getKey()) < end.getValue()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ofSeconds(1)));
    }
}
