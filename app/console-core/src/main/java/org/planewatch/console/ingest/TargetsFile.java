package org.planewatch.console.ingest;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.TargetAddress;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.fleet.KafkaClientProperties;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads a targets file in the spirit of gnmic's:
 *
 * <pre>
 * targets:
 *   fabric:                      # the console's name for the connection
 *     address: 10.0.0.5:9339
 *     devices: ["*"]             # gNMI target names; "*" for an aggregating endpoint
 *     insecure: true             # plaintext (loopback labs); otherwise TLS:
 *     tls-ca: /etc/planewatch/ca.pem
 *     tls-cert: client.pem       # mutual TLS (relative paths are relative to this file)
 *     tls-key: client.key
 *     username: ops
 *     password: s3cret
 * </pre>
 *
 * A console on a fleet reads the collector tier's Kafka cluster instead (ADR 0102), from a {@code
 * kafka:} entry (then {@code targets:} may be left out):
 *
 * <pre>
 * kafka:
 *   bootstrap: broker1:9092,broker2:9092
 *   properties:                  # any Kafka client property, as Kafka clients take them
 *     security.protocol: SASL_SSL
 *     sasl.mechanism: SCRAM-SHA-512
 *   properties-file: client.properties   # key=value lines (relative to this file); the map wins
 * </pre>
 *
 * Every mistake is reported with the file, the target and the field.
 */
public final class TargetsFile {
    private static final Set<String> FIELDS =
            Set.of("address", "devices", "insecure", "tls-ca", "tls-cert", "tls-key", "username", "password");

    private static final Set<String> KAFKA_FIELDS = Set.of("bootstrap", "properties", "properties-file");

    /** The Kafka client properties a console sets itself: it only reads, outside any group. */
    private static final KafkaClientProperties KAFKA_PROPERTIES = new KafkaClientProperties(
            "the console",
            Map.of(
                    "bootstrap.servers", "give the cluster with 'bootstrap:' or --kafka",
                    "key.deserializer", "the console reads the collectors' record format",
                    "value.deserializer", "the console reads the collectors' record format",
                    "group.id", "the console reads outside any group",
                    "enable.auto.commit", "the console reads outside any group"));

    private TargetsFile() {}

    public static List<TargetConfig> read(Path file) throws IOException {
        Map<?, ?> top = load(file);
        if (!(top.get("targets") instanceof Map<?, ?> targets) || targets.isEmpty()) {
            if (top.containsKey("kafka")) {
                throw new IllegalArgumentException(file + ": has a 'kafka:' entry and no 'targets:': it describes"
                        + " a fleet (start the console with --targets on it), not agents to subscribe to");
            }
            throw new IllegalArgumentException(file + ": expected a 'targets:' map with at least one target");
        }
        List<TargetConfig> configs = new ArrayList<>();
        for (Map.Entry<?, ?> entry : targets.entrySet()) {
            String name = String.valueOf(entry.getKey());
            String where = file + ": target '" + name + "'";
            if (!(entry.getValue() instanceof Map<?, ?> fields)) {
                throw new IllegalArgumentException(where + ": expected a map of fields (address, devices, ...)");
            }
            for (Object field : fields.keySet()) {
                if (!FIELDS.contains(String.valueOf(field))) {
                    throw new IllegalArgumentException(where + ": unknown field '" + field + "' (known: "
                            + String.join(", ", FIELDS.stream().sorted().toList()) + ")");
                }
            }
            configs.add(target(file, where, name, fields));
        }
        return List.copyOf(configs);
    }

    /** The file's {@code kafka:} entry, if it has one, checked: the collector tier a console reads. */
    public static Optional<FleetAddress> kafka(Path file) throws IOException {
        Object entry = load(file).get("kafka");
        if (entry == null) {
            return Optional.empty();
        }
        String where = file + ": kafka";
        if (!(entry instanceof Map<?, ?> fields)) {
            throw new IllegalArgumentException(
                    where + ": expected a map of fields (bootstrap, properties, properties-file)");
        }
        for (Object field : fields.keySet()) {
            if (!KAFKA_FIELDS.contains(String.valueOf(field))) {
                throw new IllegalArgumentException(where + ": unknown field '" + field + "' (known: "
                        + String.join(", ", KAFKA_FIELDS.stream().sorted().toList()) + ")");
            }
        }
        if (!(fields.get("bootstrap") instanceof String bootstrap) || bootstrap.isBlank()) {
            throw new IllegalArgumentException(where + ": 'bootstrap' (host:port[,host:port...]) is required");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        Optional<Path> propertiesFile = path(file, fields.get("properties-file"));
        propertiesFile.ifPresent(p -> properties.putAll(KAFKA_PROPERTIES.fromFile(p)));
        switch (fields.get("properties")) {
            case null -> {}
            case Map<?, ?> map -> properties.putAll(KAFKA_PROPERTIES.fromMap(where + ".properties", map));
            case Object other ->
                throw new IllegalArgumentException(where + ".properties: expected a map of Kafka client properties"
                        + " (security.protocol: SSL, ...), got '" + other + "'");
        }
        return Optional.of(new FleetAddress(bootstrap, properties, where));
    }

    /** Kafka client properties given as {@code --kafka-property key=value} options, checked. */
    public static Map<String, String> kafkaProperties(String option, List<String> values) {
        return KAFKA_PROPERTIES.fromOptions(option, values);
    }

    /** A Kafka client properties file ({@code key=value} lines), checked. */
    public static Map<String, String> kafkaProperties(Path file) {
        return KAFKA_PROPERTIES.fromFile(file);
    }

    private static Map<?, ?> load(Path file) throws IOException {
        Object root;
        try (Reader reader = Files.newBufferedReader(file)) {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(
                    file + ": not valid YAML: "
                            + e.getMessage().lines().findFirst().orElse(""),
                    e);
        }
        if (!(root instanceof Map<?, ?> top)) {
            throw new IllegalArgumentException(file + ": expected a 'targets:' map with at least one target");
        }
        return top;
    }

    private static TargetConfig target(Path file, String where, String name, Map<?, ?> fields) {
        Object address = fields.get("address");
        if (address == null) {
            throw new IllegalArgumentException(where + ": 'address' (host:port) is required");
        }
        TargetAddress parsed;
        try {
            parsed = TargetAddress.parse(String.valueOf(address));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
        List<String> devices = switch (fields.get("devices")) {
            case null -> List.of();
            case List<?> list -> list.stream().map(String::valueOf).toList();
            case Object single -> List.of(String.valueOf(single));
        };
        boolean insecure = Boolean.TRUE.equals(fields.get("insecure"));
        Optional<Path> ca = path(file, fields.get("tls-ca"));
        Optional<Path> cert = path(file, fields.get("tls-cert"));
        Optional<Path> key = path(file, fields.get("tls-key"));
        if (insecure && (ca.isPresent() || cert.isPresent() || key.isPresent())) {
            throw new IllegalArgumentException(where + ": 'insecure: true' and TLS files exclude each other");
        }
        Object username = fields.get("username");
        Object password = fields.get("password");
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException(where + ": 'username' and 'password' go together");
        }
        return new TargetConfig(
                name,
                parsed.host(),
                parsed.port(),
                devices,
                insecure ? Optional.empty() : Optional.of(new TargetConfig.TlsFiles(ca, cert, key)),
                username == null
                        ? Optional.empty()
                        : Optional.of(
                                new TargetConfig.Credentials(String.valueOf(username), String.valueOf(password))));
    }

    private static Optional<Path> path(Path file, Object value) {
        if (value == null) {
            return Optional.empty();
        }
        Path path = Path.of(String.valueOf(value));
        Path base = file.toAbsolutePath().getParent();
        return Optional.of(path.isAbsolute() || base == null ? path : base.resolve(path));
    }
}
