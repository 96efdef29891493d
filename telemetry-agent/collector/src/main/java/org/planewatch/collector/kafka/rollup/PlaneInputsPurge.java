package org.planewatch.collector.kafka.rollup;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.kafka.ClientProperties;

/**
 * Deletes what the by-plane application has read of the plane inputs topic, as Kafka Streams does
 * with a repartition topic of its own (ADR 0150): records below the offsets the application
 * committed. Every rollups node does it (deleting the same records twice is harmless); the topic's
 * time retention (a day) bounds it when no by-plane task commits.
 */
final class PlaneInputsPurge implements AutoCloseable {
    private static final long EVERY_SECONDS = 30;

    private final CollectorSettings settings;
    private final RollupLayout layout;
    private final Consumer<String> log;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("planewatch-plane-inputs-purge").factory());
    private Admin admin;
    /** Whether the last purge failed and said so: said once, not every 30 s. */
    private boolean failing;

    PlaneInputsPurge(CollectorSettings settings, RollupLayout layout, Consumer<String> log) {
        this.settings = settings;
        this.layout = layout;
        this.log = log;
    }

    void start() {
        timer.scheduleWithFixedDelay(this::purge, EVERY_SECONDS, EVERY_SECONDS, TimeUnit.SECONDS);
    }

    /** Deletes, once, what the by-plane application committed of the plane inputs topic. */
    void purge() {
        try {
            if (admin == null) {
                admin = Admin.create(ClientProperties.common(settings, "rollups-purge"));
            }
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(
                            layout.planesApplicationId())
                    .partitionsToOffsetAndMetadata()
                    .get(EVERY_SECONDS, TimeUnit.SECONDS);
            Map<TopicPartition, RecordsToDelete> read = new HashMap<>();
            committed.forEach((partition, offset) -> {
                if (offset != null && partition.topic().equals(layout.planeInputs()) && offset.offset() > 0) {
                    read.put(partition, RecordsToDelete.beforeOffset(offset.offset()));
                }
            });
            if (!read.isEmpty()) {
                admin.deleteRecords(read).all().get(EVERY_SECONDS, TimeUnit.SECONDS);
            }
            failing = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            if (!failing) {
                failing = true;
                log.accept("rollups: the read part of " + layout.planeInputs() + " was not deleted ("
                        + (e.getCause() instanceof KafkaException k ? k.getMessage() : e.getMessage())
                        + "); asked again every " + EVERY_SECONDS + " s, the topic's retention bounds it meanwhile");
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (admin != null) {
            admin.close();
        }
    }
}
