package org.planewatch.console.fleet;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.DrillDownLookBack;
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

    /** How long a fetch of the watched device's partition may wait on the broker for new records. */
    static final int FETCH_MAX_WAIT_MILLIS = 50;

    private final FleetAddress address;
    private final InstantSource clock;
    private final Duration lookback;
    private final KafkaConsumer<String, byte[]> consumer;
    /** The consumer thread's decoder of the updates it reads. */
    private final NotificationRecords.Reader records = NotificationRecords.reader();

    private final Thread thread;
    private final AtomicReference<String> requested = new AtomicReference<>();
    private final AtomicReference<Watch> current = new AtomicReference<>();
    /** How many times {@link #current} was set: a reader publishes at once when it moved. */
    private final AtomicLong shown = new AtomicLong();
    /** The device's remembered leaves, read beside its updates (ADR 0145). */
    private final LatestRecordRead remembered;
    /** The device's records of the look-back, found through the rollups' index (ADR 0157). */
    private final IndexedLookBack indexed;

    private volatile boolean stopped;

    /** The device whose remembered leaves, once read, end the drill-down thread's poll. */
    private volatile Watching wakeFor;

    /** The device watched and what its updates say so far. */
    record Watch(String device, FabricSnapshot detail) {}

    DrillDown(FleetAddress address, InstantSource clock, Duration lookback) {
        this.address = address;
        this.clock = clock;
        this.lookback = lookback;
        this.consumer = FleetClients.consumer(
                address,
                "drill-down",
                Map.of(
                        ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                        LatestRecordRead.PARTITION_FETCH_BYTES,
                        // A fetch at the end of the partition waits this long for data on the broker,
                        // and the broker answers a connection's requests in order: the next drill-down's
                        // look-up of its offsets waited behind it, up to Kafka's 500 ms (ADR 0153).
                        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
                        FETCH_MAX_WAIT_MILLIS));
        this.remembered = new LatestRecordRead(
                address,
                FleetTopics.REMEMBERED_LEAVES,
                "drill-down-remembered",
                "its ports' states and neighbors show as its agent sends them again");
        this.indexed = new IndexedLookBack(address);
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
            indexed.wakeup();
        }
    }

    /** How many details have been shown so far: a new one when this moved. */
    long shown() {
        return shown.get();
    }

    /** How the last drill-down's look-back was read, or null before the first. */
    DrillDownLookBack lastLookBack() {
        return indexed.last();
    }

    /** The device watched and its detail, if any. */
    Optional<Watch> current() {
        return Optional.ofNullable(current.get());
    }

    private void run() {
        Watching watching = null;
        remembered.start();
        indexed.start();
        try {
            FleetClients.connectAhead(consumer, FleetTopics.UPDATES);
            while (!stopped) {
                String wanted = requested.get();
                if (wanted == null) {
                    sleep(100);
                    continue;
                }
                if (watching == null || !wanted.equals(watching.device)) {
                    watching = new Watching(wanted);
                    show(watching);
                    Seek seek = seek(watching);
                    if (seek != Seek.POSITIONED) {
                        watching = null;
                        if (seek == Seek.NO_TOPIC) {
                            sleep(1_000);
                        }
                        // Woken: by the ask for this device itself, pending when no poll ran (the first
                        // drill-down, which used to sleep a second here), or for another; either way the
                        // loop positions again at once (ADR 0153).
                        continue;
                    }
                }
                boolean any = false;
                try {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                        if (watching.device.equals(record.key()) && record.value() != null) {
                            any |= watching.take(record);
                        }
                    }
                } catch (WakeupException e) {
                    // another device was asked for, closing, or the remembered leaves are in
                    if (stopped || !watching.device.equals(requested.get())) {
                        continue;
                    }
                }
                any |= watching.settle();
                if (any) {
                    show(watching);
                }
            }
        } catch (KafkaException e) {
            if (!stopped) {
                System.err.println("planewatch: drill-down from " + address.bootstrap() + " stopped: "
                        + FleetClients.rootMessage(e));
            }
        } finally {
            remembered.close();
            indexed.close();
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void show(Watching watching) {
        current.set(new Watch(watching.device, watching.store.publish(FabricSnapshot.IngestStats.NONE)));
        shown.incrementAndGet();
    }

    /**
     * The device watched, on the drill-down thread: its store, and its updates held until its
     * remembered leaves are in, so that an on-change leaf in the updates lands after the record of the
     * rollups (a few records at most: a device's notifications of the look-back and of the second or
     * so the changelog's read takes, which {@link LatestRecordRead} bounds).
     */
    private final class Watching {
        final String device;
        final TelemetryStore store =
                new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), EVENT_CAPACITY, true);
        /** The device's remembered leaves while they are read; null once applied. */
        CompletableFuture<byte[]> pending;

        /** When it was asked for, and when its updates' partition was positioned (a trace's figures). */
        final long askedNanos = System.nanoTime();

        long positionedNanos;

        private final List<ConsumerRecord<String, byte[]>> held = new ArrayList<>();

        Watching(String device) {
            this.device = device;
        }

        /** Applies {@code record}, or holds it while the remembered leaves are read; whether the store changed. */
        boolean take(ConsumerRecord<String, byte[]> record) {
            if (pending != null) {
                held.add(record);
                return false;
            }
            apply(store, record);
            return true;
        }

        /** Once the remembered leaves are read: applies them, then the updates held; whether the store changed. */
        boolean settle() {
            if (pending == null || !pending.isDone()) {
                return false;
            }
            byte[] record = pending.join();
            pending = null;
            if (record != null && record.length > 0) {
                applyRemembered(store, device, record);
            }
            if (TRACE) {
                trace(this, record);
            }
            held.forEach(r -> apply(store, r));
            held.clear();
            return true;
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
     * Asks for {@code device}'s remembered leaves and assigns the partition its updates go to, with
     * the device's records of the look-back found through the rollups' index and held, positioned at
     * the rollups' committed offset (ADR 0157); or, when the index cannot tell them, positioned {@code
     * lookback} ago; or says why not (a wakeup came first, the updates topic is not there yet).
     */
    private Seek seek(Watching watching) {
        wakeFor = null;
        try {
            List<PartitionInfo> partitions = consumer.partitionsFor(FleetTopics.UPDATES, Duration.ofSeconds(10));
            if (partitions == null || partitions.isEmpty()) {
                return Seek.NO_TOPIC;
            }
            int number = UpdatesPartition.of(watching.device, partitions.size());
            watching.pending = remembered.ask(watching.device, number);
            TopicPartition partition = new TopicPartition(FleetTopics.UPDATES, number);
            consumer.assign(List.of(partition));
            long from = clock.millis() - lookback.toMillis();
            Optional<IndexedLookBack.Found> found = indexed.find(
                    watching.device, partition, from, () -> !stopped && watching.device.equals(requested.get()));
            if (found.isPresent()) {
                found.get().records().forEach(watching::take);
                consumer.seek(partition, found.get().readOnFrom());
            } else {
                OffsetAndTimestamp at = consumer.offsetsForTimes(Map.of(partition, from), Duration.ofSeconds(10))
                        .get(partition);
                if (at == null) {
                    consumer.seekToEnd(List.of(partition));
                } else {
                    consumer.seek(partition, at.offset());
                }
            }
            watching.positionedNanos = System.nanoTime();
            // The next poll ends as soon as the leaves are in rather than after its timeout: they are
            // what the drill-down waits for (ADR 0153). Not before now: a wakeup during the seek's
            // round trips would have abandoned it.
            wakeFor = watching;
            watching.pending.whenComplete((leaves, error) -> {
                if (wakeFor == watching) { // not a device left: its read is answered when another is asked
                    consumer.wakeup();
                }
            });
            return Seek.POSITIONED;
        } catch (WakeupException e) {
            return Seek.WOKEN;
        }
    }

    /** How positioning a drill-down's reads ended. */
    private enum Seek {
        POSITIONED,
        /** A wakeup came first: a device asked for, or closing. */
        WOKEN,
        /** The updates topic is not there yet. */
        NO_TOPIC
    }

    /**
     * Where a drill-down's time goes, one line on the console's error stream when asked for with
     * {@code -Dplanewatch.fleet.drillDownTrace=true}: the full-scale benchmark asks, as the
     * drill-down's two reads cost about a second each there and nothing else tells them apart.
     */
    private static final boolean TRACE = Boolean.getBoolean("planewatch.fleet.drillDownTrace");

    private void trace(Watching watching, byte[] record) {
        long now = System.nanoTime();
        LatestRecordRead.Cost cost = remembered.lastCost();
        DrillDownLookBack lookBack = indexed.last();
        System.err.printf(
                "planewatch: drill-down into %s: its updates' partition positioned after %d ms (%s); its remembered"
                        + " leaves (%s) applied after %d ms%s, with %d of its updates held%n",
                watching.device,
                (watching.positionedNanos - watching.askedNanos) / 1_000_000,
                lookBack == null || !lookBack.device().equals(watching.device) || !lookBack.throughIndex()
                        ? "its look-back read whole"
                        : String.format(
                                "through the index: %d of its records in the look-back, %d records fetched, %d ms",
                                lookBack.listed(), lookBack.recordsFetched(), lookBack.millis()),
                record == null ? "none" : record.length + " bytes",
                (now - watching.askedNanos) / 1_000_000,
                cost == null
                        ? ""
                        : String.format(
                                " (the last changelog read: partition %d, %,d records, %,d bytes, %d ms)",
                                cost.partition(), cost.records(), cost.bytes(), cost.millis()),
                watching.held.size());
    }

    private void applyRemembered(TelemetryStore store, String device, byte[] remembered) {
        try {
            store.apply(RememberedLeaves.replay(
                    remembered, "kafka:" + FleetTopics.REMEMBERED_LEAVES, device, clock.millis()));
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
        indexed.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
