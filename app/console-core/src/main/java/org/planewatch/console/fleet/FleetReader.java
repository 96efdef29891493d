package org.planewatch.console.fleet;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.telemetry.DrillDownLookBack;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.fleet.FleetTopics;

/**
 * A console's source on a fleet (ADR 0102): one consumer, outside any group, reads every partition
 * of the four compacted rollup topics from their start (the latest state of everything in one pass)
 * and the last {@link #RECENT_DECISIONS} records of each exclusions partition, then follows them; the
 * links last (ADR 0138): their partitions wait until the rest has been read to where it ended;
 * its thread owns the {@link FleetState} and publishes a snapshot every {@link #PUBLISH_MILLIS}, so a
 * frame only takes the newest. Topics that do not exist yet are waited for and said so.
 */
public final class FleetReader implements SnapshotSource, AutoCloseable {
    static final long PUBLISH_MILLIS = 500;
    /** Exclusion records read back per partition at the start, for the recent-events list. */
    public static final int RECENT_DECISIONS = 2_000;

    private final FleetAddress address;
    private final InstantSource clock;
    private final FleetState state;
    private final DrillDown drillDown;
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private final AtomicReference<FabricSnapshot> latest = new AtomicReference<>(FabricSnapshot.empty());
    private final AtomicReference<AlarmThresholds> thresholds = new AtomicReference<>(AlarmThresholds.defaults());
    private volatile boolean stopped;
    /** The planes topic's partitions, once assigned (the reader's thread only). */
    private List<TopicPartition> planePartitions = List.of();
    /** What the reader still has to read of what the topics held at connect (the reader's thread only). */
    private CatchUp catchUp = CatchUp.none();
    /** The links' partitions, paused until everything else has been read that far (ADR 0138). */
    private List<TopicPartition> readLast = List.of();

    private boolean lastPaused;

    private FleetReader(FleetAddress address, InstantSource clock, FreshnessPolicy policy, Duration lookback) {
        this.address = address;
        this.clock = clock;
        this.state = new FleetState(address.label(), clock, policy);
        this.consumer = FleetClients.consumer(address, "fleet");
        this.drillDown = new DrillDown(address, clock, lookback);
        this.thread = Thread.ofPlatform().daemon().name("planewatch-fleet").unstarted(this::run);
    }

    /**
     * Starts reading the fleet at {@code address}; a client that cannot be made with its properties
     * fails here, a cluster not reachable yet shows as CONNECTING.
     *
     * @param policy when the rollups count as stale, then lost
     * @param lookback how far back a drill-down starts reading its device's raw updates
     */
    public static FleetReader start(
            FleetAddress address, InstantSource clock, FreshnessPolicy policy, Duration lookback) {
        FleetReader reader = new FleetReader(address, clock, policy, lookback);
        reader.thread.start();
        reader.drillDown.start();
        return reader;
    }

    /** Streams {@code device}'s raw updates into the detail the host and switch views show. */
    public void drillInto(String device) {
        drillDown.watch(device);
    }

    /** How the last drill-down's look-back was read (ADR 0157), if one was. */
    public Optional<DrillDownLookBack> lastDrillDownLookBack() {
        return Optional.ofNullable(drillDown.lastLookBack());
    }

    private void run() {
        try {
            List<TopicPartition> assigned = assign();
            if (assigned == null) {
                return;
            }
            long nextPublish = 0;
            long drillDownShown = 0;
            while (!stopped) {
                try {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                        state.take(record.topic(), record.key(), record.value());
                    }
                    if (lastPaused && catchUp.readLastNow(this::positionNow, clock.millis())) {
                        consumer.resume(readLast);
                        lastPaused = false;
                    }
                    state.problem("");
                } catch (WakeupException e) {
                    continue;
                } catch (KafkaException e) {
                    state.problem("Kafka: " + FleetClients.rootMessage(e));
                    sleep(1_000);
                }
                long now = clock.millis();
                // A drill-down's new detail is published at once, not with the next half second's.
                long shownNow = drillDown.shown();
                if (now >= nextPublish || shownNow != drillDownShown) {
                    drillDownShown = shownNow;
                    publish(true);
                    nextPublish = now + PUBLISH_MILLIS;
                }
            }
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    /** Every partition of the topics, positioned; null when closed first. */
    private List<TopicPartition> assign() {
        List<TopicPartition> partitions = new ArrayList<>();
        List<TopicPartition> exclusions = new ArrayList<>();
        while (!stopped) {
            partitions.clear();
            exclusions.clear();
            String missing = null;
            try {
                // Every topic's partitions in one round trip, not one per topic: a console connects
                // to brokers that may be busy, and its first frame waits for these (issue 21: 10 s).
                Map<String, List<PartitionInfo>> topics = consumer.listTopics(Duration.ofSeconds(10));
                for (String topic : RollupTopics.ALL) {
                    List<PartitionInfo> infos = topics.getOrDefault(topic, List.of());
                    if (infos.isEmpty()) {
                        missing = missing == null ? topic : missing + ", " + topic;
                    } else {
                        infos.forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
                    }
                }
                topics.getOrDefault(FleetTopics.EXCLUSIONS, List.of())
                        .forEach(p -> exclusions.add(new TopicPartition(FleetTopics.EXCLUSIONS, p.partition())));
                if (missing == null) {
                    List<TopicPartition> all = new ArrayList<>(partitions);
                    all.addAll(exclusions);
                    consumer.assign(all);
                    consumer.seekToBeginning(partitions);
                    Map<TopicPartition, Long> ends = consumer.endOffsets(all, Duration.ofSeconds(10));
                    catchUp = new CatchUp(ends, clock.millis());
                    planePartitions = partitions.stream()
                            .filter(p -> p.topic().equals(FleetTopics.PLANES))
                            .toList();
                    seekToRecent(exclusions, ends);
                    readLast = partitions.stream().filter(CatchUp::readLast).toList();
                    consumer.pause(readLast);
                    lastPaused = !readLast.isEmpty();
                    return all;
                }
                state.problem("waiting for topic " + missing + " (collectors run with --rollups create it)");
            } catch (WakeupException e) {
                return null;
            } catch (KafkaException e) {
                state.problem("Kafka: " + FleetClients.rootMessage(e));
            }
            publish(false);
            sleep(1_000);
        }
        return null;
    }

    /** Positions the exclusions {@link #RECENT_DECISIONS} before {@code end}, the ends asked for at connect. */
    private void seekToRecent(List<TopicPartition> exclusions, Map<TopicPartition, Long> end) {
        if (exclusions.isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> begin = consumer.beginningOffsets(exclusions, Duration.ofSeconds(10));
        for (TopicPartition p : exclusions) {
            consumer.seek(p, Math.max(begin.getOrDefault(p, 0L), end.getOrDefault(p, 0L) - RECENT_DECISIONS));
        }
    }

    private void publish(boolean connected) {
        Optional<DrillDown.Watch> watch = drillDown.current();
        latest.set(state.snapshot(
                watch.map(DrillDown.Watch::detail),
                watch.map(DrillDown.Watch::device).orElse(""),
                connected,
                connected ? position() : ReaderPosition.CAUGHT_UP));
    }

    /** How far this reader is from what the topics held when it connected, and whether plane records wait. */
    private ReaderPosition position() {
        return new ReaderPosition(catchUp.remaining(this::positionNow).total(), planesPending());
    }

    /** The partition's position without waiting: poll resolves it; one not known yet is not caught up. */
    private OptionalLong positionNow(TopicPartition partition) {
        try {
            return OptionalLong.of(consumer.position(partition, Duration.ZERO));
        } catch (KafkaException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Whether the broker holds plane records this consumer has not handed over yet (or it cannot
     * tell, before its first fetch of them): the rollups' age is then not the collectors'.
     */
    private boolean planesPending() {
        for (TopicPartition partition : planePartitions) {
            OptionalLong lag = consumer.currentLag(partition);
            if (lag.isEmpty() || lag.getAsLong() > 0) {
                return true;
            }
        }
        return false;
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            stopped = true;
        }
    }

    @Override
    public FabricSnapshot latest() {
        return latest.get();
    }

    /**
     * The collectors judge the fleet's alarms with their own thresholds (ADR 0100); kept here for the
     * settings dialog, they change nothing on a fleet.
     */
    @Override
    public AlarmThresholds thresholds() {
        return thresholds.get();
    }

    @Override
    public void setThresholds(AlarmThresholds newThresholds) {
        thresholds.set(newThresholds);
    }

    @Override
    public void close() {
        stopped = true;
        consumer.wakeup();
        drillDown.close();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
