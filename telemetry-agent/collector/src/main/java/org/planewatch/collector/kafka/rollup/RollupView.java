package org.planewatch.collector.kafka.rollup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.kafka.ClientProperties;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;

/**
 * The latest plane rollups, suspects and alarms, as any new client reads them: every partition of
 * the compacted topics from its start, the last value per key kept and a tombstone removing it, then
 * following as they are written. Outside any group; for /metrics. The links topic is not read: a
 * full fabric has 1.6 million links, and a link down is an alarm.
 */
public final class RollupView implements AutoCloseable {
    private final Map<String, PlaneRollup> planes = new ConcurrentHashMap<>();
    private final Map<String, SuspectRollup> suspects = new ConcurrentHashMap<>();
    private final Map<String, AlarmRollup> alarms = new ConcurrentHashMap<>();
    private final KafkaConsumer<String, byte[]> consumer;
    private final RollupLayout layout;
    private final Thread thread;
    private final Consumer<String> log;
    private volatile boolean stopped;

    private RollupView(CollectorSettings settings, RollupLayout layout, Consumer<String> log) {
        Map<String, Object> props = ClientProperties.readerConsumer(settings, "rollup-view");
        this.consumer = new KafkaConsumer<>(props);
        this.layout = layout;
        this.log = log;
        this.thread = Thread.ofPlatform().daemon().name("rollup-view").unstarted(this::run);
    }

    /** Starts reading; the rollup topics must exist ({@link Rollups#start} or another collector made them). */
    public static RollupView start(CollectorSettings settings, RollupLayout layout, Consumer<String> log) {
        RollupView view = new RollupView(settings, layout, log);
        view.thread.start();
        return view;
    }

    private void run() {
        try {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : List.of(layout.planes(), layout.suspects(), layout.alarms())) {
                consumer.partitionsFor(topic, Duration.ofSeconds(30))
                        .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (!stopped) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    take(record);
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            if (!stopped) {
                log.accept("rollup view stopped: " + e.getMessage());
            }
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void take(ConsumerRecord<String, byte[]> record) {
        try {
            if (record.topic().equals(layout.planes())) {
                put(planes, record, PlaneRollup.class);
            } else if (record.topic().equals(layout.suspects())) {
                put(suspects, record, SuspectRollup.class);
            } else {
                put(alarms, record, AlarmRollup.class);
            }
        } catch (IllegalArgumentException e) {
            log.accept(
                    "skipped a record of " + record.topic() + " at offset " + record.offset() + ": " + e.getMessage());
        }
    }

    private static <T> void put(Map<String, T> latest, ConsumerRecord<String, byte[]> record, Class<T> type) {
        if (record.value() == null) {
            latest.remove(record.key());
        } else {
            latest.put(record.key(), RollupJson.decode(record.value(), type));
        }
    }

    public List<PlaneRollup> planes() {
        return List.copyOf(planes.values());
    }

    public List<SuspectRollup> suspects() {
        return List.copyOf(suspects.values());
    }

    public List<AlarmRollup> alarms() {
        return List.copyOf(alarms.values());
    }

    @Override
    public void close() {
        stopped = true;
        consumer.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
