package org.planewatch.console.fleet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.console.telemetry.DrillDownLookBack;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.UpdateIndex;

/**
 * A drill-down's look-back through the rollups' update index (ADR 0157): rather than every record of
 * the device's partition over the look-back (some 20 MB of other devices' records at full scale), the
 * device's own records at the offsets its index lists, then the partition from the rollups' committed
 * offset on. The committed offset is read first and the index after it: the rollups write a record's
 * index entry before they commit past it, so every record of the device before that offset is
 * listed, and the partition read from it holds the rest. Nothing usable (no rollups, no committed
 * offset, no index, none of its records in the look-back) leaves the drill-down to read the look-back
 * as it did before the index. Used on the drill-down's thread; a wakeup ends its reads.
 */
final class IndexedLookBack implements AutoCloseable {
    /**
     * One fetch of a listed record: the broker answers with at least the whole batch that holds it
     * (some 256 KB before compression at most, the collectors' batch size), and this little more, so
     * that a fetch is that batch and not the records after it.
     */
    private static final int FETCH_BYTES = 1 << 10;

    private static final Duration BOUND = Duration.ofSeconds(5);

    private final KafkaConsumer<String, byte[]> consumer;
    private final Admin admin;
    private final LatestRecordRead index;
    /** What the last search read, or null before the first: a drill-down's trace and tests read it. */
    private volatile DrillDownLookBack last;

    /**
     * What the device's records found: oldest first, before {@link #readOnFrom}, the offset from which
     * the partition is read on.
     */
    record Found(List<ConsumerRecord<String, byte[]>> records, long readOnFrom) {}

    IndexedLookBack(FleetAddress address) {
        this.consumer = FleetClients.consumer(
                address,
                "drill-down-indexed",
                Map.of(
                        ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                        FETCH_BYTES,
                        ConsumerConfig.FETCH_MAX_BYTES_CONFIG,
                        FETCH_BYTES,
                        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
                        DrillDown.FETCH_MAX_WAIT_MILLIS));
        this.admin = FleetClients.admin(address, "drill-down-committed");
        this.index = new LatestRecordRead(
                address, FleetTopics.UPDATE_INDEX, "drill-down-index", "its look-back is read whole instead");
    }

    void start() {
        index.start();
    }

    DrillDownLookBack last() {
        return last;
    }

    /** Ends a search under way on the drill-down's thread (another device asked for, or closing). */
    void wakeup() {
        consumer.wakeup();
    }

    /**
     * {@code device}'s records in {@code updates} stamped at {@code fromMillis} or later, and where to
     * read on from; empty when the index cannot tell them. A wakeup ends it with Kafka's {@code
     * WakeupException}, as does {@code wanted} turning false while it waits for the index.
     */
    Optional<Found> find(String device, TopicPartition updates, long fromMillis, BooleanSupplier wanted) {
        long started = System.nanoTime();
        OptionalLong committed = committedOffset(device, updates);
        if (committed.isEmpty()) {
            return notFound(device, started);
        }
        Optional<UpdateIndex> known = indexOf(device, updates.partition(), wanted);
        if (known.isEmpty()) {
            return notFound(device, started);
        }
        List<UpdateIndex.Entry> kept = known.get().entries();
        if (!kept.isEmpty() && kept.getFirst().offset() >= committed.getAsLong()) {
            // Every record it keeps came after the committed offset (a device that sends fast while the
            // rollups catch up): the partition read on from that offset holds them, and more than
            // two samples of it.
            last = new DrillDownLookBack(device, true, 0, 0, (System.nanoTime() - started) / 1_000_000);
            return Optional.of(new Found(List.of(), committed.getAsLong()));
        }
        List<UpdateIndex.Entry> listed = known.get().between(fromMillis, committed.getAsLong());
        if (listed.isEmpty()) {
            // None in the look-back (a device quiet for minutes, or the rollups far behind): the
            // look-back read whole finds what there is.
            return notFound(device, started);
        }
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        long fetched = 0;
        long next = -1; // the offset after the last record fetched
        consumer.assign(List.of(updates));
        for (UpdateIndex.Entry entry : listed) {
            if (entry.offset() < next) {
                continue; // came in an earlier answer's batch (a device's records sent together share one)
            }
            consumer.seek(updates, entry.offset());
            long deadline = System.nanoTime() + BOUND.toNanos();
            while (consumer.position(updates) <= entry.offset()) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    fetched++;
                    if (record.offset() < committed.getAsLong() && device.equals(record.key())) {
                        records.add(record);
                    }
                }
                if (System.nanoTime() > deadline) {
                    System.err.println("planewatch: drill-down into " + device + ": the record at offset "
                            + entry.offset() + " of " + updates + " did not come within " + BOUND.toSeconds()
                            + " s; its look-back is read whole instead");
                    return notFound(device, started);
                }
            }
            next = consumer.position(updates);
        }
        last = new DrillDownLookBack(device, true, listed.size(), fetched, (System.nanoTime() - started) / 1_000_000);
        return Optional.of(new Found(records, committed.getAsLong()));
    }

    private Optional<Found> notFound(String device, long started) {
        last = new DrillDownLookBack(device, false, 0, 0, (System.nanoTime() - started) / 1_000_000);
        return Optional.empty();
    }

    /** The offset of {@code updates} the rollups committed last, if they have. */
    private OptionalLong committedOffset(String device, TopicPartition updates) {
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(Map.of(
                            FleetTopics.ROLLUPS_APPLICATION,
                            new ListConsumerGroupOffsetsSpec().topicPartitions(List.of(updates))))
                    .partitionsToOffsetAndMetadata(FleetTopics.ROLLUPS_APPLICATION)
                    .get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
            OffsetAndMetadata offset = offsets.get(updates);
            return offset == null ? OptionalLong.empty() : OptionalLong.of(offset.offset());
        } catch (ExecutionException | TimeoutException e) {
            // Not allowed to describe the rollups' group (docs/scale.md), or no broker answered.
            System.err.println("planewatch: drill-down into " + device + ": the rollups' committed offset of "
                    + updates + " is not known (" + FleetClients.rootMessage(e)
                    + "); its look-back is read whole instead");
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }

    /** The device's index, read from its changelog partition to the end it has now. */
    private Optional<UpdateIndex> indexOf(String device, int partition, BooleanSupplier wanted) {
        CompletableFuture<byte[]> asked = index.ask(device, partition);
        while (!asked.isDone()) { // the read is bounded: it answers null when it gives up
            if (!wanted.getAsBoolean()) {
                throw new WakeupException();
            }
            try {
                asked.get(100, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // not yet: the device is checked again
            } catch (ExecutionException e) {
                return Optional.empty(); // not thrown: a read that fails answers null
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        byte[] record = asked.getNow(null);
        if (record == null || record.length == 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(UpdateIndex.decode(record));
        } catch (IllegalArgumentException e) {
            System.err.println("planewatch: drill-down into " + device + ": its update index is not read ("
                    + e.getMessage() + "); its look-back is read whole instead");
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        index.close();
        consumer.close(Duration.ofSeconds(2));
        admin.close(Duration.ofSeconds(2));
    }
}
