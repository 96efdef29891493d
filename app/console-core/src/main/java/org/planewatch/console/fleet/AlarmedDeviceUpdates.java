package org.planewatch.console.fleet;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;

/**
 * The raw updates of the devices in alarm, for a fleet recording (ADR 0106): the partitions of the
 * updates topic their names hash to, each device's records from {@code lookback} before its alarm
 * until {@code lookback} after its alarms cleared. Every device has the offset of its next record to
 * take, kept when it leaves, so that a partition read again for a device that joins (from its
 * lookback) hands over nothing twice, and a device back in alarm starts after what it had. The
 * decisions in a device's updates (its event ring) are left out: the recording has them, once, from
 * the exclusions topic. A thread of its own.
 */
final class AlarmedDeviceUpdates implements AutoCloseable {
    /** Hands a batch over, stamped; one caller at a time. */
    interface Out {
        void emit(List<IngestEvent> batch) throws InterruptedException;
    }

    private final KafkaConsumer<String, byte[]> consumer;
    /** The consumer thread's decoder of the updates it reads. */
    private final NotificationRecords.Reader records = NotificationRecords.reader();

    private final int partitions;
    private final InstantSource clock;
    private final Duration lookback;
    private final Out out;
    private final Thread thread;
    private final AtomicReference<Set<String>> wanted = new AtomicReference<>(Set.of());
    private final AtomicLong notifications = new AtomicLong();
    private volatile boolean changed;
    private volatile String problem = "";
    private volatile boolean failed;
    private volatile boolean stopped;

    // The thread's own.
    private final Set<String> watched = new HashSet<>();
    /** Devices no longer in alarm, and when to stop recording them. */
    private final Map<String, Long> releaseAt = new HashMap<>();
    /** The offset of each device's next record to take, in its partition (kept after it leaves). */
    private final Map<String, Long> nextOffset = new HashMap<>();

    AlarmedDeviceUpdates(
            KafkaConsumer<String, byte[]> consumer, int partitions, InstantSource clock, Duration lookback, Out out) {
        this.consumer = consumer;
        this.partitions = partitions;
        this.clock = clock;
        this.lookback = lookback;
        this.out = out;
        this.thread =
                Thread.ofPlatform().name("planewatch-fleet-record-devices").unstarted(this::run);
    }

    void start() {
        thread.start();
    }

    /** The devices in alarm now (any thread). */
    void watch(Set<String> devices) {
        wanted.set(devices);
        changed = true;
        consumer.wakeup();
    }

    long notifications() {
        return notifications.get();
    }

    String problem() {
        return problem;
    }

    boolean failed() {
        return failed;
    }

    private void run() {
        try {
            while (!stopped) {
                try {
                    if (changed) {
                        changed = false;
                        try {
                            follow(wanted.get());
                        } catch (WakeupException e) {
                            changed = true;
                            continue;
                        }
                    }
                    release();
                    if (watched.isEmpty()) {
                        Thread.sleep(100);
                        continue;
                    }
                    List<IngestEvent> batch = new ArrayList<>();
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                        take(record, batch);
                    }
                    for (String device : watched) {
                        // Read past whatever the device did not send: a device that joins later seeks no further back.
                        nextOffset.merge(device, consumer.position(partitionOf(device)), Math::max);
                    }
                    problem = "";
                    out.emit(batch);
                } catch (WakeupException e) {
                    // the devices in alarm changed, or closing
                } catch (KafkaException e) {
                    problem = "Kafka (raw updates): " + FleetClients.rootMessage(e);
                    Thread.sleep(1_000);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            problem = "recording the raw updates stopped: " + FleetClients.rootMessage(e);
            failed = true;
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void take(ConsumerRecord<String, byte[]> record, List<IngestEvent> batch) {
        String device = record.key();
        if (device == null || record.value() == null || !watched.contains(device)) {
            return;
        }
        if (record.offset() < nextOffset.getOrDefault(device, 0L)) {
            return;
        }
        nextOffset.put(device, record.offset() + 1);
        IngestEvent.Notification n;
        try {
            n = records.decode(record.value(), FleetRecorder.UPDATES, 0);
        } catch (IllegalArgumentException e) {
            return; // the updates topic is the collectors'; a record that is not a notification is not ours to judge
        }
        List<TelemetryUpdate> updates = new ArrayList<>(n.updates().size());
        for (TelemetryUpdate update : n.updates()) {
            if (!ExclusionEventRing.isInEntry(update.path())) {
                updates.add(update);
            }
        }
        List<TelemetryPath> deletes = new ArrayList<>(n.deletes().size());
        for (TelemetryPath path : n.deletes()) {
            if (!ExclusionEventRing.isInEntry(path)) {
                deletes.add(path);
            }
        }
        if (updates.isEmpty() && deletes.isEmpty()) {
            return;
        }
        batch.add(
                updates.size() == n.updates().size()
                                && deletes.size() == n.deletes().size()
                        ? n
                        : new IngestEvent.Notification(n.source(), n.target(), n.timestampNs(), updates, deletes, 0));
        notifications.incrementAndGet();
    }

    /**
     * Starts watching the devices newly in alarm (from their lookback), and marks the others for
     * release. Asks Kafka first and changes what is watched only then: a wake-up in between (the
     * devices changed again) leaves everything as it was, to be done again.
     */
    private void follow(Set<String> inAlarm) {
        long now = clock.millis();
        for (String device : watched) {
            if (inAlarm.contains(device)) {
                releaseAt.remove(device);
            } else {
                releaseAt.putIfAbsent(device, now + lookback.toMillis());
            }
        }
        List<String> joined =
                inAlarm.stream().filter(d -> !watched.contains(d)).sorted().toList();
        if (joined.isEmpty()) {
            return;
        }
        Set<TopicPartition> before = consumer.assignment();
        Map<TopicPartition, Long> from = new HashMap<>();
        joined.forEach(d -> from.put(partitionOf(d), now - lookback.toMillis()));
        Map<TopicPartition, OffsetAndTimestamp> lookbackOffsets =
                consumer.offsetsForTimes(from, Duration.ofSeconds(30));
        Map<TopicPartition, Long> ends = consumer.endOffsets(from.keySet(), Duration.ofSeconds(30));
        Map<TopicPartition, Long> positions = new HashMap<>();
        for (TopicPartition p : before) {
            positions.put(p, consumer.position(p));
        }
        // Kafka has answered: from here on nothing can be cut short.
        watched.addAll(joined);
        for (String device : joined) {
            TopicPartition p = partitionOf(device);
            OffsetAndTimestamp at = lookbackOffsets.get(p);
            nextOffset.merge(device, at == null ? ends.get(p) : at.offset(), Math::max);
        }
        assignWatched();
        // Each partition from the earliest record still to take of the devices watched in it.
        Map<TopicPartition, Long> seekTo = new HashMap<>();
        for (String device : watched) {
            seekTo.merge(partitionOf(device), nextOffset.get(device), Math::min);
        }
        seekTo.forEach((p, offset) -> {
            Long position = positions.get(p);
            if (position == null || offset < position) {
                consumer.seek(p, offset);
            }
        });
    }

    private void assignWatched() {
        Set<TopicPartition> assigned = new HashSet<>();
        watched.forEach(d -> assigned.add(partitionOf(d)));
        consumer.assign(assigned);
    }

    /** Stops recording the devices whose alarms cleared {@code lookback} ago. */
    private void release() {
        long now = clock.millis();
        List<String> gone = new ArrayList<>();
        releaseAt.forEach((device, at) -> {
            if (now >= at) {
                gone.add(device);
            }
        });
        if (gone.isEmpty()) {
            return;
        }
        gone.forEach(d -> {
            releaseAt.remove(d);
            watched.remove(d);
        });
        assignWatched();
    }

    private TopicPartition partitionOf(String device) {
        return new TopicPartition(FleetTopics.UPDATES, UpdatesPartition.of(device, partitions));
    }

    @Override
    public void close() {
        stopped = true;
        consumer.wakeup();
        if (!thread.isAlive()) {
            if (thread.getState() == Thread.State.NEW) {
                consumer.close(Duration.ZERO);
            }
            return;
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
