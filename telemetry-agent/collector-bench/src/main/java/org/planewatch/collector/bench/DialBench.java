package org.planewatch.collector.bench;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.planewatch.console.ingest.Backoff;
import org.planewatch.console.ingest.GnmiTargetClient;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.ingest.SubscriptionPlan;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.gNMIGrpc;

/**
 * What dialling one targets-file entry costs the thread that holds a collector's shares: {@link
 * GnmiTargetClient} made and started: a connection with one Subscribe stream per device, each with the
 * collectors' plan (suppress_redundant on), timed from making it to {@link GnmiTargetClient#start} returning. A takeover dials
 * every entry it gains this way, one after the other (ADR 0154). The agent is a gRPC server on
 * loopback in this process that accepts every stream and answers none, so what is timed is the
 * client's part alone: making the requests and starting the calls.
 *
 * <pre>
 * java -cp telemetry-agent/collector-bench/target/planewatch-collector-bench.jar org.planewatch.collector.bench.DialBench [devices] [rounds]
 * </pre>
 *
 * Defaults: 3,812 devices (an entry of the full fabric's targets file), 12 rounds after 3 to warm up.
 */
public final class DialBench {
    private static final int WARM_UP = 3;

    private DialBench() {}

    public static void main(String[] args) throws Exception {
        int devices = args.length > 0 ? Integer.parseInt(args[0]) : 3_812;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 12;
        Server agent = silentAgent();
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try {
            List<String> names =
                    IntStream.range(0, devices).mapToObj(i -> "host-" + i).toList();
            TargetConfig entry = TargetConfig.insecure("fabric-0000", "127.0.0.1", agent.getPort(), names);
            SubscriptionPlan plan = SubscriptionPlan.fabricOverview().withSuppressRedundant(true);
            double[] millis = new double[rounds];
            for (int round = -WARM_UP; round < rounds; round++) {
                IngestQueue queue = IngestQueue.holdingBack(16_384, 1_000_000, 4_000_000, Duration.ofMinutes(5));
                long start = System.nanoTime();
                GnmiTargetClient client = new GnmiTargetClient(
                        entry,
                        plan,
                        queue,
                        InstantSource.system(),
                        scheduler,
                        new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), 0.5, new Random(round)));
                client.start();
                long took = System.nanoTime() - start;
                client.close();
                if (round >= 0) {
                    millis[round] = took / 1e6;
                }
            }
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            double median = sorted[rounds / 2];
            System.out.printf(
                    Locale.ROOT,
                    "DialBench: %d devices, %d rounds: made and started, median %.1f ms (%.1f us a stream), min %.1f, max %.1f;"
                            + " every round %s%n",
                    devices,
                    rounds,
                    median,
                    median * 1e3 / devices,
                    sorted[0],
                    sorted[rounds - 1],
                    roundsText(millis));
        } finally {
            scheduler.shutdownNow();
            agent.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static String roundsText(double[] millis) {
        List<String> text = new ArrayList<>();
        for (double m : millis) {
            text.add(String.format(Locale.ROOT, "%.0f", m));
        }
        return String.join(" ", text) + " ms";
    }

    /** A gNMI server that keeps every Subscribe stream open and sends nothing. */
    private static Server silentAgent() throws Exception {
        var service = new gNMIGrpc.gNMIImplBase() {
            @Override
            public StreamObserver<SubscribeRequest> subscribe(StreamObserver<SubscribeResponse> responses) {
                return new StreamObserver<>() {
                    @Override
                    public void onNext(SubscribeRequest request) {}

                    @Override
                    public void onError(Throwable t) {}

                    @Override
                    public void onCompleted() {
                        responses.onCompleted();
                    }
                };
            }
        };
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .addService(service)
                .build()
                .start();
    }
}
