package org.planewatch.console.ingest;

import io.grpc.Status;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Locale;
import java.util.Optional;
import org.planewatch.console.telemetry.TargetConfig;

/** Explains a failed call in operator words: refused, TLS, authentication, or the agent's own message. */
public final class ConnectionFailures {
    private ConnectionFailures() {}

    /**
     * A failure in operator words.
     *
     * @param closedBeforeAnswer a plaintext connection that the agent closed or reset before it sent
     *     anything: what a TLS agent does to a plaintext client, and also what an agent being
     *     killed as the console dials does; only a TLS handshake with the agent tells which
     *     ({@link TlsProbe})
     */
    public record Failure(String message, boolean closedBeforeAnswer) {}

    /**
     * Whether the agent refused the request itself (a limit, a bad path, no permission): asking again
     * gets the same answer, so the redial waits the longest back-off even if the target just streamed.
     */
    public static boolean refusesTheRequest(Throwable error) {
        if (cutForTooManyPings(Status.fromThrowable(error))) {
            return false;
        }
        return switch (Status.fromThrowable(error).getCode()) {
            case RESOURCE_EXHAUSTED, INVALID_ARGUMENT, PERMISSION_DENIED, UNIMPLEMENTED -> true;
            default -> false;
        };
    }

    public static String describe(TargetConfig target, Throwable error) {
        return explain(target, error, false).message();
    }

    /** @param streamed whether the failed call had received a response (the agent was streaming to it) */
    public static Failure explain(TargetConfig target, Throwable error, boolean streamed) {
        String message = message(target, error, streamed);
        if (message != null) {
            return new Failure(message, false);
        }
        Status status = Status.fromThrowable(error);
        return new Failure(
                "connection to " + target.address() + " lost before the agent answered" + detail(status), true);
    }

    /**
     * gRPC reports a connection its server closed for too many keepalive pings (HTTP/2 GOAWAY
     * ENHANCE_YOUR_CALM, debug data too_many_pings) as RESOURCE_EXHAUSTED, the code of an agent's own
     * limits; but dialling again works, so it is neither a refusal nor worth the longest back-off.
     */
    private static boolean cutForTooManyPings(Status status) {
        String description = status.getDescription();
        return status.getCode() == Status.Code.RESOURCE_EXHAUSTED
                && description != null
                && (description.contains("too_many_pings") || description.contains("ENHANCE_YOUR_CALM"));
    }

    /** The explanation, or null for a plaintext connection closed or reset before any answer. */
    private static String message(TargetConfig target, Throwable error, boolean streamed) {
        Status status = Status.fromThrowable(error);
        String where = target.address();
        switch (status.getCode()) {
            case UNAUTHENTICATED:
                return "authentication rejected by " + where
                        + target.credentials()
                                .map(c -> " for user '" + c.username() + "'")
                                .orElse(" (no credentials configured)")
                        + detail(status);
            case PERMISSION_DENIED:
                return "permission denied by " + where + detail(status);
            case UNIMPLEMENTED:
                return where + " does not implement gNMI Subscribe" + detail(status);
            case INVALID_ARGUMENT:
                return where + " rejected the subscription" + detail(status);
            case RESOURCE_EXHAUSTED:
                if (cutForTooManyPings(status)) {
                    return where + " closed the connection: it allows fewer keepalive pings than were sent"
                            + " (GOAWAY too_many_pings); every stream of the connection is subscribed again"
                            + " and gRPC pings half as often from now on";
                }
                // An agent limit (paths per request, selection work, streams per client): the same
                // subscription is refused again until the agent's operator raises it.
                return where + " refused the subscription, over one of its limits" + detail(status);
            case DEADLINE_EXCEEDED:
                return "no answer from " + where + " in time";
            default:
                break;
        }
        Optional<String> tls = TlsFailures.describe(target, error);
        if (tls.isPresent()) {
            return tls.get();
        }
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof MalformedResponseException malformed) {
                return where + " sent a malformed Subscribe response: " + malformed.getMessage();
            }
            if (cause instanceof ConnectException
                    || String.valueOf(cause.getMessage()).contains("Connection refused")) {
                return "connection refused by " + where + " (is the agent running and listening there?)";
            }
            if (cause instanceof UnknownHostException || cause instanceof UnresolvedAddressException) {
                return "unknown host '" + target.host() + "'";
            }
        }
        if (streamed
                && (status.getCode() == Status.Code.UNAVAILABLE
                        || status.getCode() == Status.Code.CANCELLED
                        || status.getCode() == Status.Code.INTERNAL)) {
            // The agent had been sending: it stopped, restarted, or the network between dropped the stream.
            return "stream from " + where + " reset while streaming" + detail(status)
                    + " (the agent stopped or restarted, or the network dropped the connection)";
        }
        if (status.getCode() == Status.Code.UNAVAILABLE) {
            String description = status.getDescription();
            if (description != null && description.toLowerCase(Locale.ROOT).contains("http2")
                    || description != null && description.contains("first received frame")) {
                return "TLS or protocol mismatch with " + where + ": " + TlsFailures.firstLine(description)
                        + " (the agent may expect TLS, or plaintext)";
            }
            // The same hang-up is reported in three ways, by when the channel notices it: closed, reset,
            // or closed while gRPC was still setting up the (plaintext) HTTP/2 connection.
            if (target.tls().isEmpty()
                    && ("Network closed for unknown reason".equals(description)
                            || description != null
                                    && description.startsWith(
                                            "Connection closing while performing protocol negotiation")
                            || resetByPeer(error))) {
                return null;
            }
            return "connection to " + where + " lost" + detail(status);
        }
        return status.getCode() + " from " + where + detail(status);
    }

    private static boolean resetByPeer(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (String.valueOf(cause.getMessage()).contains("Connection reset")) {
                return true;
            }
        }
        return false;
    }

    private static String detail(Status status) {
        return status.getDescription() == null ? "" : ": " + TlsFailures.firstLine(status.getDescription());
    }
}
