package org.planewatch.collector.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
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
        int[] read = {0};
        PartitionsToEnd.read(consumer, partitions, LIMIT, topic + " partitions " + shares, record -> {
            try {
                ExclusionDecision decision = GnmiRecords.decodeDecision(
                        record.value(), Headers.text(record.headers(), Headers.SOURCE, record.key()));
                into.add(record.partition(), decision.id());
                read[0]++;
            } catch (IllegalArgumentException notADecision) {
                // written by something else: not ours to judge, and never a decision we published
            }
        });
        consumer.assign(List.of());
        return read[0];
    }

    @Override
    public void close() {
        consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ofSeconds(1)));
    }
}
