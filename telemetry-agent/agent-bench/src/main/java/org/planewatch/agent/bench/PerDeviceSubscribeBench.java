package org.planewatch.agent.bench;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.grpc.CallOptions;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.GetResponse;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.schema.QpLeaves;
import org.planewatch.telemetry.schema.QueueLeaves;
import org.planewatch.telemetry.schema.SimLeaves;

/**
 * Issue 21 item 6: a running agent serving the full fabric, subscribed to as collectors do, one
 * Subscribe stream per device ({@code prefix.target}) over a few connections, each stream the
 * console's 8 paths (TARGET_DEFINED). Measures the time until every stream had its initial state
 * (sync_response), the updates per second served afterwards, and the agent's memory (RSS, and the
 * heap after a full GC by {@code jcmd}).
 *
 * <pre>
 * java -Xmx6g -jar telemetry-agent/agent/target/planewatch-agent.jar --backend sim \
 *      --scenario sim-backend/scenarios/scale/full-scale-incident.yaml --listen 127.0.0.1:19339 --insecure \
 *      --publish-interval-ms 15000 --target-defined-interval-ms 60000 &amp;
 * java -Xmx3g -cp telemetry-agent/agent-bench/target/planewatch-agent-bench.jar \
 *      org.planewatch.agent.bench.PerDeviceSubscribeBench 127.0.0.1:19339 &lt;agent pid&gt; [connections] [seconds] [devices]
 * </pre>
 */
public final class PerDeviceSubscribeBench {

    /** What {@code SubscriptionPlan.fabricOverview()} of the console subscribes to (console-core). */
    static final List<String> CONSOLE_PATHS = List.of(
            everyEntry(InterfaceLeaves.STATE_TEMPLATE.parent()),
            everyEntry(QueueLeaves.STATE_TEMPLATE),
            everyEntry(PlaneLeaves.STATE_TEMPLATE),
            everyEntry(QpLeaves.STATE_TEMPLATE),
            everyEntry(ExclusionEventRing.ROOT),
            everyEntry(LldpLeaves.STATE_TEMPLATE),
            SimLeaves.CLOCK_STATE.child(SimLeaves.EPOCH).toString(),
            SimLeaves.CLOCK_STATE.child(SimLeaves.SIM_TIME_NS).toString());

    private PerDeviceSubscribeBench() {}

    private static String everyEntry(TelemetryPath template) {
        return template.withoutKeys().toString();
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: PerDeviceSubscribeBench HOST:PORT AGENT_PID [connections] [seconds] [devices]");
            System.exit(2);
        }
        String[] address = args[0].split(":");
        long pid = Long.parseLong(args[1]);
        int connections = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 120;
        int limit = args.length > 4 ? Integer.parseInt(args[4]) : Integer.MAX_VALUE;
        List<ManagedChannel> channels = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            channels.add(NettyChannelBuilder.forAddress(
                            address[0], Integer.parseInt(address[1]), InsecureChannelCredentials.create())
                    .maxInboundMessageSize(256 << 20)
                    .flowControlWindow(1 << 20)
                    .build());
        }
        memory("agent before subscribing", pid);

        long t0 = System.nanoTime();
        List<String> devices = devices(channels.getFirst());
        if (devices.size() > limit) {
            devices = devices.subList(0, limit);
        }
        System.out.printf(Locale.ROOT, "devices: %d (Get of every device: %.1f s)%n", devices.size(), secs(t0));

        AtomicLong updates = new AtomicLong();
        AtomicInteger synced = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        MethodDescriptor<SubscribeRequest, Long> method = gNMIGrpc.getSubscribeMethod().toBuilder(
                        ProtoUtils.marshaller(SubscribeRequest.getDefaultInstance()), new SyncAndUpdates())
                .build();
        long start = System.nanoTime();
        for (int i = 0; i < devices.size(); i++) {
            ManagedChannel channel = channels.get(i % channels.size());
            String device = devices.get(i);
            StreamObserver<SubscribeRequest> requests = ClientCalls.asyncBidiStreamingCall(
                    channel.newCall(method, CallOptions.DEFAULT), new StreamObserver<Long>() {
                        @Override
                        public void onNext(Long response) {
                            if (response < 0) {
                                synced.incrementAndGet();
                            } else {
                                updates.addAndGet(response);
                            }
                        }

                        @Override
                        public void onError(Throwable t) {
                            if (failed.getAndIncrement() < 5) {
                                System.out.println("stream of " + device + " failed: " + t);
                            }
                        }

                        @Override
                        public void onCompleted() {}
                    });
            requests.onNext(request(device));
        }
        System.out.printf(Locale.ROOT, "requests sent: %d streams in %.1f s%n", devices.size(), secs(start));
        long lastPrint = System.nanoTime();
        while (synced.get() + failed.get() < devices.size() && secs(start) < 1800) {
            Thread.sleep(200);
            if (System.nanoTime() - lastPrint > 5_000_000_000L) {
                lastPrint = System.nanoTime();
                System.out.printf(
                        Locale.ROOT,
                        "  %.0f s: %d synced, %d failed, %d updates%n",
                        secs(start),
                        synced.get(),
                        failed.get(),
                        updates.get());
            }
        }
        double toSync = secs(start);
        System.out.printf(
                Locale.ROOT,
                "all subscribed: %d streams synced (%d failed) in %.1f s over %d connections; %d updates in the initial states%n",
                synced.get(),
                failed.get(),
                toSync,
                connections,
                updates.get());
        memory("agent with every stream open", pid);

        long u0 = updates.get();
        long m0 = System.nanoTime();
        for (int s = 10; s <= seconds; s += 10) {
            Thread.sleep(10_000);
            System.out.printf(
                    Locale.ROOT,
                    "  %d s: %.0f updates/s so far, agent RSS %d MiB%n",
                    s,
                    (updates.get() - u0) / secs(m0),
                    rssKib(pid) >> 10);
        }
        System.out.printf(
                Locale.ROOT,
                "served: %.0f updates/s over %.0f s (%d updates), %d streams failed%n",
                (updates.get() - u0) / secs(m0),
                secs(m0),
                updates.get() - u0,
                failed.get());
        memory("agent after the measurement", pid);
        for (ManagedChannel c : channels) {
            c.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Every device the agent serves: a Get of one leaf on target {@code *}, one notification per device. */
    private static List<String> devices(ManagedChannel channel) {
        GetResponse all = gNMIGrpc.newBlockingStub(channel)
                .withDeadlineAfter(10, TimeUnit.MINUTES)
                .get(GetRequest.newBuilder()
                        .setPrefix(org.planewatch.gnmi.proto.Path.newBuilder().setTarget("*"))
                        .addPath(org.planewatch.gnmi.proto.Path.newBuilder()
                                .setOrigin(PathNames.SIM)
                                .addElem(elem(PathNames.CLOCK))
                                .addElem(elem(PathNames.STATE))
                                .addElem(elem(SimLeaves.SIM_TIME_NS)))
                        .setEncoding(Encoding.PROTO)
                        .build());
        Set<String> names = new LinkedHashSet<>();
        for (Notification n : all.getNotificationList()) {
            names.add(n.getPrefix().getTarget());
        }
        return List.copyOf(names);
    }

    private static org.planewatch.gnmi.proto.PathElem elem(String name) {
        return org.planewatch.gnmi.proto.PathElem.newBuilder().setName(name).build();
    }

    static SubscribeRequest request(String device) {
        SubscriptionList.Builder list = SubscriptionList.newBuilder()
                .setPrefix(org.planewatch.gnmi.proto.Path.newBuilder().setTarget(device))
                .setMode(SubscriptionList.Mode.STREAM)
                .setEncoding(Encoding.PROTO);
        for (String path : CONSOLE_PATHS) {
            TelemetryPath parsed = TelemetryPath.parse(path);
            org.planewatch.gnmi.proto.Path.Builder p =
                    org.planewatch.gnmi.proto.Path.newBuilder().setOrigin(parsed.origin());
            for (var e : parsed.elems()) {
                p.addElem(elem(e.name()));
            }
            list.addSubscription(Subscription.newBuilder().setPath(p).setMode(SubscriptionMode.TARGET_DEFINED));
        }
        return SubscribeRequest.newBuilder().setSubscribe(list).build();
    }

    /** A SubscribeResponse as the number of updates it carries, or -1 for sync_response. */
    static final class SyncAndUpdates implements MethodDescriptor.Marshaller<Long> {
        private static final int RESPONSE_UPDATE = 1;
        private static final int RESPONSE_SYNC = 3;
        private static final int NOTIFICATION_UPDATE = 4;

        @Override
        public InputStream stream(Long value) {
            throw new UnsupportedOperationException("the bench only receives SubscribeResponses");
        }

        @Override
        public Long parse(InputStream stream) {
            try {
                CodedInputStream in = CodedInputStream.newInstance(stream.readAllBytes());
                long updates = 0;
                for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                    int field = WireFormat.getTagFieldNumber(tag);
                    if (field == RESPONSE_SYNC) {
                        return -1L;
                    }
                    if (field != RESPONSE_UPDATE) {
                        in.skipField(tag);
                        continue;
                    }
                    int old = in.pushLimit(in.readRawVarint32());
                    for (int inner = in.readTag(); inner != 0; inner = in.readTag()) {
                        if (WireFormat.getTagFieldNumber(inner) == NOTIFICATION_UPDATE) {
                            updates++;
                        }
                        in.skipField(inner);
                    }
                    in.popLimit(old);
                }
                return updates;
            } catch (IOException e) {
                throw new UncheckedIOException("bad SubscribeResponse: " + e.getMessage(), e);
            }
        }
    }

    private static double secs(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");

    /** The agent's RSS, and its heap after a full GC (jcmd). */
    private static void memory(String when, long pid) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path jcmd = Path.of(java).resolveSibling("jcmd");
        run(jcmd.toString(), Long.toString(pid), "GC.run");
        String heap = run(jcmd.toString(), Long.toString(pid), "GC.heap_info");
        Matcher m = HEAP_USED.matcher(heap);
        long usedKib = m.find() ? Long.parseLong(m.group(1)) : -1;
        System.out.printf(
                Locale.ROOT, "%s: RSS %d MiB, heap after full GC %d MiB%n", when, rssKib(pid) >> 10, usedKib >> 10);
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(5, TimeUnit.MINUTES);
        return out;
    }

    private static long rssKib(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
