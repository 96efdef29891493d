package org.planewatch.collector.kafka;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * Writes the targets file's entries to the targets topic, one record per target keyed by its name
 * (the partition the key hashes to is the target's share) with its address as the value, for people
 * reading the topic. Every collector does this when it starts: the topic is compacted, so the same
 * list written twice is the same list. Credentials and TLS files never go to Kafka.
 */
public final class TargetList {
    private TargetList() {}

    public static void publish(CollectorSettings settings) {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientProperties.targetsProducer(settings))) {
            java.util.List<java.util.concurrent.Future<?>> sent = new java.util.ArrayList<>();
            for (TargetConfig target : settings.targets().all()) {
                sent.add(producer.send(
                        new ProducerRecord<>(settings.topics().targets(), target.name(), target.address())));
            }
            producer.flush();
            for (var future : sent) {
                future.get(30, TimeUnit.SECONDS);
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "cannot write the targets to " + settings.topics().targets() + ": "
                            + e.getCause().getMessage(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "writing the targets to " + settings.topics().targets() + " timed out");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing the targets");
        }
    }
}
