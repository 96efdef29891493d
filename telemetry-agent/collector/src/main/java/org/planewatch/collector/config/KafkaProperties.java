package org.planewatch.collector.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Kafka client properties passed through to every client the collector makes (TLS, SASL, client
 * rack, timeouts): from {@code --kafka-property key=value} and from a properties file of {@code
 * key=value} lines. The collector owns its serializers and the settings its guarantees rest on, so
 * those are refused with the reason, never silently overridden.
 */
public final class KafkaProperties {
    /** Properties the collector sets itself; giving them would break a guarantee (ADR 0099). */
    private static final Map<String, String> OWNED = Map.ofEntries(
            Map.entry("key.serializer", "the collector writes its own record format"),
            Map.entry("value.serializer", "the collector writes its own record format"),
            Map.entry("key.deserializer", "the collector reads its own record format"),
            Map.entry("value.deserializer", "the collector reads its own record format"),
            Map.entry("enable.idempotence", "exclusion decisions rely on the idempotent producer"),
            Map.entry("acks", "exclusion decisions rely on acks=all"),
            Map.entry("group.id", "set the group with --group"),
            Map.entry("enable.auto.commit", "shares are rebuilt from the topic, never committed"),
            Map.entry("partition.assignment.strategy", "shares move incrementally (cooperative-sticky)"),
            Map.entry("bootstrap.servers", "give the cluster with --bootstrap"));

    private static final Set<String> SECRET_WORDS = Set.of("password", "secret", "jaas", "token");

    private KafkaProperties() {}

    /** Parses {@code --kafka-property} values, each {@code key=value}. */
    public static Map<String, String> fromOptions(List<String> options) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String option : options) {
            put(properties, option, "--kafka-property '" + masked(option) + "'");
        }
        return properties;
    }

    /** Reads a properties file: {@code key=value} lines; blank lines and lines starting with # or ! are skipped. */
    public static Map<String, String> fromFile(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": cannot read the Kafka properties file (no such file)");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read the Kafka properties file ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
                continue;
            }
            put(properties, line, file + ":" + (i + 1));
        }
        return properties;
    }

    private static void put(Map<String, String> properties, String text, String where) {
        int equals = text.indexOf('=');
        if (equals <= 0) {
            throw new IllegalArgumentException(where + ": expected key=value (a Kafka client property such as"
                    + " security.protocol=SSL), got '" + masked(text) + "'");
        }
        String key = text.substring(0, equals).strip();
        String value = text.substring(equals + 1).strip();
        if (key.isEmpty() || key.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(where + ": property name '" + key + "' is empty or contains spaces");
        }
        String reason = OWNED.get(key);
        if (reason != null) {
            throw new IllegalArgumentException(where + ": '" + key + "' is set by the collector (" + reason + ")");
        }
        properties.put(key, value);
    }

    /** The text with the value of a secret-looking property hidden, for error messages. */
    static String masked(String text) {
        int equals = text.indexOf('=');
        if (equals < 0) {
            return text;
        }
        String key = text.substring(0, equals).toLowerCase(java.util.Locale.ROOT);
        return SECRET_WORDS.stream().anyMatch(key::contains) ? text.substring(0, equals + 1) + "***" : text;
    }
}
