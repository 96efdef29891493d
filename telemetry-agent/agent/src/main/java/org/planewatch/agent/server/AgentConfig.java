package org.planewatch.agent.server;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Objects;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.security.AuthLimits;

/**
 * How an agent listens and whom it lets in.
 *
 * @param listen address and port (port 0 picks a free one)
 * @param tls the TLS identity, or null for plaintext (only with {@code insecure})
 * @param insecure plaintext: refused on a non-loopback address unless {@code forceInsecure}
 * @param forceInsecure allow plaintext on any address
 * @param users credential file, or null for no username/password check
 * @param gnmi intervals and per-subscription limits
 * @param maxClients client connections served at once
 * @param maxMessageBytes largest inbound message accepted
 * @param auth bounds of the password-checking work (ADR 0084)
 * @param auditLog file the audit lines are appended to, or null for the agent's own log stream
 */
public record AgentConfig(
        InetSocketAddress listen,
        TlsFiles tls,
        boolean insecure,
        boolean forceInsecure,
        Path users,
        GnmiOptions gnmi,
        int maxClients,
        int maxMessageBytes,
        AuthLimits auth,
        Path auditLog) {

    public static final int DEFAULT_PORT = 9339;

    public AgentConfig {
        if (insecure == (tls != null)) {
            throw new IllegalArgumentException(
                    insecure
                            ? "--insecure and TLS files are mutually exclusive"
                            : "TLS needs --tls-cert and --tls-key (or --insecure for a loopback lab)");
        }
        if (insecure && !forceInsecure && !listen.getAddress().isLoopbackAddress()) {
            throw new IllegalArgumentException("--insecure is allowed only on a loopback address, not "
                    + listen.getAddress().getHostAddress()
                    + "; use TLS, or add --force-insecure if you really mean it");
        }
        if (maxClients <= 0 || maxMessageBytes <= 0) {
            throw new IllegalArgumentException("maxClients and maxMessageBytes must be > 0");
        }
        Objects.requireNonNull(auth, "auth");
    }

    /** With the default authentication limits and the audit lines on the agent's log. */
    public AgentConfig(
            InetSocketAddress listen,
            TlsFiles tls,
            boolean insecure,
            boolean forceInsecure,
            Path users,
            GnmiOptions gnmi,
            int maxClients,
            int maxMessageBytes) {
        this(
                listen,
                tls,
                insecure,
                forceInsecure,
                users,
                gnmi,
                maxClients,
                maxMessageBytes,
                AuthLimits.defaults(),
                null);
    }

    /** Plaintext on 127.0.0.1 with a free port and default limits: tests and the embedded demo. */
    public static AgentConfig loopbackInsecure(int port, GnmiOptions gnmi) {
        return new AgentConfig(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
                null,
                true,
                false,
                null,
                gnmi,
                64,
                4 * 1024 * 1024);
    }

    public AgentConfig withUsers(Path file) {
        return new AgentConfig(
                listen, tls, insecure, forceInsecure, file, gnmi, maxClients, maxMessageBytes, auth, auditLog);
    }

    public AgentConfig withMaxClients(int n) {
        return new AgentConfig(listen, tls, insecure, forceInsecure, users, gnmi, n, maxMessageBytes, auth, auditLog);
    }

    public AgentConfig withTls(TlsFiles files) {
        return new AgentConfig(listen, files, false, false, users, gnmi, maxClients, maxMessageBytes, auth, auditLog);
    }

    public AgentConfig withAuditLog(Path file) {
        return new AgentConfig(
                listen, tls, insecure, forceInsecure, users, gnmi, maxClients, maxMessageBytes, auth, file);
    }

    public AgentConfig withAuth(AuthLimits limits) {
        return new AgentConfig(
                listen, tls, insecure, forceInsecure, users, gnmi, maxClients, maxMessageBytes, limits, auditLog);
    }
}
