package org.planewatch.collector.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.planewatch.fleet.KafkaClientProperties;

/**
 * Kafka client properties passed through to every client the collector makes (TLS, SASL, client
 * rack, timeouts): from {@code --kafka-property key=value} and from a properties file of {@code
 * key=value} lines. The collector owns its serializers and the settings its guarantees rest on, so
 * those are refused with the reason, never silently overridden.
 */
public final class KafkaProperties {
    /** Properties the collector sets itself; giving them would break a guarantee (ADR 0099). */
    private static final KafkaClientProperties PARSER = new KafkaClientProperties(
            "the collector",
            Map.ofEntries(
                    Map.entry("key.serializer", "the collector writes its own record format"),
                    Map.entry("value.serializer", "the collector writes its own record format"),
                    Map.entry("key.deserializer", "the collector reads its own record format"),
                    Map.entry("value.deserializer", "the collector reads its own record format"),
                    Map.entry("enable.idempotence", "exclusion decisions rely on the idempotent producer"),
                    Map.entry("acks", "exclusion decisions rely on acks=all"),
                    Map.entry("group.id", "set the group with --group"),
                    Map.entry("enable.auto.commit", "shares are rebuilt from the topic, never committed"),
                    Map.entry("partition.assignment.strategy", "shares move incrementally (cooperative-sticky)"),
                    Map.entry("bootstrap.servers", "give the cluster with --bootstrap")));

    private KafkaProperties() {}

    /** Parses {@code --kafka-property} values, each {@code key=value}. */
    public static Map<String, String> fromOptions(List<String> options) {
        return PARSER.fromOptions("--kafka-property", options);
    }

    /** Reads a properties file: {@code key=value} lines; blank lines and lines starting with # or ! are skipped. */
    public static Map<String, String> fromFile(Path file) {
        return PARSER.fromFile(file);
    }
}
