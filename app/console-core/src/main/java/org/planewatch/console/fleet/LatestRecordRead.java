package org.planewatch.console.fleet;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.console.telemetry.FleetAddress;

/**
 * A device's latest record in one of the rollups' changelogs, keyed by device: its remembered leaves
 * (ADR 0145) or its update index (ADR 0157). Read on a thread and a consumer of its own, so that a
 * drill-down reads it while it reads the device's updates (at full scale the remembered leaves' read
 * takes about a second). A partition is read from its start to the end it had when asked, keeping the
 * device's last record. Only the newest question is answered: one asked before is answered null at
 * once.
 */
final class LatestRecordRead implements AutoCloseable {
    /** How long a read may take before the drill-down goes on without it: a partition of remembered leaves holds some 30 MB at full scale. */
    static final Duration BOUND = Duration.ofSeconds(20);
    /**
     * A fetch of the one partition a drill-down reads: some three round trips for a partition of
     * about 20 MB at full scale, not twenty at Kafka's 1 MB. The look-back of the device's updates
     * is read with it too.
     */
    static final int PARTITION_FETCH_BYTES = 8 << 20;

    private final KafkaConsumer<String, byte[]> consumer;
    private final String topic;
    /** What the drill-down does without the record, said when a read fails. */
    private final String without;

    private final Thread thread;
    private final AtomicReference<Question> asked = new AtomicReference<>();
    private volatile boolean stopped;

    private record Question(String device, int partition, CompletableFuture<byte[]> answer) {}

    /** What the last read cost: records and bytes read, and how long it took (a drill-down's trace). */
    record Cost(int partition, long records, long bytes, long millis) {}

    private volatile Cost lastCost;

    /**
     * @param topic the changelog read
     * @param role the consumer's part in its client id
     * @param without what the drill-down does without the record, said when a read fails
     */
    LatestRecordRead(FleetAddress address, String topic, String role, String without) {
        this.topic = topic;
        this.without = without;
        this.consumer = FleetClients.consumer(
                address,
                role,
                Map.of(
                        ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                        PARTITION_FETCH_BYTES,
                        // as the drill-down's: a fetch left waiting at a partition's end holds up the
                        // next question's round trips on the same connection
                        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
                        DrillDown.FETCH_MAX_WAIT_MILLIS));
        this.thread =
                Thread.ofPlatform().daemon().name("planewatch-fleet-" + role).unstarted(this::run);
    }

    void start() {
        thread.start();
    }

    /**
     * The latest record of {@code device} in partition {@code partition} (the number its updates have),
     * to come: null when there is none (no rollups run yet, the device not heard, the read not done
     * within {@link #BOUND}, or another question asked since).
     */
    CompletableFuture<byte[]> ask(String device, int partition) {
        Question question = new Question(device, partition, new CompletableFuture<>());
        Question before = asked.getAndSet(question);
        if (before != null) {
            before.answer().complete(null);
            consumer.wakeup();
        }
        synchronized (asked) {
            asked.notifyAll();
        }
        return question.answer();
    }

    /** What the last read that ran to its end cost, or null before the first. */
    Cost lastCost() {
        return lastCost;
    }

    private void run() {
        try {
            // before the first drill-down, which otherwise waits for the metadata on top of its read
            FleetClients.connectAhead(consumer, topic);
            while (!stopped) {
                Question question = asked.get();
                if (question == null || question.answer().isDone()) {
                    awaitQuestion();
                    continue;
                }
                try {
                    question.answer().complete(latestOf(question.device(), question.partition()));
                } catch (WakeupException e) {
                    // Closing, or a newer question (the one before is answered already); a wakeup that
                    // came while no read ran ends the next one: the same question is read again.
                    if (stopped) {
                        question.answer().complete(null);
                    }
                } catch (TimeoutException e) {
                    System.err.println("planewatch: drill-down into " + question.device() + ": " + topic
                            + " did not answer (" + e.getMessage() + "); " + without);
                    question.answer().complete(null);
                }
            }
        } catch (KafkaException e) {
            if (!stopped) {
                System.err.println(
                        "planewatch: drill-down's read of " + topic + " stopped: " + FleetClients.rootMessage(e));
            }
        } finally {
            Question last = asked.get();
            if (last != null) {
                last.answer().complete(null);
            }
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void awaitQuestion() {
        synchronized (asked) {
            Question question = asked.get();
            if (!stopped && (question == null || question.answer().isDone())) {
                try {
                    asked.wait(1_000);
                } catch (InterruptedException e) {
                    stopped = true;
                }
            }
        }
    }

    private byte[] latestOf(String device, int number) {
        List<PartitionInfo> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(10));
        if (partitions == null || number >= partitions.size()) {
            return null;
        }
        TopicPartition changelog = new TopicPartition(topic, number);
        consumer.assign(List.of(changelog));
        long end =
                consumer.endOffsets(List.of(changelog), Duration.ofSeconds(10)).get(changelog);
        consumer.seekToBeginning(List.of(changelog));
        long started = System.nanoTime();
        long deadline = started + BOUND.toNanos();
        byte[] latest = null;
        long records = 0;
        long bytes = 0;
        while (consumer.position(changelog, Duration.ofSeconds(10)) < end) {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                records++;
                bytes += Math.max(0, record.serializedValueSize()) + Math.max(0, record.serializedKeySize());
                if (record.offset() < end && device.equals(record.key())) {
                    latest = record.value(); // null: the device's record was deleted
                }
            }
            if (System.nanoTime() > deadline) {
                System.err.println("planewatch: drill-down into " + device + ": " + topic + " partition " + number
                        + " not read to its end within " + BOUND.toSeconds() + " s; " + without);
                return null;
            }
        }
        lastCost = new Cost(number, records, bytes, (System.nanoTime() - started) / 1_000_000);
        return latest;
    }

    @Override
    public void close() {
        stopped = true;
        consumer.wakeup();
        synchronized (asked) {
            asked.notifyAll();
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
