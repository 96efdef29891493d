package org.planewatch.console.fleet;

import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.FleetTopics;

/**
 * The raw updates of the one device a view drilled into, from the updates topic (ADR 0102): the
 * collectors key every notification by its device, so only the partition that key hashes to is
 * read (the producer's own murmur2 partitioner), from {@code lookback} ago so that counters have
 * two samples to make rates from, and only records with that key are decoded, into a store of
 * their own. What the device's agent sent only when it changed (port names and states, speeds, LLDP
 * neighbors, EV counts), perhaps hours before the look-back, comes first: the device's latest record
 * in the rollups' changelog of remembered leaves, in the partition of the same number (ADR 0145).
 * Another device replaces the one watched. A thread of its own.
 */
final class DrillDown implements AutoCloseable {
    private static final int EVENT_CAPACITY = 1_024;
    /**
     * How long a drill-down reads the remembered leaves before it goes on without them: a changelog
     * partition compacted as the collectors ask holds some 20 MB at full scale (ADR 0145).
     */
    private static final Duration REMEMBERED_BOUND = Duration.ofSeconds(20);
    /**
     * A fetch of a partition: it reads one at a time, and a changelog partition is read whole, in
     * some twenty round trips at Kafka's 1 MB rather than a hundred.
     */
    private static final int PARTITION_FETCH_BYTES = 8 << 20;

    private final FleetAddress address;
    private final InstantSource clock;
    private final Duration lookback;
    private final KafkaConsumer<String, byte[]> consumer;
    /** The consumer thread's decoder of the updates it reads. */
    private final NotificationRecords.Reader records = NotificationRecords.reader();

    private final Thread thread;
    private final AtomicReference<String> requested = new AtomicReference<>();
    private final AtomicReference<Watch> current = new AtomicReference<>();
    private volatile boolean stopped;

    /** The device watched and what its updates say so far. */
    record Watch(String device, FabricSnapshot detail) {}

    DrillDown(FleetAddress address, InstantSource clock, Duration lookback) {
        this.address = address;
        this.clock = clock;
        this.lookback = lookback;
        this.consumer = FleetClients.consumer(
                address, "drill-down", Map.of(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, PARTITION_FETCH_BYTES));
        this.thread =
                Thread.ofPlatform().daemon().name("planewatch-fleet-drill-down").unstarted(this::run);
    }

    void start() {
        thread.start();
    }

    /** Streams {@code device}'s raw updates from now on (any thread); the one watched before is dropped. */
    void watch(String device) {
        if (device != null && !device.isBlank() && !device.equals(requested.getAndSet(device))) {
            consumer.wakeup();
        }
    }

    /** The device watched and its detail, if any. */
    Optional<Watch> current() {
        return Optional.ofNullable(current.get());
    }

    private void run() {
        String device = null;
        TelemetryStore store = null;
        try {
            connectAhead();
            while (!stopped) {
                String wanted = requested.get();
                if (wanted == null) {
                    sleep(100);
                    continue;
                }
                if (!wanted.equals(device)) {
                    device = wanted;
                    store = new TelemetryStore(
                            clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), EVENT_CAPACITY, true);
                    current.set(new Watch(device, store.publish(FabricSnapshot.IngestStats.NONE)));
                    if (!seek(device, store)) {
                        device = null;
                        sleep(1_000);
                        continue;
                    }
                }
                try {
                    boolean any = false;
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                        if (device.equals(record.key()) && record.value() != null) {
                            apply(store, record);
                            any = true;
                        }
                    }
                    if (any) {
                        current.set(new Watch(device, store.publish(FabricSnapshot.IngestStats.NONE)));
                    }
                } catch (WakeupException e) {
                    // another device was asked for, or closing
                }
            }
        } catch (KafkaException e) {
            if (!stopped) {
                System.err.println("planewatch: drill-down from " + address.bootstrap() + " stopped: "
                        + FleetClients.rootMessage(e));
            }
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void apply(TelemetryStore store, ConsumerRecord<String, byte[]> record) {
        try {
            IngestEvent.Notification n = records.decode(record.value(), "kafka:" + FleetTopics.UPDATES, clock.millis());
            store.apply(List.of(n));
        } catch (IllegalArgumentException e) {
            // a record that is not a notification: the updates topic is the collectors'; skip it
        }
    }

    /**
     * Connects to the brokers and learns the updates topic's partitions before any device is asked for,
     * so that the first drill-down does not wait for a connection and the metadata on top of its own
     * reads (a few round trips to a broker that may be busy; the consumer keeps the metadata). Best
     * effort: a fleet without the topic yet, or not answering, is asked again at the first drill-down.
     */
    private void connectAhead() {
        try {
            consumer.partitionsFor(FleetTopics.UPDATES, Duration.ofSeconds(10));
        } catch (WakeupException e) {
            // a drill-down asked for already, or closing: the loop sees which
        } catch (KafkaException e) {
            // not there yet: the first drill-down asks again
        }
    }

    /**
     * Applies {@code device}'s remembered leaves to {@code store}, then assigns the partition its
     * updates go to, positioned {@code lookback} ago; false when another device was asked for
     * meanwhile, or the updates topic is not there yet.
     */
    private boolean seek(String device, TelemetryStore store) {
        try {
            List<PartitionInfo> partitions = consumer.partitionsFor(FleetTopics.UPDATES, Duration.ofSeconds(10));
            if (partitions == null || partitions.isEmpty()) {
                return false;
            }
            int number = UpdatesPartition.of(device, partitions.size());
            byte[] remembered = remembered(device, number);
            if (remembered != null && remembered.length > 0) {
                applyRemembered(store, device, remembered);
                current.set(new Watch(device, store.publish(FabricSnapshot.IngestStats.NONE)));
            }
            TopicPartition partition = new TopicPartition(FleetTopics.UPDATES, number);
            consumer.assign(List.of(partition));
            long from = clock.millis() - lookback.toMillis();
            OffsetAndTimestamp at = consumer.offsetsForTimes(Map.of(partition, from), Duration.ofSeconds(10))
                    .get(partition);
            if (at == null) {
                consumer.seekToEnd(List.of(partition));
            } else {
                consumer.seek(partition, at.offset());
            }
            return true;
        } catch (WakeupException e) {
            return false;
        }
    }

    /**
     * The latest record of {@code device} in partition {@code number} of the remembered leaves'
     * changelog, read from its start to the end it had when asked; null when there is none (no
     * rollups run yet, the device not heard, or not found within {@link #REMEMBERED_BOUND}). A
     * wakeup (another device asked for) ends it.
     */
    private byte[] remembered(String device, int number) {
        try {
            return latestOf(device, number);
        } catch (TimeoutException e) {
            System.err.println("planewatch: drill-down into " + device + ": " + FleetTopics.REMEMBERED_LEAVES
                    + " did not answer (" + e.getMessage() + "); its ports' states and neighbors show as its"
                    + " agent sends them again");
            return null;
        }
    }

    private byte[] latestOf(String device, int number) {
        List<PartitionInfo> partitions = consumer.partitionsFor(FleetTopics.REMEMBERED_LEAVES, Duration.ofSeconds(10));
        if (partitions == null || number >= partitions.size()) {
            return null;
        }
        TopicPartition changelog = new TopicPartition(FleetTopics.REMEMBERED_LEAVES, number);
        consumer.assign(List.of(changelog));
        long end =
                consumer.endOffsets(List.of(changelog), Duration.ofSeconds(10)).get(changelog);
        consumer.seekToBeginning(List.of(changelog));
        long deadline = System.nanoTime() + REMEMBERED_BOUND.toNanos();
        byte[] latest = null;
        while (consumer.position(changelog, Duration.ofSeconds(10)) < end) {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                if (record.offset() < end && device.equals(record.key())) {
                    latest = record.value(); // null: the device's leaves were all deleted
                }
            }
            if (System.nanoTime() > deadline) {
                System.err.println("planewatch: drill-down into " + device + ": " + FleetTopics.REMEMBERED_LEAVES
                        + " partition " + number + " not read to its end within " + REMEMBERED_BOUND.toSeconds()
                        + " s; its ports' states and neighbors show as its agent sends them again");
                return null;
            }
        }
        return latest;
    }

    private void applyRemembered(TelemetryStore store, String device, byte[] remembered) {
        try {
            store.apply(List.of(RememberedLeaves.replay(
                    remembered, "kafka:" + FleetTopics.REMEMBERED_LEAVES, device, clock.millis())));
        } catch (IllegalArgumentException e) {
            // a record this console cannot read (a newer collector's format): the updates alone
            System.err.println("planewatch: drill-down into " + device + ": its remembered leaves are not read: "
                    + e.getMessage());
        }
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            stopped = true;
        }
    }

    @Override
    public void close() {
        stopped = true;
        // The wakeup ends a poll or a wait for metadata; the thread's own sleeps are a second at most.
        // Interrupting it instead made the consumer's close in its last step throw Kafka's
        // InterruptException out of the thread: a stack trace every time the console quit.
        consumer.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
