package org.planewatch.agent.server;

import io.grpc.ServerCredentials;
import io.grpc.internal.ObjectPool;
import io.grpc.netty.shaded.io.grpc.netty.GrpcHttp2ConnectionHandler;
import io.grpc.netty.shaded.io.grpc.netty.InternalNettyServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.InternalProtocolNegotiator;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandler;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslHandler;
import io.grpc.netty.shaded.io.netty.util.AsciiString;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.concurrent.Executor;
import org.planewatch.agent.security.AuditLog;
import org.planewatch.agent.security.ClientCertificateCheck;

/**
 * Logs every failed TLS handshake as one audit line with the client's address and the reason in
 * words ("not signed by a CA of --tls-client-ca", "no client certificate", "expired"). gRPC reports a
 * failed handshake to nobody (a FINEST log without the address), and the transport filter it ends in
 * knows neither the address nor the reason (ADR 0084).
 *
 * <p>This uses gRPC's {@code Internal*} Netty API, the one way to see a connection's TLS handshake: the
 * TLS handler gRPC makes from the {@code TlsServerCredentials} is wrapped, unchanged, by one that
 * watches its handshake. {@code SecurityTest} fails if a gRPC upgrade changes this.
 */
final class HandshakeFailureLog {

    private HandshakeFailureLog() {}

    /** {@code tls} with the handshake of each connection watched. */
    static ServerCredentials wrap(ServerCredentials tls, AuditLog audit) {
        InternalProtocolNegotiator.ServerFactory factory = InternalNettyServerCredentials.toNegotiator(tls);
        return InternalNettyServerCredentials.create(new InternalProtocolNegotiator.ServerFactory() {
            @Override
            public InternalProtocolNegotiator.ProtocolNegotiator newNegotiator(ObjectPool<? extends Executor> pool) {
                InternalProtocolNegotiator.ProtocolNegotiator negotiator = factory.newNegotiator(pool);
                return new InternalProtocolNegotiator.ProtocolNegotiator() {
                    @Override
                    public AsciiString scheme() {
                        return negotiator.scheme();
                    }

                    @Override
                    public ChannelHandler newHandler(GrpcHttp2ConnectionHandler grpcHandler) {
                        return new Watch(negotiator.newHandler(grpcHandler), audit);
                    }

                    @Override
                    public void close() {
                        negotiator.close();
                    }
                };
            }
        });
    }

    /**
     * Sits behind gRPC's TLS handler until the connection is active, when that handler has put the SSL
     * handler in the pipeline (gRPC waits for the channel to be active first); then listens to that
     * handshake and leaves the pipeline as gRPC built it.
     */
    private static final class Watch extends ChannelInboundHandlerAdapter {
        private final ChannelHandler tls;
        private final AuditLog audit;

        Watch(ChannelHandler tls, AuditLog audit) {
            this.tls = tls;
            this.audit = audit;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            ctx.pipeline().addBefore(ctx.name(), null, tls);
            if (ctx.pipeline().get(SslHandler.class) != null) {
                watch(ctx);
            }
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.fireChannelActive();
            watch(ctx);
        }

        private void watch(ChannelHandlerContext ctx) {
            SslHandler ssl = ctx.pipeline().get(SslHandler.class);
            ctx.pipeline().remove(this);
            if (ssl == null) {
                return;
            }
            SocketAddress remote = ctx.channel().remoteAddress();
            ssl.handshakeFuture().addListener(done -> {
                if (!done.isSuccess() && !closedByTheClient(done.cause())) {
                    audit.tlsHandshakeFailed(AuditLog.peer(remote), reason(done.cause()));
                }
            });
        }
    }

    /**
     * A connection closed in the middle of its handshake without a TLS error: a port probe or a client
     * that gave up. No credential was offered or refused, and a load balancer's TCP check would
     * otherwise write a line every few seconds, so it is not logged.
     */
    static boolean closedByTheClient(Throwable error) {
        return error != null && error.getClass().getSimpleName().endsWith("ClosedChannelException");
    }

    /** The reason in words: the agent's own check first, then what the TLS library's message means. */
    static String reason(Throwable error) {
        StringBuilder all = new StringBuilder();
        String innermost = "unknown";
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ClientCertificateCheck.Rejected rejected) {
                return rejected.getMessage();
            }
            all.append(t.getClass().getSimpleName())
                    .append(": ")
                    .append(t.getMessage())
                    .append('\n');
            if (t.getMessage() != null) {
                innermost = t.getMessage();
            }
        }
        String text = all.toString().toLowerCase(Locale.ROOT);
        if (text.contains("peer_did_not_return_a_certificate")
                || text.contains("empty client certificate chain")
                || text.contains("certificate_required")) {
            return "no client certificate (the agent requires one signed by its --tls-client-ca)";
        }
        if (text.contains("notsslrecordexception")
                || text.contains("not an ssl/tls record")
                || text.contains("wrong_version_number")
                || text.contains("http_request")) {
            return "not a TLS client (plaintext or another protocol on the agent's TLS port)";
        }
        if (text.contains("unknown_ca")) {
            return "the client does not trust the agent's certificate (TLS alert unknown_ca): give the client the CA that signed it";
        }
        if (text.contains("bad_certificate") || text.contains("certificate_unknown")) {
            return "the client rejected the agent's certificate (TLS alert bad_certificate or certificate_unknown): "
                    + "check the client's CA file and that the name it dials is in the certificate";
        }
        if (text.contains("no_shared_cipher")
                || text.contains("unsupported_protocol")
                || text.contains("protocol_version")
                || text.contains("no appropriate protocol")) {
            return "no TLS version or cipher suite in common with the client";
        }
        if (text.contains("alert_internal_error")) {
            return "the client aborted the handshake (TLS alert internal_error; gRPC Java clients send it when they do not "
                    + "trust the agent's certificate): check the client's CA file";
        }
        if (text.contains("timed out") || text.contains("timeout")) {
            return "the handshake timed out";
        }
        return "handshake failed: " + innermost.lines().findFirst().orElse(innermost);
    }
}
