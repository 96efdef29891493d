package org.planewatch.console.testing;

import io.grpc.InsecureServerCredentials;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.gNMIGrpc;

/**
 * A real gNMI server on 127.0.0.1 for ingest tests: answers every Subscribe with a scripted initial
 * dump and a sync_response, then streams whatever the test sends. Optionally checks
 * username/password metadata like an agent does.
 */
public final class ScriptedGnmiServer implements AutoCloseable {
    private final Server server;
    private final List<SubscribeRequest> requests = new CopyOnWriteArrayList<>();
    private final List<ServerCallStreamObserver<SubscribeResponse>> streams = new CopyOnWriteArrayList<>();
    private final Supplier<List<Notification>> initialDump;

    private ScriptedGnmiServer(int port, String username, String password, Supplier<List<Notification>> initialDump) {
        this(port, username, password, initialDump, InsecureServerCredentials.create());
    }

    private ScriptedGnmiServer(
            int port,
            String username,
            String password,
            Supplier<List<Notification>> initialDump,
            ServerCredentials transport) {
        this.initialDump = initialDump;
        var service = new gNMIGrpc.gNMIImplBase() {
            @Override
            public StreamObserver<SubscribeRequest> subscribe(StreamObserver<SubscribeResponse> responses) {
                ServerCallStreamObserver<SubscribeResponse> stream =
                        (ServerCallStreamObserver<SubscribeResponse>) responses;
                return new StreamObserver<>() {
                    @Override
                    public void onNext(SubscribeRequest request) {
                        requests.add(request);
                        synchronized (stream) {
                            for (Notification notification : ScriptedGnmiServer.this.initialDump.get()) {
                                stream.onNext(SubscribeResponse.newBuilder()
                                        .setUpdate(notification)
                                        .build());
                            }
                            stream.onNext(SubscribeResponse.newBuilder()
                                    .setSyncResponse(true)
                                    .build());
                        }
                        streams.add(stream);
                    }

                    @Override
                    public void onError(Throwable t) {
                        streams.remove(stream);
                    }

                    @Override
                    public void onCompleted() {
                        streams.remove(stream);
                    }
                };
            }
        };
        var builder = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port), transport);
        builder.addService(
                username == null
                        ? service.bindService()
                        : ServerInterceptors.intercept(service, new CheckCredentials(username, password)));
        try {
            this.server = builder.build().start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ScriptedGnmiServer start(int port, Supplier<List<Notification>> initialDump) {
        return new ScriptedGnmiServer(port, null, null, initialDump);
    }

    /**
     * Serves TLS with {@code certificate} and {@code key} (PEM files, e.g. from the agent's
     * {@code LabCertificates}); with a {@code clientCa} it requires a client certificate signed by it.
     */
    public static ScriptedGnmiServer startTls(Path certificate, Path key, Path clientCa) {
        try {
            TlsServerCredentials.Builder tls =
                    TlsServerCredentials.newBuilder().keyManager(certificate.toFile(), key.toFile());
            if (clientCa != null) {
                tls.trustManager(clientCa.toFile()).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
            }
            return new ScriptedGnmiServer(0, null, null, List::of, tls.build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ScriptedGnmiServer startWithCredentials(String username, String password) {
        return new ScriptedGnmiServer(0, username, password, List::of);
    }

    public int port() {
        return server.getPort();
    }

    public List<SubscribeRequest> requests() {
        return requests;
    }

    public int openStreams() {
        return (int) streams.stream().filter(s -> !s.isCancelled()).count();
    }

    /** Sends {@code notification} on every open Subscribe stream. */
    public void send(Notification notification) {
        for (ServerCallStreamObserver<SubscribeResponse> stream : streams) {
            synchronized (stream) {
                if (!stream.isCancelled()) {
                    stream.onNext(SubscribeResponse.newBuilder()
                            .setUpdate(notification)
                            .build());
                }
            }
        }
    }

    @Override
    public void close() {
        server.shutdownNow();
        try {
            server.awaitTermination();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record CheckCredentials(String username, String password) implements ServerInterceptor {
        private static final Metadata.Key<String> USER = Metadata.Key.of("username", Metadata.ASCII_STRING_MARSHALLER);
        private static final Metadata.Key<String> PASS = Metadata.Key.of("password", Metadata.ASCII_STRING_MARSHALLER);

        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(
                ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
            if (!username.equals(headers.get(USER)) || !password.equals(headers.get(PASS))) {
                call.close(Status.UNAUTHENTICATED.withDescription("bad username or password"), new Metadata());
                return new ServerCall.Listener<>() {};
            }
            return next.startCall(call, headers);
        }
    }
}
