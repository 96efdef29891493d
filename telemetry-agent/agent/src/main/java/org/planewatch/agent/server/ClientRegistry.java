package org.planewatch.agent.server;

import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerTransportFilter;
import io.grpc.Status;
import java.util.concurrent.atomic.AtomicInteger;
import org.planewatch.agent.gnmi.AgentStats;
import org.planewatch.agent.gnmi.ClientSession;
import org.planewatch.agent.gnmi.SyncSlots;
import org.planewatch.agent.log.StructuredLog;

/**
 * Counts client connections and admits at most {@code maxClients}; calls on a connection beyond the
 * limit fail with RESOURCE_EXHAUSTED. Each admitted connection gets a {@link ClientSession} that the
 * gNMI service uses for the per-client subscription limit.
 */
final class ClientRegistry extends ServerTransportFilter implements ServerInterceptor {

    private static final Attributes.Key<ClientSession> SESSION = Attributes.Key.create("planewatch-client-session");

    private final int maxClients;
    private final AgentStats stats;
    private final StructuredLog log;
    private final boolean tls;
    private final AtomicInteger admitted = new AtomicInteger();
    /** The initial states the whole agent sends at once, over all its connections (ADR 0129). */
    private final SyncSlots syncSlots = new SyncSlots(SyncSlots.AGENT_SYNCS_AT_ONCE);

    ClientRegistry(int maxClients, AgentStats stats, StructuredLog log, boolean tls) {
        this.maxClients = maxClients;
        this.tls = tls;
        this.stats = stats;
        this.log = log;
    }

    @Override
    public Attributes transportReady(Attributes attrs) {
        String peer = String.valueOf(attrs.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
        if (admitted.incrementAndGet() > maxClients) {
            admitted.decrementAndGet();
            log.warn("client-refused", "peer", peer, "reason", "max-clients", "max", maxClients);
            return attrs;
        }
        stats.clientConnected();
        log.info("client-connected", "peer", peer);
        return attrs.toBuilder()
                .set(SESSION, new ClientSession(peer, syncSlots))
                .build();
    }

    @Override
    public void transportTerminated(Attributes attrs) {
        if (attrs == null) {
            if (!tls) {
                // Never became a gRPC connection (random bytes, an HTTP/1 request, a port scan): gRPC
                // has no attributes for it. One line, no stack trace. With TLS, HandshakeFailureLog
                // has already said why the handshake failed.
                log.info("connection-not-grpc", "reason", "closed before the HTTP/2 handshake completed");
            }
            return;
        }
        ClientSession session = attrs.get(SESSION);
        if (session != null) {
            admitted.decrementAndGet();
            stats.clientDisconnected();
            log.info("client-disconnected", "peer", session.peer());
        }
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        ClientSession session = call.getAttributes().get(SESSION);
        if (session == null) {
            call.close(
                    Status.RESOURCE_EXHAUSTED.withDescription(
                            "the agent already serves " + maxClients + " clients, its limit"),
                    new Metadata());
            return new ServerCall.Listener<>() {};
        }
        return Contexts.interceptCall(Context.current().withValue(ClientSession.CURRENT, session), call, headers, next);
    }
}
