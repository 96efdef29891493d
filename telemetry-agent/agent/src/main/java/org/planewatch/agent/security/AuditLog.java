package org.planewatch.agent.security;

import io.grpc.Status;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.planewatch.agent.log.StructuredLog;

/**
 * The agent's audit trail: who changed the simulation (gNMI Set) and who failed to get in, one
 * {@code key=value} line per event in the agent's log format (ADR 0052) under {@code component=audit}
 * (ADR 0084), so that an operator can route these lines apart from the rest. Passwords are never
 * written; every value that came from a client is clipped to {@value #MAX_FIELD} characters with its
 * control characters escaped, so a client cannot forge or flood lines through it.
 */
public final class AuditLog {

    public static final String COMPONENT = "audit";
    static final int MAX_FIELD = 256;

    private final StructuredLog log;

    /** Audit lines on {@code agentLog}'s stream, as {@code component=audit}. */
    public AuditLog(StructuredLog agentLog) {
        this.log = agentLog.withComponent(COMPONENT);
    }

    /** A login refused after its password was checked, or without credentials. */
    void authFailed(String user, String peer, String reason) {
        log.warn("auth-failed", "user", clip(user), "peer", peer, "reason", reason);
    }

    /** A login refused before any check, by the per-address limits; later ones of a burst are counted, not logged. */
    void authRefused(String user, String peer, LoginThrottle.Refusal refusal) {
        log.warn(
                "auth-refused",
                "user",
                clip(user),
                "peer",
                peer,
                "reason",
                refusal.reason(),
                "refused-since-last-line",
                refusal.suppressed(),
                "message",
                refusal.message());
    }

    /** A TLS handshake that failed: who tried and why, without a stack trace. */
    public void tlsHandshakeFailed(String peer, String reason) {
        log.warn("tls-handshake-failed", "peer", peer, "reason", reason);
    }

    /** A gNMI Set, with what it asked for and the agent's answer. */
    void set(String user, String peer, String paths, String values, Status status) {
        if (status.isOk()) {
            log.info(
                    "set",
                    "user",
                    clip(user),
                    "peer",
                    peer,
                    "path",
                    clip(paths),
                    "value",
                    clip(values),
                    "result",
                    "accepted");
        } else {
            log.warn(
                    "set",
                    "user",
                    clip(user),
                    "peer",
                    peer,
                    "path",
                    clip(paths),
                    "value",
                    clip(values),
                    "result",
                    "refused",
                    "code",
                    status.getCode(),
                    "reason",
                    clip(String.valueOf(status.getDescription())));
        }
    }

    /** {@code 127.0.0.1:41234} or {@code [::1]:41234}. */
    public static String peer(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            String host = inet.getAddress().getHostAddress();
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + inet.getPort();
        }
        return String.valueOf(address);
    }

    static String clip(String text) {
        if (text == null) {
            return "-";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_FIELD) + 16);
        for (int i = 0; i < text.length() && out.length() < MAX_FIELD; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(c);
            }
        }
        if (out.length() >= MAX_FIELD && text.length() > MAX_FIELD) {
            out.setLength(MAX_FIELD);
            out.append("...(").append(text.length()).append(" chars)");
        }
        return out.toString();
    }
}
