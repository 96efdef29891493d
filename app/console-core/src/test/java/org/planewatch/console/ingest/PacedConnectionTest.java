package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.util.internal.PlatformDependent;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.testing.Closing;
import org.planewatch.console.testing.Notifications;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.gNMIGrpc;

/**
 * One connection of many per-device streams read with few credits (a collector's, ADR 0112 and
 * 0115), over real gRPC on loopback, and a slow consumer taking one response at a time: every
 * device that has something to send gets it through. The agent here holds its answers until every
 * stream has asked, then answers the last stream to ask first.
 */
class PacedConnectionTest {
    private static final int CREDITS = 4;

    @AutoClose
    private final Closing closing = new Closing();

    /**
     * A stream that waits for a response its device has not sent (a device with nothing to say yet,
     * or any device between its initial state and its next sample) holds no credit: when a stream
     * asked gRPC for a response only with a credit, the first streams to ask held every credit while
     * their devices were silent, and no other device was ever read (at full scale: the 256 credits
     * held by 256 synced devices waiting up to a minute for their next counters).
     */
    @Test
    @Timeout(60)
    void devicesWithNothingToSayHoldNoCreditFromTheOthers() throws Exception {
        int streams = 64;
        IngestQueue queue = subscribe(streams, device -> device >= CREDITS, 1 << 10);
        // The first CREDITS devices to be asked for stay silent: everyone else's initial state must arrive.
        readInitialStates(queue, streams - CREDITS);
    }

    /**
     * The streams' initial states are together twice the connection's 16 MiB HTTP/2 window, and the
     * streams asked for first are answered last, behind data of streams that have not been asked for
     * (gRPC returns window only for bytes it has delivered): every initial state still arrives.
     */
    @Test
    @Timeout(60)
    void everyInitialStateArrivesThoughTogetherTheyExceedTheConnectionWindow() throws Exception {
        int streams = 256;
        IngestQueue queue = subscribe(streams, device -> true, 128 << 10);
        long mostDirect = readInitialStates(queue, streams);
        assertEquals(0, queue.totals().coalescedUpdates());
        // Agent and client share this JVM's (grpc's shaded) Netty: the figure covers both sides.
        System.out.printf(
                "PacedConnectionTest: most direct memory of grpc's Netty (agent and client): %.1f MB%n",
                mostDirect / 1e6);
    }

    /** Subscribes {@code streams} devices over one connection; those {@code answered} get one notification of {@code bytes}. */
    private IngestQueue subscribe(int streams, IntPredicate answered, int bytes) throws Exception {
        Server agent = lastAskedFirstAnswered(streams, answered, "x".repeat(bytes));
        closing.add(() -> agent.shutdownNow().awaitTermination());
        IngestQueue queue = IngestQueue.paced(CREDITS);
        List<String> devices =
                IntStream.range(0, streams).mapToObj(i -> "dev-" + i).toList();
        GnmiTargetClient client = new GnmiTargetClient(
                TargetConfig.insecure("agent", "127.0.0.1", agent.getPort(), devices),
                SubscriptionPlan.fabricOverview(),
                queue,
                InstantSource.system(),
                closing.scheduler(),
                new Backoff(Duration.ofMillis(50), Duration.ofMillis(200), 0.5, new Random(3)));
        closing.add(client);
        client.start();
        return queue;
    }

    /**
     * Drains one response at a time until {@code expected} streams are synced, each after its one
     * notification; fails on 5 s without a response. Returns the most direct memory seen.
     */
    private static long readInitialStates(IngestQueue queue, int expected) throws InterruptedException {
        int synced = 0;
        int notifications = 0;
        long mostDirect = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        long lastProgress = System.nanoTime();
        while (synced < expected) {
            List<IngestEvent> batch = new ArrayList<>();
            if (queue.drain(batch, 1, 100) > 0) {
                lastProgress = System.nanoTime();
            }
            for (IngestEvent event : batch) {
                if (event instanceof IngestEvent.Notification) {
                    notifications++;
                } else if (event instanceof IngestEvent.Synced) {
                    synced++;
                }
            }
            mostDirect = Math.max(mostDirect, PlatformDependent.usedDirectMemory());
            long now = System.nanoTime();
            assertTrue(
                    now < deadline && now - lastProgress < Duration.ofSeconds(5).toNanos(),
                    "every initial state within 30 s and no 5 s without a response; got " + synced + " of " + expected
                            + " streams synced, " + notifications + " notifications");
        }
        assertEquals(expected, notifications);
        return mostDirect;
    }

    /**
     * An agent that holds its answers until all {@code streams} streams have asked, then sends each
     * device for which {@code answered} holds its notification and sync marker, the last to ask
     * first; the other devices stay silent.
     */
    private static Server lastAskedFirstAnswered(int streams, IntPredicate answered, String payload) throws Exception {
        AtomicReferenceArray<StreamObserver<SubscribeResponse>> asked = new AtomicReferenceArray<>(streams);
        var service = new gNMIGrpc.gNMIImplBase() {
            private int count;

            @Override
            public StreamObserver<SubscribeRequest> subscribe(StreamObserver<SubscribeResponse> responses) {
                return new StreamObserver<>() {
                    @Override
                    public void onNext(SubscribeRequest request) {
                        String target = request.getSubscribe().getPrefix().getTarget();
                        asked.set(Integer.parseInt(target.substring("dev-".length())), responses);
                        boolean all;
                        synchronized (asked) {
                            all = ++count == streams;
                        }
                        for (int i = streams - 1; all && i >= 0; i--) {
                            if (answered.test(i)) {
                                answer(asked.get(i), "dev-" + i, payload);
                            }
                        }
                    }

                    @Override
                    public void onError(Throwable t) {}

                    @Override
                    public void onCompleted() {}
                };
            }
        };
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .addService(service)
                .build()
                .start();
    }

    private static void answer(StreamObserver<SubscribeResponse> stream, String target, String payload) {
        stream.onNext(SubscribeResponse.newBuilder()
                .setUpdate(Notifications.of(target, 1_000L)
                        .text("/system/state/description", payload)
                        .build())
                .build());
        stream.onNext(SubscribeResponse.newBuilder().setSyncResponse(true).build());
    }
}
