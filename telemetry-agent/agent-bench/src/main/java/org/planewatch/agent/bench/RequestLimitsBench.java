package org.planewatch.agent.bench;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.planewatch.agent.testing.AgentChildProcess;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.schema.PathNames;

/**
 * Issue 16: what one large Subscribe costs the agent after its client has gone. Starts the agent jar
 * given (so the same run measures an old and a new build) as its own process serving a simulated
 * scenario, sends the case's Subscribe requests, cancels them after 5 s if they have not ended, and
 * reports the agent's CPU seconds from the request until it is idle again, the time from the cancel
 * to idle (CPU within 0.1 core of its idle rate over 1 s), and its peak RSS. Gives up waiting after
 * {@value #GIVE_UP_S} s (reported as "not idle").
 *
 * <p>Usage: {@code java -cp telemetry-agent/agent-bench/target/planewatch-agent-bench.jar
 * org.planewatch.agent.bench.RequestLimitsBench
 * AGENT_JAR SCENARIO CASE [agent flags...]}, CASE one of:
 * <ul>
 *   <li>{@code once-20k}: ONCE on every target, 20,000 one-element paths that match nothing (about 369 KB: the finding's request)
 *   <li>{@code once-20k-schema}: ONCE on every target, 20,000 interface paths of the schema that match nothing (0.7 MB)
 *   <li>{@code once-3.9mb}: ONCE on every target, 200,000 one-element paths that match nothing (about 3.9 MB)
 *   <li>{@code fanout-64x16}: 64 clients x 16 streams, each ONCE of 1,000 schema paths matching nothing on every target
 * </ul>
 */
public final class RequestLimitsBench {

    private static final int GIVE_UP_S = 120;
    private static final long CANCEL_AFTER_MS = 5_000;

    private RequestLimitsBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println(
                    "usage: RequestLimitsBench AGENT_JAR SCENARIO once-20k|once-20k-schema|once-3.9mb|fanout-64x16 [agent flags...]");
            System.exit(2);
        }
        Path log = Files.createTempFile("request-limits-bench", ".log");
        List<String> command = new ArrayList<>(List.of(
                AgentChildProcess.java(),
                "-Xmx2g",
                "--enable-native-access=ALL-UNNAMED",
                "-jar",
                args[0],
                "--backend",
                "sim",
                "--scenario",
                args[1],
                "--listen",
                "127.0.0.1:0",
                "--insecure"));
        command.addAll(List.of(args).subList(3, args.length));
        try (AgentChildProcess agent = AgentChildProcess.start(command, log)) {
            Thread.sleep(5_000); // the scenario's start and the JIT settle
            double idle = agent.coresOver(2_000);
            System.out.printf(
                    "case %s, agent %s %s: idle %.3f cores, RSS %d MiB%n",
                    args[2],
                    args[0],
                    String.join(" ", List.of(args).subList(3, args.length)),
                    idle,
                    agent.rssBytes() >> 20);
            run(agent, args[2], idle);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static void run(AgentChildProcess agent, String kase, double idleCores) throws Exception {
        int clients = kase.equals("fanout-64x16") ? 64 : 1;
        int streams = kase.equals("fanout-64x16") ? 16 : 1;
        SubscribeRequest request = switch (kase) {
            case "once-20k" -> once(20_000, false);
            case "once-20k-schema" -> once(20_000, true);
            case "once-3.9mb" -> once(200_000, false);
            case "fanout-64x16" -> once(1_000, true);
            default -> throw new IllegalArgumentException("unknown case " + kase);
        };
        long cpu0 = agent.cpuNs();
        long start = System.nanoTime();
        List<ManagedChannel> channels = new ArrayList<>();
        List<Stream> opened = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", agent.port())
                    .usePlaintext()
                    .maxInboundMessageSize(64 << 20)
                    .build();
            channels.add(channel);
            for (int s = 0; s < streams; s++) {
                opened.add(Stream.open(channel, request));
            }
        }
        long peakRss = 0;
        while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(CANCEL_AFTER_MS)
                && !opened.stream().allMatch(s -> s.end.isDone())) {
            peakRss = Math.max(peakRss, agent.rssBytes());
            Thread.sleep(100);
        }
        opened.forEach(Stream::cancel);
        channels.forEach(ManagedChannel::shutdownNow);
        long cancelled = System.nanoTime();
        Map<String, Integer> statuses = new TreeMap<>();
        for (Stream s : opened) {
            String status = s.end.isDone() && !s.cancelledByUs
                    ? s.end.get().getCode().toString()
                    : "still running at the cancel";
            statuses.merge(status + (s.detail.get() == null ? "" : " (" + s.detail.get() + ")"), 1, Integer::sum);
        }
        // Idle: a whole second within 0.1 core of the idle rate.
        double rate = Double.MAX_VALUE;
        while (rate > idleCores + 0.1 && System.nanoTime() - cancelled < TimeUnit.SECONDS.toNanos(GIVE_UP_S)) {
            long c0 = agent.cpuNs();
            long t0 = System.nanoTime();
            for (int i = 0; i < 4; i++) {
                Thread.sleep(250);
                peakRss = Math.max(peakRss, agent.rssBytes());
            }
            rate = (agent.cpuNs() - c0) / (double) (System.nanoTime() - t0);
        }
        boolean idle = rate <= idleCores + 0.1;
        double toIdle = (System.nanoTime() - cancelled) / 1e9 - 1; // the idle second itself does not count
        System.out.printf(
                "  request %d bytes x %d streams; statuses %s%n", request.getSerializedSize(), opened.size(), statuses);
        System.out.printf(
                "  agent CPU %.1f s from the request to idle; %s; peak RSS %d MiB%n",
                (agent.cpuNs() - cpu0) / 1e9,
                idle
                        ? String.format("idle %.1f s after the cancel", Math.max(0, toIdle))
                        : String.format("NOT idle %d s after the cancel (%.2f cores)", GIVE_UP_S, rate),
                peakRss >> 20);
    }

    /** ONCE on every target of {@code count} paths that match nothing: one element, or an interface of the schema. */
    private static SubscribeRequest once(int count, boolean inSchema) {
        SubscriptionList.Builder list = SubscriptionList.newBuilder()
                .setMode(SubscriptionList.Mode.ONCE)
                .setEncoding(Encoding.PROTO)
                .setPrefix(org.planewatch.gnmi.proto.Path.newBuilder().setTarget("*"));
        for (int i = 0; i < count; i++) {
            org.planewatch.gnmi.proto.Path.Builder p = org.planewatch.gnmi.proto.Path.newBuilder();
            if (inSchema) {
                p.addElem(PathElem.newBuilder().setName(PathNames.INTERFACES))
                        .addElem(PathElem.newBuilder()
                                .setName(PathNames.INTERFACE)
                                .putKey(PathNames.NAME, "nothing-" + i))
                        .addElem(PathElem.newBuilder().setName(PathNames.STATE));
            } else {
                p.addElem(PathElem.newBuilder().setName("none-" + i));
            }
            list.addSubscription(Subscription.newBuilder().setPath(p));
        }
        return SubscribeRequest.newBuilder().setSubscribe(list).build();
    }

    /** One Subscribe call: its end (status) and a cancel. */
    private static final class Stream implements ClientResponseObserver<SubscribeRequest, SubscribeResponse> {
        final CompletableFuture<Status> end = new CompletableFuture<>();
        final AtomicReference<String> detail = new AtomicReference<>();
        volatile boolean cancelledByUs;
        private ClientCallStreamObserver<SubscribeRequest> call;

        static Stream open(ManagedChannel channel, SubscribeRequest request) {
            Stream s = new Stream();
            gNMIGrpc.newStub(channel).subscribe(s);
            s.call.onNext(request);
            return s;
        }

        @Override
        public void beforeStart(ClientCallStreamObserver<SubscribeRequest> requestStream) {
            call = requestStream;
        }

        void cancel() {
            if (!end.isDone()) {
                cancelledByUs = true;
                call.cancel("benchmark: the client goes away", null);
            }
        }

        @Override
        public void onNext(SubscribeResponse value) {}

        @Override
        public void onError(Throwable t) {
            Status s = Status.fromThrowable(t);
            String d = s.getDescription();
            detail.compareAndSet(null, d == null ? null : d.substring(0, Math.min(90, d.length())));
            end.complete(s);
        }

        @Override
        public void onCompleted() {
            end.complete(Status.OK);
        }
    }
}
