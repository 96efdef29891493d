package org.planewatch.collector.config;

import java.time.Duration;
import org.planewatch.fleet.FleetTopics;

/**
 * The collector tier's topics. The targets topic and the exclusions topic have the same number of
 * partitions: exclusion decisions of the targets in targets partition {@code p} are written to
 * exclusions partition {@code p}, so the collector that takes over partition {@code p} reads one
 * exclusions partition to learn what was published for exactly the targets it gained (ADR 0099).
 *
 * @param shares partitions of the targets topic and of the exclusions topic: how finely targets are
 *     shared out (at most this many collectors hold targets)
 * @param updatePartitions partitions of the raw updates topic (keyed by device)
 * @param replicationFactor replicas of each topic the collector creates; 0: min(3, brokers)
 * @param updatesRetention how long raw updates are kept
 * @param exclusionsRetention how long exclusion decisions are kept (and so what a collector taking
 *     over can tell apart from a decision not yet published)
 */
public record TopicLayout(
        String targets,
        String updates,
        String exclusions,
        int shares,
        int updatePartitions,
        int replicationFactor,
        Duration updatesRetention,
        Duration exclusionsRetention) {

    public static final int MAX_PARTITIONS = 10_000;

    public TopicLayout {
        for (String topic : new String[] {targets, updates, exclusions}) {
            if (topic == null || !topic.matches("[a-zA-Z0-9._-]{1,249}")) {
                throw new IllegalArgumentException(
                        "topic name '" + topic + "' must be 1..249 characters of a-z A-Z 0-9 . _ -");
            }
        }
        requireRange("shares (--shares)", shares, 1, MAX_PARTITIONS);
        requireRange("update partitions (--update-partitions)", updatePartitions, 1, MAX_PARTITIONS);
        requireRange("replication factor (--replication-factor)", replicationFactor, 0, 7);
        if (updatesRetention.isNegative() || updatesRetention.isZero()) {
            throw new IllegalArgumentException("updates retention must be positive, got " + updatesRetention);
        }
        if (exclusionsRetention.isNegative() || exclusionsRetention.isZero()) {
            throw new IllegalArgumentException("exclusions retention must be positive, got " + exclusionsRetention);
        }
    }

    public static TopicLayout defaults() {
        return new TopicLayout(
                FleetTopics.TARGETS,
                FleetTopics.UPDATES,
                FleetTopics.EXCLUSIONS,
                12,
                12,
                0,
                Duration.ofHours(1),
                Duration.ofDays(7));
    }

    public TopicLayout withShares(int newShares) {
        return new TopicLayout(
                targets,
                updates,
                exclusions,
                newShares,
                updatePartitions,
                replicationFactor,
                updatesRetention,
                exclusionsRetention);
    }

    public TopicLayout withUpdatePartitions(int partitions) {
        return new TopicLayout(
                targets,
                updates,
                exclusions,
                shares,
                partitions,
                replicationFactor,
                updatesRetention,
                exclusionsRetention);
    }

    public TopicLayout withReplicationFactor(int factor) {
        return new TopicLayout(
                targets, updates, exclusions, shares, updatePartitions, factor, updatesRetention, exclusionsRetention);
    }

    static void requireRange(String what, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(what + " must be " + min + ".." + max + ", got " + value);
        }
    }
}
