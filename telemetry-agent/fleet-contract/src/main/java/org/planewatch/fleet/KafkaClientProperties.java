package org.planewatch.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Kafka client properties an operator passes through to the clients a program makes (TLS, SASL,
 * client rack, timeouts), as {@code key=value} options, a properties file of such lines, or a YAML
 * map. The program owns some properties (its serializers, the settings its guarantees rest on):
 * those are refused with the reason, never silently overridden. Errors say where (option, file and
 * line, entry) and what; the value of a secret-looking property is never printed.
 *
 * @param program who owns the refused properties, as errors name it ("the collector", "the console")
 * @param owned the refused properties, each with why
 */
public record KafkaClientProperties(String program, Map<String, String> owned) {
    private static final Set<String> SECRET_WORDS = Set.of("password", "secret", "jaas", "token");

    public KafkaClientProperties {
        owned = Map.copyOf(owned);
    }

    /** Parses {@code option} values, each {@code key=value}; {@code option} names the option in errors. */
    public Map<String, String> fromOptions(String option, List<String> values) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String value : values) {
            put(properties, value, option + " '" + masked(value) + "'");
        }
        return properties;
    }

    /** Reads a properties file: {@code key=value} lines; blank lines and lines starting with # or ! are skipped. */
    public Map<String, String> fromFile(Path file) {
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

    /** Checks the entries of a map (a YAML {@code properties:} map); {@code where} names it in errors. */
    public Map<String, String> fromMap(String where, Map<?, ?> entries) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : entries.entrySet()) {
            if (entry.getValue() == null
                    || entry.getValue() instanceof Map<?, ?>
                    || entry.getValue() instanceof List<?>) {
                throw new IllegalArgumentException(where + ": property '" + entry.getKey()
                        + "' needs a single value (a string, number or boolean)");
            }
            put(properties, entry.getKey() + "=" + entry.getValue(), where);
        }
        return properties;
    }

    private void put(Map<String, String> properties, String text, String where) {
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
        String reason = owned.get(key);
        if (reason != null) {
            throw new IllegalArgumentException(where + ": '" + key + "' is set by " + program + " (" + reason + ")");
        }
        properties.put(key, value);
    }

    /** The text with the value of a secret-looking property hidden, for error messages. */
    public static String masked(String text) {
        int equals = text.indexOf('=');
        if (equals < 0) {
            return text;
        }
        String key = text.substring(0, equals).toLowerCase(Locale.ROOT);
        return SECRET_WORDS.stream().anyMatch(key::contains) ? text.substring(0, equals + 1) + "***" : text;
    }
}
