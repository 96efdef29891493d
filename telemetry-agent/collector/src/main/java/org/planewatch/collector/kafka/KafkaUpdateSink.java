package org.planewatch.collector.kafka;

import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.publish.UpdateSink;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.telemetry.IngestEvent;

/** Raw notifications to the updates topic, keyed by device (its updates stay in order in one partition). */
public final class KafkaUpdateSink implements UpdateSink, AutoCloseable {
    private final KafkaProducer<String, byte[]> producer;
    private final String topic;
    private final String collector;
    private final LongAdder bytes = new LongAdder();
    private final LongAdder failed = new LongAdder();

    public KafkaUpdateSink(CollectorSettings settings) {
        this.producer = new KafkaProducer<>(ClientProperties.updatesProducer(settings));
        this.topic = settings.topics().updates();
        this.collector = settings.id();
    }

    @Override
    public boolean publish(IngestEvent.Notification notification) {
        byte[] value = GnmiRecords.encode(notification);
        try {
            producer.send(
                    new ProducerRecord<>(
                            topic, null, notification.target(), value, Headers.of(notification.source(), collector)),
                    (metadata, error) -> {
                        if (error != null) {
                            failed.increment();
                        }
                    });
            bytes.add(value.length);
            return true;
        } catch (KafkaException full) {
            // buffer full for max.block.ms, or the producer closing: dropped and counted
            return false;
        }
    }

    /** Encoded bytes handed to the producer (before compression). */
    public long bytes() {
        return bytes.sum();
    }

    /** Notifications the cluster did not take in time (delivery timeout). */
    public long failed() {
        return failed.sum();
    }

    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        producer.close();
    }

    /** Closes at once, without sending what waits (a crash). */
    public void abandon() {
        producer.close(java.time.Duration.ZERO);
    }
}
