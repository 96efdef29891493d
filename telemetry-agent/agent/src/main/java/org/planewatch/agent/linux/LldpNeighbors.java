package org.planewatch.agent.linux;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The host's LLDP neighbors as lldpd sees them ({@code lldpcli -f json show neighbors}), turned into
 * openconfig-lldp leaves. Where lldpd does not run the host serves no neighbors, and says so once.
 * lldpd learns neighbors every 30 s by default, so the command runs at most every {@link #REFRESH}.
 */
public final class LldpNeighbors {

    /** What produces lldpcli's JSON; empty when there is none (lldpcli missing or failing). */
    @FunctionalInterface
    public interface Source {
        Optional<String> json();
    }

    /** A neighbor of a port, with the lldpd fields openconfig-lldp has leaves for; null where lldpd gave none. */
    public record Neighbor(
            String port,
            String id,
            String systemName,
            String systemDescription,
            String chassisId,
            String chassisIdType,
            String portId,
            String portIdType,
            String portDescription) {}

    static final Duration REFRESH = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Serves no neighbors: before {@link LinuxHostBackend#readLldpFrom} is called, and in tests of sysfs alone. */
    public static final LldpNeighbors NONE = new LldpNeighbors(Optional::empty, note -> {}, 0);

    private final Source source;
    private final Consumer<String> note;
    private final long refreshNanos;
    private long readAtNanos;
    private boolean read;
    private List<Neighbor> neighbors = List.of();

    /**
     * @param note where a problem with the source (lldpcli missing, output not understood) is reported, once
     * @param refreshNanos how long neighbors read are served before the source is asked again
     */
    public LldpNeighbors(Source source, Consumer<String> note, long refreshNanos) {
        this.source = source;
        this.note = note;
        this.refreshNanos = refreshNanos;
    }

    /** lldpd's neighbors through {@code lldpcli}; a missing or failing lldpcli is reported once through {@code note}. */
    public static LldpNeighbors lldpcli(Consumer<String> note) {
        return new LldpNeighbors(new LldpCli(note), note, REFRESH.toNanos());
    }

    /** The neighbors' leaves, read again from the source when the last read is older than the refresh. */
    public synchronized void leaves(Map<TelemetryPath, TelemetryValue> out) {
        long now = System.nanoTime();
        if (!read || now - readAtNanos >= refreshNanos) {
            read = true;
            readAtNanos = now;
            neighbors = source.json().map(this::parseOrNote).orElse(List.of());
        }
        for (Neighbor n : neighbors) {
            TelemetryPath s = LldpLeaves.state(n.port(), n.id());
            out.put(s.child(LldpLeaves.ID_LEAF), TelemetryValue.str(n.id()));
            put(out, s, LldpLeaves.SYSTEM_NAME, n.systemName());
            put(out, s, LldpLeaves.SYSTEM_DESCRIPTION, n.systemDescription());
            put(out, s, LldpLeaves.CHASSIS_ID, n.chassisId());
            put(out, s, LldpLeaves.CHASSIS_ID_TYPE, n.chassisIdType());
            put(out, s, LldpLeaves.PORT_ID, n.portId());
            put(out, s, LldpLeaves.PORT_ID_TYPE, n.portIdType());
            put(out, s, LldpLeaves.PORT_DESCRIPTION, n.portDescription());
        }
    }

    private static void put(Map<TelemetryPath, TelemetryValue> out, TelemetryPath state, String leaf, String value) {
        if (value != null) {
            out.put(state.child(leaf), TelemetryValue.str(value));
        }
    }

    private boolean noted;

    private List<Neighbor> parseOrNote(String json) {
        try {
            return parse(json);
        } catch (IOException e) {
            if (!noted) {
                noted = true;
                note.accept("lldpcli's output is not the JSON expected, no LLDP neighbors served: " + e.getMessage());
            }
            return List.of();
        }
    }

    /**
     * The neighbors in the output of {@code lldpcli -f json show neighbors}: {@code lldp.interface} is
     * one object per port, or a list of them when there are several, each {@code {port: {rid, chassis,
     * port}}}; {@code chassis} is keyed by the neighbor's system name when it sent one.
     *
     * @throws IOException when the text is not JSON of that shape
     */
    public static List<Neighbor> parse(String json) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new IOException("not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject() || !root.path("lldp").isObject()) {
            throw new IOException("no 'lldp' object at the top");
        }
        JsonNode interfaces = root.path("lldp").path("interface");
        List<JsonNode> entries = new ArrayList<>();
        if (interfaces.isArray()) {
            interfaces.forEach(entries::add);
        } else if (interfaces.isObject()) {
            entries.add(interfaces);
        }
        List<Neighbor> out = new ArrayList<>();
        for (JsonNode entry : entries) {
            for (Iterator<Map.Entry<String, JsonNode>> it = entry.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> port = it.next();
                out.add(neighbor(port.getKey(), port.getValue(), out.size()));
            }
        }
        return out;
    }

    private static Neighbor neighbor(String port, JsonNode n, int position) {
        JsonNode chassis = n.path("chassis");
        String systemName = null;
        if (!chassis.has("id")) {
            Iterator<Map.Entry<String, JsonNode>> named = chassis.fields();
            if (named.hasNext()) {
                Map.Entry<String, JsonNode> first = named.next();
                systemName = first.getKey();
                chassis = first.getValue();
            }
        }
        JsonNode portNode = n.path("port");
        String rid = text(n.path("rid"));
        return new Neighbor(
                port,
                rid != null ? rid : Integer.toString(position + 1),
                systemName,
                text(chassis.path("descr")),
                text(chassis.path("id").path("value")),
                chassisIdType(text(chassis.path("id").path("type"))),
                text(portNode.path("id").path("value")),
                portIdType(text(portNode.path("id").path("type"))),
                text(portNode.path("descr")));
    }

    private static String text(JsonNode node) {
        return node.isValueNode() ? node.asText() : null;
    }

    /** lldpd's chassis id subtypes to openconfig-lldp-types {@code chassis-id-type}; null when it has none. */
    static String chassisIdType(String lldpd) {
        return lldpd == null
                ? null
                : switch (lldpd.toLowerCase(Locale.ROOT)) {
                    case "chassis" -> "CHASSIS_COMPONENT";
                    case "ifalias" -> "INTERFACE_ALIAS";
                    case "port" -> "PORT_COMPONENT";
                    case "mac" -> "MAC_ADDRESS";
                    case "ip" -> "NETWORK_ADDRESS";
                    case "ifname" -> "INTERFACE_NAME";
                    case "local" -> "LOCAL";
                    default -> null;
                };
    }

    /** lldpd's port id subtypes to openconfig-lldp-types {@code port-id-type}; null when it has none. */
    static String portIdType(String lldpd) {
        return lldpd == null
                ? null
                : switch (lldpd.toLowerCase(Locale.ROOT)) {
                    case "ifalias" -> "INTERFACE_ALIAS";
                    case "port" -> "PORT_COMPONENT";
                    case "mac" -> "MAC_ADDRESS";
                    case "ip" -> "NETWORK_ADDRESS";
                    case "ifname" -> "INTERFACE_NAME";
                    case "agentid" -> "AGENT_CIRCUIT_ID";
                    case "local" -> "LOCAL";
                    default -> null;
                };
    }

    /** Runs {@code lldpcli -f json show neighbors}; after it is found missing, never again. */
    static final class LldpCli implements Source {
        private static final Duration TIMEOUT = Duration.ofSeconds(5);
        private static final int MAX_OUTPUT_BYTES = 4 << 20;
        private final Consumer<String> note;
        private final List<String> command;
        private boolean missing;
        private boolean failedOnce;

        LldpCli(Consumer<String> note) {
            this(note, List.of("lldpcli", "-f", "json", "show", "neighbors"));
        }

        LldpCli(Consumer<String> note, List<String> command) {
            this.note = note;
            this.command = command;
        }

        @Override
        public Optional<String> json() {
            if (missing) {
                return Optional.empty();
            }
            Process process;
            try {
                process = new ProcessBuilder(command)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
            } catch (IOException e) {
                missing = true;
                note.accept("lldpcli not found (" + e.getMessage()
                        + "): lldpd does not run here, so no LLDP neighbors are served");
                return Optional.empty();
            }
            try {
                byte[] out = process.getInputStream().readNBytes(MAX_OUTPUT_BYTES);
                boolean done = process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                if (!done || process.exitValue() != 0) {
                    process.destroyForcibly();
                    failOnce(
                            done ? "exit status " + process.exitValue() : "no answer in " + TIMEOUT.toSeconds() + " s");
                    return Optional.empty();
                }
                return Optional.of(new String(out, StandardCharsets.UTF_8));
            } catch (IOException e) {
                process.destroyForcibly();
                failOnce(e.getMessage());
                return Optional.empty();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }

        private void failOnce(String why) {
            if (!failedOnce) {
                failedOnce = true;
                note.accept("lldpcli failed (" + why + "), no LLDP neighbors served until it answers");
            }
        }
    }
}
