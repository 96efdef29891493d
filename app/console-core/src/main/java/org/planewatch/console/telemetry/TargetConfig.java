package org.planewatch.console.telemetry;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One configured connection: an agent serving one device, or an aggregating endpoint serving many
 * ({@code targets} = {@code ["*"]} or a list of device names).
 *
 * @param name what the console calls this connection (unique)
 * @param targets gNMI target names to subscribe; empty means the agent's default target
 * @param tls TLS material, absent for a plaintext connection (allowed for loopback labs)
 * @param credentials sent as {@code username}/{@code password} metadata
 */
public record TargetConfig(
        String name,
        String host,
        int port,
        List<String> targets,
        Optional<TlsFiles> tls,
        Optional<Credentials> credentials) {

    /** CA bundle to trust, and a client certificate and key for mutual TLS. */
    public record TlsFiles(Optional<Path> caFile, Optional<Path> certFile, Optional<Path> keyFile) {}

    public record Credentials(String username, String password) {
        @Override
        public String toString() {
            return "Credentials[username=" + username + ", password=***]";
        }
    }

    public TargetConfig {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a target needs a name");
        }
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("target '" + name + "' needs an address (host:port)");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("target '" + name + "': port must be 1..65535, got " + port);
        }
        targets = List.copyOf(targets);
    }

    public static TargetConfig insecure(String name, String host, int port, List<String> targets) {
        return new TargetConfig(name, host, port, targets, Optional.empty(), Optional.empty());
    }

    public String address() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** The device name to use when a notification carries no {@code prefix.target}. */
    public String defaultDevice() {
        return targets.size() == 1 && !"*".equals(targets.getFirst()) ? targets.getFirst() : name;
    }
}
