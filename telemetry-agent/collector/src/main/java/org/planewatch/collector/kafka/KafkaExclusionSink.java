package org.planewatch.collector.kafka;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.collector.publish.ExclusionSink;
import org.planewatch.collector.wire.GnmiRecords;

/**
 * Exclusion decisions to the exclusions topic, keyed by device, each into the partition numbered
 * like its target's share (ADR 0099).
 */
public final class KafkaExclusionSink implements ExclusionSink, AutoCloseable {
    private final KafkaProducer<String, byte[]> producer;
    private final String topic;
    private final String collector;

    public KafkaExclusionSink(CollectorSettings settings) {
        this.producer = new KafkaProducer<>(ClientProperties.exclusionsProducer(settings));
        this.topic = settings.topics().exclusions();
        this.collector = settings.id();
    }

    @Override
    public CompletableFuture<Void> publish(ExclusionDecision decision, int share) {
        CompletableFuture<Void> stored = new CompletableFuture<>();
        try {
            producer.send(
                    new ProducerRecord<>(
                            topic,
                            share,
                            decision.device(),
                            GnmiRecords.encode(decision),
                            Headers.of(decision.source(), collector)),
                    (metadata, error) -> {
                        if (error == null) {
                            stored.complete(null);
                        } else {
                            stored.completeExceptionally(error);
                        }
                    });
        } catch (KafkaException e) {
            stored.completeExceptionally(e);
        }
        return stored;
    }

    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        producer.close();
    }

    /** Closes at once, without sending what waits (a crash). */
    public void abandon() {
        producer.close(Duration.ZERO);
    }
}
