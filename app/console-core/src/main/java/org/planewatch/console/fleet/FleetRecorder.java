package org.planewatch.console.fleet;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;

/**
 * Records a fleet from its Kafka topics (ADR 0106). One consumer, outside any group, reads the four
 * rollup topics from their start (the latest record of every key, handed over once, then every
 * change), and every exclusion decision from {@code lookback} before the start on (each partition in
 * order, none skipped: Kafka keeps them while the sink makes the reader wait); a second one reads the
 * raw updates of the devices in alarm ({@link AlarmedDeviceUpdates}). Both hand their events to the
 * sink in one order, stamped with the recorder's clock on the way, so that arrivals never go back.
 * A decision is handed over as the notification of its leaves followed by the delete of its ring
 * entry, as an agent evicts it: the recording then holds no ring of its own that grows forever.
 */
public final class FleetRecorder implements AutoCloseable {
    /** The source of the recorded decisions. */
    public static final String DECISIONS = FleetTopics.EXCLUSIONS;
    /** The source of the recorded raw updates of devices in alarm. */
    public static final String UPDATES = FleetTopics.UPDATES;
    /** Rollup records handed over at once while reading the topics' present state. */
    private static final int INITIAL_CHUNK = 10_000;

    /** Where the recording goes: one call at a time, arrivals never going back. */
    public interface Sink {
        /**
         * Recorded events, in order; may block while the recording catches up (the topics keep what is
         * not read yet, so waiting loses nothing).
         */
        void events(List<IngestEvent> batch) throws InterruptedException;

        /** One of the fleet's alarms raised ({@code clearedAtMillis} 0) or cleared, after the events that did it. */
        void alarm(Alarm alarm);
    }

    private final FleetAddress address;
    private final InstantSource clock;
    private final Duration lookback;
    private final KafkaConsumer<String, byte[]> consumer;
    private final AlarmedDeviceUpdates devices;
    private final Thread thread;
    private final AtomicLong rollups = new AtomicLong();
    private final AtomicLong decisions = new AtomicLong();
    /** The fleet's alarms now: what the alarm table and the devices in alarm follow. */
    private final FleetAlarms alarms = new FleetAlarms();

    private volatile Sink sink;
    private long lastArrival;
    private volatile Set<String> devicesInAlarm = Set.of();
    private volatile String problem = "";
    private volatile boolean failed;
    private volatile boolean stopped;

    private FleetRecorder(
            FleetAddress address,
            InstantSource clock,
            Duration lookback,
            KafkaConsumer<String, byte[]> consumer,
            int updatePartitions) {
        this.address = address;
        this.clock = clock;
        this.lookback = lookback;
        this.consumer = consumer;
        this.devices = new AlarmedDeviceUpdates(
                FleetClients.consumer(address, "record-devices"), updatePartitions, clock, lookback, this::emit);
        this.thread = Thread.ofPlatform().name("planewatch-fleet-record").unstarted(this::run);
    }

    /**
     * Checks that the fleet is there (the cluster answers within {@code timeout}, every topic the
     * recording reads exists) and positions the reading at its start; nothing is read before {@link
     * #start}.
     *
     * @param lookback how far back the decisions are read at the start, and a device's raw updates when
     *     its alarm is raised; a device stays recorded as long after its alarms cleared
     * @throws IllegalArgumentException what is wrong, in one line: the cluster does not answer, topics are
     *     missing (named), a client property is refused
     */
    public static FleetRecorder open(FleetAddress address, InstantSource clock, Duration lookback, Duration timeout) {
        KafkaConsumer<String, byte[]> consumer = FleetClients.consumer(address, "record");
        try {
            Map<String, List<PartitionInfo>> topics = listTopics(consumer, address, timeout);
            List<String> missing = new ArrayList<>();
            for (String topic : required()) {
                if (topics.getOrDefault(topic, List.of()).isEmpty()) {
                    missing.add(topic);
                }
            }
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException("the Kafka cluster at " + address.bootstrap() + " has no topic "
                        + String.join(", ", missing)
                        + " (collectors create them, and the rollup topics only when run with --rollups)");
            }
            FleetRecorder recorder = new FleetRecorder(
                    address,
                    clock,
                    lookback,
                    consumer,
                    topics.get(FleetTopics.UPDATES).size());
            recorder.assign(topics);
            return recorder;
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
    }

    /** Starts reading, handing what is read to {@code sink}. */
    public void start(Sink sink) {
        this.sink = sink;
        thread.start();
        devices.start();
    }

    private static List<String> required() {
        List<String> topics = new ArrayList<>(RollupTopics.ALL);
        topics.add(FleetTopics.EXCLUSIONS);
        topics.add(FleetTopics.UPDATES);
        return topics;
    }

    private static Map<String, List<PartitionInfo>> listTopics(
            KafkaConsumer<String, byte[]> consumer, FleetAddress address, Duration timeout) {
        try {
            return consumer.listTopics(timeout);
        } catch (TimeoutException e) {
            throw new IllegalArgumentException("the Kafka cluster at " + address.bootstrap() + " did not answer within "
                    + timeout.toSeconds() + " s (is a broker listening there, and do the TLS/SASL properties"
                    + " match its listener?)");
        } catch (KafkaException e) {
            throw new IllegalArgumentException("the Kafka cluster at " + address.bootstrap()
                    + " refused to list its topics: " + FleetClients.rootMessage(e));
        }
    }

    /** Every rollup partition from its start, every exclusions partition from {@code lookback} ago. */
    private void assign(Map<String, List<PartitionInfo>> topics) {
        List<TopicPartition> rollupPartitions = new ArrayList<>();
        for (String topic : RollupTopics.ALL) {
            topics.get(topic).forEach(p -> rollupPartitions.add(new TopicPartition(topic, p.partition())));
        }
        List<TopicPartition> decisionPartitions = topics.get(FleetTopics.EXCLUSIONS).stream()
                .map(p -> new TopicPartition(FleetTopics.EXCLUSIONS, p.partition()))
                .toList();
        List<TopicPartition> all = new ArrayList<>(rollupPartitions);
        all.addAll(decisionPartitions);
        consumer.assign(all);
        consumer.seekToBeginning(rollupPartitions);
        initialEnds.putAll(consumer.endOffsets(rollupPartitions, Duration.ofSeconds(30)));
        long from = clock.millis() - lookback.toMillis();
        Map<TopicPartition, Long> times = new HashMap<>();
        decisionPartitions.forEach(p -> times.put(p, from));
        Map<TopicPartition, OffsetAndTimestamp> offsets = consumer.offsetsForTimes(times, Duration.ofSeconds(30));
        // The end as it is now, not seekToEnd: that is looked up at the first poll, and would pass over the
        // decisions published in between (a partition empty now is the common case at the start).
        Map<TopicPartition, Long> ends = consumer.endOffsets(decisionPartitions, Duration.ofSeconds(30));
        for (TopicPartition p : decisionPartitions) {
            OffsetAndTimestamp at = offsets.get(p);
            consumer.seek(p, at == null ? ends.get(p) : at.offset());
        }
    }

    /** Where each rollup partition ended when recording started: read up to there, its state is known. */
    private final Map<TopicPartition, Long> initialEnds = new HashMap<>();

    private void run() {
        // The present state of the rollups, the latest record per key, handed over once it is all read.
        Map<String, IngestEvent.Rollup> initial = new LinkedHashMap<>();
        boolean streaming = false;
        try {
            emit(List.of(
                    new IngestEvent.Connection(DECISIONS, ConnectionPhase.STREAMING, "", 0),
                    new IngestEvent.Connection(UPDATES, ConnectionPhase.STREAMING, "", 0)));
            streaming = true;
            while (!stopped) {
                List<IngestEvent> batch = new ArrayList<>();
                try {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                        take(record, initial, batch);
                    }
                    if (!initialEnds.isEmpty()) {
                        initialEnds.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
                        if (initialEnds.isEmpty()) {
                            handOverInitial(initial);
                        }
                    }
                    if (!streaming) {
                        batch.addFirst(new IngestEvent.Connection(DECISIONS, ConnectionPhase.STREAMING, "", 0));
                        streaming = true;
                    }
                    problem = "";
                } catch (WakeupException e) {
                    continue;
                } catch (KafkaException e) {
                    problem = "Kafka: " + FleetClients.rootMessage(e);
                    if (streaming) {
                        batch.add(new IngestEvent.Connection(DECISIONS, ConnectionPhase.FAILED, problem, 0));
                        streaming = false;
                    }
                    emit(batch);
                    Thread.sleep(1_000);
                    continue;
                }
                emit(batch);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            problem = "recording the fleet stopped: " + FleetClients.rootMessage(e);
            failed = true;
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void take(
            ConsumerRecord<String, byte[]> record, Map<String, IngestEvent.Rollup> initial, List<IngestEvent> batch) {
        Optional<IngestEvent.Rollup.Kind> kind = RollupTopics.kind(record.topic());
        if (kind.isPresent()) {
            if (record.key() == null) {
                return;
            }
            IngestEvent.Rollup rollup =
                    new IngestEvent.Rollup(record.topic(), kind.get(), record.key(), record.value(), 0);
            if (!initialEnds.isEmpty()) {
                String key = kind.get().ordinal() + "/" + record.key();
                if (rollup.tombstone()) {
                    initial.remove(key);
                } else {
                    initial.put(key, rollup);
                }
            } else {
                batch.add(rollup);
                rollups.incrementAndGet();
            }
            return;
        }
        if (record.value() == null) {
            return;
        }
        IngestEvent.Notification decision;
        try {
            decision = NotificationRecords.decode(record.value(), DECISIONS, 0);
        } catch (IllegalArgumentException e) {
            problem = "skipped a record of " + record.topic() + " (key " + record.key() + "): " + e.getMessage();
            return;
        }
        batch.add(decision);
        List<TelemetryPath> entries = new ArrayList<>();
        for (TelemetryUpdate update : decision.updates()) {
            String seq = ExclusionEventRing.seqText(update.path());
            if (seq != null && entries.stream().noneMatch(p -> seq.equals(ExclusionEventRing.seqText(p)))) {
                entries.add(ExclusionEventRing.ROOT.child(update.path().elem(ExclusionEventRing.ENTRY_ELEM)));
            }
        }
        if (!entries.isEmpty()) {
            batch.add(new IngestEvent.Notification(
                    DECISIONS, decision.target(), decision.timestampNs(), List.of(), entries, 0));
        }
        decisions.incrementAndGet();
    }

    private void handOverInitial(Map<String, IngestEvent.Rollup> initial) throws InterruptedException {
        List<IngestEvent> chunk = new ArrayList<>();
        for (IngestEvent.Rollup rollup : initial.values()) {
            chunk.add(rollup);
            if (chunk.size() == INITIAL_CHUNK) {
                emit(chunk);
                chunk = new ArrayList<>();
            }
        }
        emit(chunk);
        rollups.addAndGet(initial.size());
        initial.clear();
    }

    /**
     * Hands {@code batch} to the sink stamped with the clock (never before the previous batch), then
     * the alarm changes its rollup records make; one thread at a time.
     */
    synchronized void emit(List<IngestEvent> batch) throws InterruptedException {
        if (batch.isEmpty()) {
            return;
        }
        long now = Math.max(lastArrival, clock.millis());
        lastArrival = now;
        List<IngestEvent> stamped = new ArrayList<>(batch.size());
        List<Alarm> changes = new ArrayList<>();
        for (IngestEvent event : batch) {
            stamped.add(event.withArrivalMillis(now));
            if (event instanceof IngestEvent.Rollup r && r.kind() == IngestEvent.Rollup.Kind.ALARM) {
                try {
                    changes.addAll(alarms.take(r, now));
                } catch (IllegalArgumentException e) {
                    problem = "skipped a record of " + r.source() + " (key " + r.key() + "): " + e.getMessage();
                }
            }
        }
        sink.events(stamped);
        changes.forEach(sink::alarm);
        Set<String> inAlarm = changes.isEmpty() ? devicesInAlarm : alarms.devices();
        if (!inAlarm.equals(devicesInAlarm)) {
            devicesInAlarm = Set.copyOf(inAlarm);
            devices.watch(devicesInAlarm);
        }
    }

    /** Rollup records handed over so far. */
    public long rollups() {
        return rollups.get();
    }

    /** Exclusion decisions handed over so far (a decision the topic holds twice counts twice). */
    public long decisions() {
        return decisions.get();
    }

    /** Raw notifications of devices in alarm handed over so far. */
    public long rawNotifications() {
        return devices.notifications();
    }

    /** The devices the fleet's alarms are about now. */
    public Set<String> devicesInAlarm() {
        return devicesInAlarm;
    }

    /** What goes wrong reading the topics now (or made reading stop), empty when nothing. */
    public String problem() {
        return problem.isEmpty() ? devices.problem() : problem;
    }

    /** Whether reading stopped on its own (a failure it cannot go on after; {@link #problem} says what). */
    public boolean failed() {
        return failed || devices.failed();
    }

    /** The fleet recorded. */
    public FleetAddress address() {
        return address;
    }

    /** Stops reading; what was handed to the sink stays handed. */
    @Override
    public void close() {
        stopped = true;
        consumer.wakeup();
        devices.close();
        if (thread.isAlive()) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else if (sink == null) {
            consumer.close(Duration.ZERO);
        }
    }
}
