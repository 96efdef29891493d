package org.planewatch.console.telemetry;

import java.util.Map;

/**
 * Where the collector tier's Kafka cluster is, for a console on a fleet (ADR 0102): the bootstrap
 * servers and the client properties (TLS, SASL) passed through to every Kafka client the console makes.
 *
 * @param bootstrap {@code host:port[,host:port...]}
 * @param properties Kafka client properties, as Kafka clients take them
 * @param origin where it was given ({@code --kafka}, or the targets file), for messages
 */
public record FleetAddress(String bootstrap, Map<String, String> properties, String origin) {
    public FleetAddress {
        properties = Map.copyOf(properties);
        String[] servers = bootstrap == null ? new String[0] : bootstrap.split(",", -1);
        if (servers.length == 0 || bootstrap.isBlank()) {
            throw new IllegalArgumentException(origin + ": a Kafka bootstrap address (host:port) is required");
        }
        for (String server : servers) {
            if (!server.strip().matches(".*:\\d+")) {
                throw new IllegalArgumentException(origin + ": bootstrap server '" + server.strip()
                        + "' is not host:port (Kafka has no default port)");
            }
            try {
                TargetAddress.parse(server.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(origin + ": bootstrap server '" + server.strip()
                        + "' is not host:port (" + e.getMessage() + ")");
            }
        }
    }

    /** "kafka broker1:9092": how the window title and status name the source. */
    public String label() {
        return "fleet via Kafka " + bootstrap;
    }
}
