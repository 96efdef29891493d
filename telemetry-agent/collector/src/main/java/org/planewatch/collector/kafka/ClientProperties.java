package org.planewatch.collector.kafka;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.planewatch.collector.config.CollectorSettings;

/**
 * The properties of each Kafka client a collector makes: the operator's pass-through properties
 * (TLS, SASL) first, then what the collector's guarantees rest on (docs/scale.md, ADR 0099).
 */
public final class ClientProperties {
    private ClientProperties() {}

    public static Map<String, Object> common(CollectorSettings settings, String role) {
        Map<String, Object> props = new HashMap<>(settings.kafkaProperties());
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrap());
        props.put(CommonClientConfigs.CLIENT_ID_CONFIG, "planewatch-collector-" + settings.id() + "-" + role);
        return props;
    }

    /**
     * Raw updates: idempotent, acks=all, lz4 (cheap on CPU, about 5x on repeated paths), batched for up
     * to 20 ms or 256 KiB per partition. When the cluster cannot take them, a send waits at most 2 s
     * for room and is refused; the forwarder offers it again, and the agents wait meanwhile (ADR 0112).
     */
    static Map<String, Object> updatesProducer(CollectorSettings settings) {
        Map<String, Object> props = producer(settings, "updates", ByteArraySerializer.class);
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        props.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 20);
        props.putIfAbsent(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        props.putIfAbsent(ProducerConfig.BUFFER_MEMORY_CONFIG, 64L << 20);
        props.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, 2_000);
        return props;
    }

    /**
     * Exclusion decisions: idempotent, acks=all, and retried for a day: a broker restart or a
     * partition's leader moving only delays them. A decision is marked published only when it is
     * acknowledged.
     */
    static Map<String, Object> exclusionsProducer(CollectorSettings settings) {
        Map<String, Object> props = producer(settings, "exclusions", ByteArraySerializer.class);
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        props.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 5);
        props.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 24 * 3600 * 1000);
        props.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000);
        return props;
    }

    /** The targets list: a plain producer of names (the file's entries are re-sent on every start). */
    static Map<String, Object> targetsProducer(CollectorSettings settings) {
        return producer(settings, "targets", StringSerializer.class);
    }

    /** Every producer: string keys, idempotent, acks=all (the guarantees ADR 0099 rests on). */
    private static Map<String, Object> producer(CollectorSettings settings, String role, Class<?> valueSerializer) {
        Map<String, Object> props = common(settings, role);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, valueSerializer);
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        return props;
    }

    /**
     * The group member: the classic protocol with cooperative-sticky assignment (only the partitions
     * that move are revoked, so a rebalance does not interrupt every subscription), a session timeout
     * and heartbeat set by the client (the new consumer protocol takes them from the broker, 45 s by
     * default), nothing committed: every assigned partition is read from its start.
     */
    static Map<String, Object> groupConsumer(CollectorSettings settings) {
        Map<String, Object> props = common(settings, "share");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, settings.group());
        props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        props.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int)
                settings.timing().sessionTimeout().toMillis());
        props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, (int)
                settings.timing().heartbeatInterval().toMillis());
        return props;
    }

    /** Reads exclusions partitions from their start, outside any group. */
    public static Map<String, Object> readerConsumer(CollectorSettings settings, String role) {
        Map<String, Object> props = common(settings, role);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        return props;
    }
}
