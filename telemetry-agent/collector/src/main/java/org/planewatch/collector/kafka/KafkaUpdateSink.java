package org.planewatch.collector.kafka;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TimeoutException;
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
    /** Written by the one thread that publishes, the forwarder's. */
    private final GnmiRecords.Writer records = GnmiRecords.writer();

    public KafkaUpdateSink(CollectorSettings settings) {
        this.producer = new KafkaProducer<>(ClientProperties.updatesProducer(settings));
        this.topic = settings.topics().updates();
        this.collector = settings.id();
    }

    @Override
    public boolean publish(IngestEvent.Notification notification) {
        byte[] value = records.encode(notification);
        // The producer reports a record it refused at once (no room in its buffer, or no metadata,
        // within max.block.ms) through the future and callback, on this thread, not by throwing.
        boolean[] sending = {true};
        Future<RecordMetadata> sent;
        try {
            sent = producer.send(
                    new ProducerRecord<>(
                            topic, null, notification.target(), value, Headers.of(notification.source(), collector)),
                    (metadata, error) -> {
                        if (error != null && !(sending[0] && error instanceof TimeoutException)) {
                            failed.increment();
                        }
                    });
        } catch (KafkaException closing) {
            return false; // the producer is closing: the forwarder is stopping too
        } finally {
            sending[0] = false;
        }
        if (refusedForNow(sent)) {
            return false; // full: the forwarder offers it again, and the agents wait meanwhile (ADR 0112)
        }
        bytes.add(value.length);
        return true;
    }

    /** Whether the producer gave up on the record at once for want of room or metadata (a timeout). */
    private static boolean refusedForNow(Future<RecordMetadata> sent) {
        if (!sent.isDone()) {
            return false;
        }
        try {
            sent.get();
            return false;
        } catch (ExecutionException e) {
            return e.getCause() instanceof TimeoutException;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
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
