package org.planewatch.console.fleet;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.planewatch.console.telemetry.FleetAddress;

/**
 * The console's Kafka consumers: the operator's properties (TLS, SASL) first, then what the console
 * needs: string keys, byte values, outside any group (it assigns partitions itself and commits
 * nothing), and reads only committed records.
 */
final class FleetClients {
    private FleetClients() {}

    static KafkaConsumer<String, byte[]> consumer(FleetAddress address, String role) {
        return consumer(address, role, Map.of());
    }

    /** A consumer as {@link #consumer(FleetAddress, String)}, with {@code tuning} unless the address sets them. */
    static KafkaConsumer<String, byte[]> consumer(FleetAddress address, String role, Map<String, Object> tuning) {
        Map<String, Object> props = new HashMap<>(tuning);
        props.putAll(address.properties());
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, address.bootstrap());
        props.putIfAbsent(CommonClientConfigs.CLIENT_ID_CONFIG, clientId(role));
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.putIfAbsent(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // A console asking for a topic the collectors have not made yet must not make it: a changelog
        // made with one partition by a drill-down would stop the rollups (Kafka Streams checks its own).
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        try {
            return new KafkaConsumer<>(props);
        } catch (KafkaException e) {
            // A bad property value (security.protocol=SSLL, a missing truststore) fails here, at once.
            throw new IllegalArgumentException(
                    address.origin() + ": the Kafka client cannot be made with these properties: " + rootMessage(e), e);
        }
    }

    /**
     * An admin client with the operator's properties: a drill-down reads the rollups' committed offsets
     * with it (ADR 0157).
     */
    static Admin admin(FleetAddress address, String role) {
        Map<String, Object> props = new HashMap<>(address.properties());
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, address.bootstrap());
        props.putIfAbsent(CommonClientConfigs.CLIENT_ID_CONFIG, clientId(role));
        try {
            return Admin.create(props);
        } catch (KafkaException e) {
            throw new IllegalArgumentException(
                    address.origin() + ": the Kafka client cannot be made with these properties: " + rootMessage(e), e);
        }
    }

    /**
     * Connects {@code consumer} to the brokers and learns {@code topic}'s partitions ahead of its first
     * read, so that a drill-down does not wait for a connection and the metadata on top of its own
     * reads (a few round trips to a broker that may be busy; the consumer keeps the metadata). Best
     * effort: a topic not there yet, a broker not answering, or a wakeup (a drill-down asked for
     * already, or closing: the caller's loop sees which) leave it to the first read.
     */
    static void connectAhead(KafkaConsumer<String, byte[]> consumer, String topic) {
        try {
            consumer.partitionsFor(topic, Duration.ofSeconds(10));
        } catch (KafkaException e) { // a WakeupException too
            // best effort, as said
        }
    }

    private static String clientId(String role) {
        return "planewatch-console-" + role + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return cause == e ? message : e.getMessage() + " (" + message + ")";
    }
}
