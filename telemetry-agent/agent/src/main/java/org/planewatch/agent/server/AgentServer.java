package org.planewatch.agent.server;

import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptors;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.gnmi.AgentStats;
import org.planewatch.agent.gnmi.GnmiService;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.security.PasswordAuthInterceptor;
import org.planewatch.agent.security.PasswordFile;

/**
 * A running gNMI agent: Netty server, gNMI service over one back end, reflection, TLS, credentials
 * and limits. {@link #start} binds; {@link #close} stops the server, then the back end.
 */
public final class AgentServer implements AutoCloseable {

    private final AgentConfig config;
    private final TelemetryBackend backend;
    private final StructuredLog log;
    private final AgentStats stats = new AgentStats();
    private final ScheduledExecutorService scheduler;
    private final ExecutorService drainExecutor;
    private final GnmiService service;
    private Server server;
    private int port;
    /** Interceptors of the gNMI service added by the embedding code (outermost first), e.g. a test that counts what is sent. */
    private final java.util.List<io.grpc.ServerInterceptor> extraInterceptors = new java.util.ArrayList<>();

    public AgentServer(AgentConfig config, TelemetryBackend backend, StructuredLog log) {
        this.config = config;
        this.backend = backend;
        this.log = log;
        this.scheduler = Executors.newScheduledThreadPool(1, Thread.ofPlatform().daemon().name("gnmi-sampler-", 0).factory());
        this.drainExecutor = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                Thread.ofPlatform().daemon().name("gnmi-send-", 0).factory());
        this.service = new GnmiService(backend, config.gnmi(), stats, scheduler, drainExecutor, System::nanoTime, log);
    }

    /**
     * Adds an interceptor of the gNMI calls, outside the agent's own (authentication, client limit);
     * before {@link #start}. The embedding code sees every call and message as the agent handles it.
     */
    public AgentServer intercept(io.grpc.ServerInterceptor interceptor) {
        if (server != null) {
            throw new IllegalStateException("interceptors are added before the server starts");
        }
        extraInterceptors.add(interceptor);
        return this;
    }

    /** Binds and serves; {@link IllegalArgumentException} for unreadable TLS or credential files. */
    public AgentServer start() throws IOException {
        ClientRegistry clients = new ClientRegistry(config.maxClients(), stats, log);
        var own = config.users() == null
                ? ServerInterceptors.intercept(service.serviceDefinition(), clients)
                : ServerInterceptors.intercept(service.serviceDefinition(), new PasswordAuthInterceptor(loadUsers()), clients);
        var gnmi = ServerInterceptors.intercept(own, extraInterceptors.reversed());
        var reflection = config.users() == null
                ? ServerInterceptors.intercept(ProtoReflectionServiceV1.newInstance(), clients)
                : ServerInterceptors.intercept(ProtoReflectionServiceV1.newInstance(),
                        new PasswordAuthInterceptor(loadUsers()), clients);
        backend.start();
        server = NettyServerBuilder.forAddress(config.listen(), credentials())
                .addService(gnmi)
                .addService(reflection)
                .addTransportFilter(clients)
                .maxInboundMessageSize(config.maxMessageBytes())
                .build()
                .start();
        port = server.getPort();
        log.info("listening", "addr", config.listen().getAddress().getHostAddress() + ":" + port(),
                "tls", config.tls() != null, "mtls", config.tls() != null && config.tls().clientCa() != null,
                "auth", config.users() != null, "targets", backend.targets().size());
        return this;
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
                    .keyManager(tls.certificateChain().toFile(), tls.privateKey().toFile());
            if (tls.clientCa() != null) {
                b.trustManager(tls.clientCa().toFile()).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
            }
            return b.build();
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot load TLS files (cert " + tls.certificateChain() + ", key "
                    + tls.privateKey() + (tls.clientCa() == null ? "" : ", client CA " + tls.clientCa()) + "): " + e.getMessage());
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
        backend.close();
    }
}
