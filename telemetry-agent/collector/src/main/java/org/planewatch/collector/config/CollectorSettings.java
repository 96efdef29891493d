package org.planewatch.collector.config;

import java.util.Map;

/**
 * One collector's settings.
 *
 * @param id this collector's name (logs, the {@code collector} header of what it publishes, its
 *     Kafka client id)
 * @param group the consumer group the collectors share targets in
 * @param bootstrap the Kafka cluster, {@code host:port[,host:port...]}
 * @param kafkaProperties client properties passed through to every Kafka client (TLS, SASL)
 * @param suppressRedundant subscribe with gNMI suppress_redundant: agents send a sampled counter
 *     only when it changed (ADR 0124)
 */
public record CollectorSettings(
        String id,
        String group,
        String bootstrap,
        Map<String, String> kafkaProperties,
        TopicLayout topics,
        GroupTiming timing,
        CollectorTargets targets,
        boolean suppressRedundant) {

    /** Settings that subscribe to every counter every sample (no suppress_redundant). */
    public CollectorSettings(
            String id,
            String group,
            String bootstrap,
            Map<String, String> kafkaProperties,
            TopicLayout topics,
            GroupTiming timing,
            CollectorTargets targets) {
        this(id, group, bootstrap, kafkaProperties, topics, timing, targets, false);
    }

    public CollectorSettings withSuppressRedundant(boolean suppress) {
        return new CollectorSettings(id, group, bootstrap, kafkaProperties, topics, timing, targets, suppress);
    }

    public CollectorSettings {
        if (id == null || !id.matches("[a-zA-Z0-9._-]{1,100}")) {
            throw new IllegalArgumentException(
                    "collector id '" + id + "' must be 1..100 characters of a-z A-Z 0-9 . _ -");
        }
        if (group == null || !group.matches("[a-zA-Z0-9._-]{1,200}")) {
            throw new IllegalArgumentException("group '" + group + "' must be 1..200 characters of a-z A-Z 0-9 . _ -");
        }
        if (bootstrap == null || bootstrap.isBlank()) {
            throw new IllegalArgumentException("a Kafka bootstrap address (host:port) is required");
        }
        kafkaProperties = Map.copyOf(kafkaProperties);
    }

    public static final String DEFAULT_GROUP = "planewatch-collectors";
}
