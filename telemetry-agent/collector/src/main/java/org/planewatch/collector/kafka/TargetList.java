package org.planewatch.collector.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.planewatch.collector.assign.SharePlan;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * Writes the targets file's entries to the targets topic, one record per target keyed by its name
 * with its address as the value, for people reading the topic. The partition a record goes to is the
 * target's share, placed by {@link SharePlan} so that shares carry about as many devices each (ADR
 * 0133); a target the topic lists in another partition (an earlier list, or Kafka's hash of the name
 * before ADR 0133) gets a tombstone there first, so no two shares list it. Every collector does this
 * when it starts: the topic is compacted and the placement depends only on the list, so the same
 * list written twice is the same list. Credentials and TLS files never go to Kafka.
 */
public final class TargetList {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    private TargetList() {}

    public static void publish(CollectorSettings settings) {
        String topic = settings.topics().targets();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientProperties.targetsProducer(settings))) {
            int shares = producer.partitionsFor(topic).size();
            List<TargetConfig> targets = settings.targets().all();
            Map<String, Integer> placed = SharePlan.place(
                    targets.stream()
                            .map(t -> new SharePlan.Entry(t.name(), t.targets().size()))
                            .toList(),
                    shares);
            List<Future<?>> sent = new ArrayList<>();
            listed(settings, shares).forEach((name, partitions) -> {
                for (int partition : partitions) {
                    Integer share = placed.get(name);
                    if (share != null && share != partition) {
                        sent.add(producer.send(new ProducerRecord<>(topic, partition, name, null)));
                    }
                }
            });
            for (TargetConfig target : targets) {
                sent.add(producer.send(
                        new ProducerRecord<>(topic, placed.get(target.name()), target.name(), target.address())));
            }
            producer.flush();
            for (Future<?> future : sent) {
                future.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "cannot write the targets to " + topic + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("writing the targets to " + topic + " timed out");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing the targets");
        }
    }

    /** What the topic lists now: each target name with the partitions whose latest record for it is not a tombstone. */
    static Map<String, List<Integer>> listed(CollectorSettings settings, int shares) {
        String topic = settings.topics().targets();
        Map<String, List<Integer>> listed = new HashMap<>();
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(ClientProperties.readerConsumer(settings, "targets-reader"))) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < shares; p++) {
                partitions.add(new TopicPartition(topic, p));
            }
            PartitionsToEnd.read(consumer, partitions, LIMIT, "what " + topic + " lists", record -> {
                if (record.key() == null) {
                    return;
                }
                List<Integer> in = listed.computeIfAbsent(record.key(), k -> new ArrayList<>());
                in.remove(Integer.valueOf(record.partition()));
                if (record.value() != null) {
                    in.add(record.partition());
                }
            });
        }
        return listed;
    }
}
