package org.planewatch.agent.testing;

import io.grpc.CallCredentials;
import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.TimeUnit;
import org.planewatch.agent.security.PasswordCredentials;
import org.planewatch.gnmi.proto.gNMIGrpc;

/** A real gRPC client over Netty for tests, optionally sending username/password metadata. */
public final class GnmiClient implements AutoCloseable {

    private final ManagedChannel channel;
    private final CallCredentials credentials;

    public GnmiClient(int port) {
        this(port, InsecureChannelCredentials.create(), null, null);
    }

    public GnmiClient(int port, ChannelCredentials channelCredentials, String user, String password) {
        this(NettyChannelBuilder.forAddress("localhost", port, channelCredentials), user, password);
    }

    /** A client that dials {@code host} (a name or an address literal), for tests of the TLS name check. */
    public static GnmiClient to(String host, int port, ChannelCredentials channelCredentials) {
        return new GnmiClient(NettyChannelBuilder.forAddress(host, port, channelCredentials), null, null);
    }

    /**
     * A client with a fixed 64 KiB HTTP/2 window (no auto-tuning): when it stops reading, the agent's
     * stream stops being ready after one window, deterministically.
     */
    public static GnmiClient withSmallWindow(int port) {
        return new GnmiClient(
                NettyChannelBuilder.forAddress("localhost", port, InsecureChannelCredentials.create())
                        .flowControlWindow(64 * 1024),
                null,
                null);
    }

    private GnmiClient(NettyChannelBuilder builder, String user, String password) {
        this.channel = builder.maxInboundMessageSize(64 * 1024 * 1024).build();
        this.credentials = user == null ? null : new PasswordCredentials(user, password);
    }

    public gNMIGrpc.gNMIBlockingStub blocking() {
        gNMIGrpc.gNMIBlockingStub stub = gNMIGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
        return credentials == null ? stub : stub.withCallCredentials(credentials);
    }

    public gNMIGrpc.gNMIStub async() {
        gNMIGrpc.gNMIStub stub = gNMIGrpc.newStub(channel);
        return credentials == null ? stub : stub.withCallCredentials(credentials);
    }

    public ManagedChannel channel() {
        return channel;
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
