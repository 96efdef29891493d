package org.planewatch.agent.server;

import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.gnmi.AgentStats;
import org.planewatch.agent.gnmi.GnmiService;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.security.AuditLog;
import org.planewatch.agent.security.ClientCertificateCheck;
import org.planewatch.agent.security.PasswordAuthInterceptor;
import org.planewatch.agent.security.PasswordFile;
import org.planewatch.agent.security.SetAuditInterceptor;
import org.planewatch.telemetry.worker.NanoClock;

/**
 * A running gNMI agent: Netty server, gNMI service over one back end, reflection, TLS, credentials
 * and limits. {@link #start} binds; {@link #close} stops the server, then the back end.
 */
public final class AgentServer implements AutoCloseable {

    /** Longest a connection may take from accept to a completed TLS and HTTP/2 handshake. */
    public static final int HANDSHAKE_TIMEOUT_SECONDS = 10;
    /** Threads that run gRPC calls' handlers (request parsing, selection, Get and Set answers). */
    static final int CALL_THREADS = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    private final AgentConfig config;
    private final TelemetryBackend backend;
    private final StructuredLog log;
    private final AgentStats stats = new AgentStats();
    private final ScheduledExecutorService scheduler;
    private final ExecutorService drainExecutor;
    private final ExecutorService callExecutor;
    private final GnmiService service;
    private PrintStream auditFile;
    private AuditLog audit;
    private PasswordAuthInterceptor auth;
    private Server server;
    private int port;
    /** Interceptors of the gNMI service added by the embedding code (outermost first), e.g. a test that counts what is sent. */
    private final List<ServerInterceptor> extraInterceptors = new ArrayList<>();

    public AgentServer(AgentConfig config, TelemetryBackend backend, StructuredLog log) {
        this.config = config;
        this.backend = backend;
        this.log = log;
        this.scheduler = Executors.newScheduledThreadPool(
                1, Thread.ofPlatform().daemon().name("gnmi-sampler-", 0).factory());
        this.drainExecutor = Executors.newFixedThreadPool(
                Math.max(2, Runtime.getRuntime().availableProcessors()),
                Thread.ofPlatform().daemon().name("gnmi-send-", 0).factory());
        // gRPC's default executor is an unbounded cached pool: every call in flight got a thread of
        // its own (a flood of refused logins reached 90 threads, 1,024 streams 1,024 threads whose
        // work starved the transport thread that delivers their cancellations). The handlers never
        // wait on one another, so a few threads serve any number of calls; cancellations reach the
        // calls' contexts from the transport thread, not through this pool.
        this.callExecutor = Executors.newFixedThreadPool(
                CALL_THREADS, Thread.ofPlatform().daemon().name("gnmi-call-", 0).factory());
        // The composition root: the agent's timing reads the system's monotonic clock through NanoClock.
        this.service = new GnmiService(
                backend, config.gnmi(), stats, scheduler, drainExecutor, NanoClock.SYSTEM::nanoTime, log);
    }

    /**
     * Adds an interceptor of the gNMI calls, outside the agent's own (authentication, client limit);
     * before {@link #start}. The embedding code sees every call and message as the agent handles it.
     */
    public AgentServer intercept(ServerInterceptor interceptor) {
        if (server != null) {
            throw new IllegalStateException("interceptors are added before the server starts");
        }
        extraInterceptors.add(interceptor);
        return this;
    }

    /** Binds and serves; {@link IllegalArgumentException} for unreadable TLS or credential files. */
    public AgentServer start() throws IOException {
        ClientRegistry clients = new ClientRegistry(config.maxClients(), stats, log, config.tls() != null);
        audit = new AuditLog(auditTarget());
        // The last interceptor sees a call first: connection limit, then credentials, then the Set audit.
        SetAuditInterceptor setAudit = new SetAuditInterceptor(audit);
        if (config.users() != null) {
            auth = new PasswordAuthInterceptor(loadUsers(), config.auth(), audit, NanoClock.SYSTEM::nanoTime);
        }
        var own = auth == null
                ? ServerInterceptors.intercept(service.serviceDefinition(), setAudit, clients)
                : ServerInterceptors.intercept(service.serviceDefinition(), setAudit, auth, clients);
        var gnmi = ServerInterceptors.intercept(own, extraInterceptors.reversed());
        var reflection = auth == null
                ? ServerInterceptors.intercept(ProtoReflectionServiceV1.newInstance(), clients)
                : ServerInterceptors.intercept(ProtoReflectionServiceV1.newInstance(), auth, clients);
        backend.start();
        server = NettyServerBuilder.forAddress(config.listen(), credentials())
                .addService(gnmi)
                .addService(reflection)
                .addTransportFilter(clients)
                .executor(callExecutor)
                .maxInboundMessageSize(config.maxMessageBytes())
                // A connection that never completes its handshake (a preface and then silence) is
                // closed after this, not after gRPC's default two minutes.
                .handshakeTimeout(HANDSHAKE_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .build()
                .start();
        port = server.getPort();
        log.info(
                "listening",
                "addr",
                config.listen().getAddress().getHostAddress() + ":" + port(),
                "tls",
                config.tls() != null,
                "mtls",
                config.tls() != null && config.tls().clientCa() != null,
                "auth",
                config.users() != null,
                "targets",
                backend.targets().size());
        return this;
    }

    /** The agent's log, or {@code --audit-log}'s file (appended to) when given. */
    private StructuredLog auditTarget() {
        if (config.auditLog() == null) {
            return log;
        }
        try {
            auditFile = new PrintStream(
                    new FileOutputStream(config.auditLog().toFile(), true), true, StandardCharsets.UTF_8);
            return new StructuredLog(auditFile, "agent");
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot append to --audit-log " + config.auditLog() + ": " + e.getMessage());
        }
    }

    private PasswordFile loadUsers() {
        try {
            return PasswordFile.load(config.users());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read credential file " + config.users() + ": " + e.getMessage());
        }
    }

    private ServerCredentials credentials() {
        if (config.tls() == null) {
            return InsecureServerCredentials.create();
        }
        TlsFiles tls = config.tls();
        try {
            TlsServerCredentials.Builder b = TlsServerCredentials.newBuilder()
                    .keyManager(
                            tls.certificateChain().toFile(), tls.privateKey().toFile());
            if (tls.clientCa() != null) {
                b.trustManager(ClientCertificateCheck.trusting(tls.clientCa()))
                        .clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
            }
            return HandshakeFailureLog.wrap(b.build(), audit);
        } catch (IOException | UncheckedIOException | IllegalArgumentException | GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "cannot load TLS files (cert " + tls.certificateChain() + ", key " + tls.privateKey()
                            + (tls.clientCa() == null ? "" : ", client CA " + tls.clientCa()) + "): " + e.getMessage());
        }
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return port;
    }

    public AgentStats stats() {
        return stats;
    }

    public TelemetryBackend backend() {
        return backend;
    }

    public void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    @Override
    public void close() {
        if (server != null) {
            server.shutdownNow();
            try {
                server.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            log.info("stopped", "port", port);
        }
        scheduler.shutdownNow();
        drainExecutor.shutdownNow();
        callExecutor.shutdownNow();
        if (auth != null) {
            auth.close();
        }
        if (auditFile != null) {
            auditFile.close();
        }
        backend.close();
    }
}
