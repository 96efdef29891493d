package org.planewatch.agent.bench;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import com.sun.management.OperatingSystemMXBean;
import io.grpc.CallOptions;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.LibraryLogBridge;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Path.Builder;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.telemetry.schema.PathNames;

/**
 * Issue 5 item 8: one agent serving the simulated 512-host, 8-plane fabric (every host and switch a
 * target) to one subscriber of everything. Prints updates per second delivered, the agent process's CPU
 * and heap, and the simulator's event rate without and with the subscriber. The subscriber is a second
 * JVM on the same machine (its decoding competes for the same cores).
 *
 * <p>Usage: {@code java -cp telemetry-agent/agent-bench/target/planewatch-agent-bench.jar
 * org.planewatch.agent.bench.AgentBench
 * [seconds] [sampleMs] [publishMs] [dilation] [count|decode] [rounds]} (defaults 20, 1000, 1000, 1000, count, 3):
 * the subscriber counts updates on the wire, or with {@code decode} decodes every response. Each of the
 * {@code rounds} runs a phase with the subscriber between two phases without it.
 */
public final class AgentBench {

    private static final String FABRIC = """
            name: agent-bench-512x8
            seed: 11
            fabric: {planes: 8, hostsPerT0: 16, t0PerPlane: 32, t1PerPlane: 16, linkGbps: 100, linkDelayNs: 1000}
            transport: {mode: mrc, evsPerQp: 128}
            workload: {type: permutation, messageBytes: 1048576, repeat: 1000}
            durationUs: 1000000
            """;

    private record Phase(
            double seconds,
            long events,
            long simNs,
            double cpuSeconds,
            double simCpuSeconds,
            long heapPeak,
            long updates,
            Map<String, Double> threadCpuSeconds) {}

    /** The subscriber process's CPU time, as it last reported it. */
    private static final AtomicLong subscriberCpuNs = new AtomicLong();

    private AgentBench() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long sampleMs = args.length > 1 ? Long.parseLong(args[1]) : 1000;
        long publishMs = args.length > 2 ? Long.parseLong(args[2]) : 1000;
        double dilation = args.length > 3 ? Double.parseDouble(args[3]) : 1000;
        boolean decodingSubscriber = args.length > 4 && args[4].equals("decode");
        int rounds = args.length > 5 ? Integer.parseInt(args[5]) : 3;
        LibraryLogBridge.install(new StructuredLog(System.err, "agent-bench"));
        Scenario scenario = ScenarioLoader.parse(FABRIC, "agent-bench.yaml", Path.of("."));
        SimulatedBackend backend = new SimulatedBackend(
                scenario, SimOptions.defaults().withPublishIntervalMs(publishMs).withDilation(dilation));
        long leaves = 0;
        for (TargetInfo t : backend.targets()) {
            leaves += backend.read(t.name()).leaves().size();
        }
        System.out.printf(
                "setup: %d targets, %d leaves, sample %d ms, publish %d ms, dilation %.0f, %d cores, max heap %d MiB%n",
                backend.targets().size(),
                leaves,
                sampleMs,
                publishMs,
                dilation,
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        GnmiOptions gnmi = GnmiOptions.defaults().withMinSampleIntervalNs(Math.min(sampleMs, 100) * 1_000_000L);
        try (AgentServer server =
                new AgentServer(AgentConfig.loopbackInsecure(0, gnmi), backend, StructuredLog.silent()).start()) {
            Thread.sleep(5_000); // warm-up: JIT and the first publishes
            // Quiet and loaded phases alternate, and each loaded phase is compared with the quiet
            // phases on either side of it: the simulation's own rate drifts with its simulated time
            // and from run to run by more than the effect measured, so a single before/after pair
            // mostly measured that drift.
            List<Phase> quiet = new ArrayList<>();
            List<Phase> loaded = new ArrayList<>();
            List<Double> subscriberCores = new ArrayList<>();
            quiet.add(measure(backend, seconds, new AtomicLong()));
            report("without subscriber", quiet.getLast());
            for (int round = 1; round <= rounds; round++) {
                AtomicLong updates = new AtomicLong();
                Process subscriber = startSubscriber(server.port(), sampleMs, decodingSubscriber, updates);
                long waited = 0;
                while (updates.get() == 0 && waited < 60_000) {
                    Thread.sleep(100);
                    waited += 100;
                }
                Thread.sleep(2_000);
                long subscriberCpu0 = subscriberCpuNs.get();
                loaded.add(measure(backend, seconds, updates));
                subscriberCores.add((subscriberCpuNs.get() - subscriberCpu0)
                        / 1e9
                        / loaded.getLast().seconds());
                report("with subscriber", loaded.getLast());
                subscriber.destroy();
                subscriber.waitFor();
                Thread.sleep(2_000); // the agent sees the stream end and stops sampling it
                quiet.add(measure(backend, seconds, new AtomicLong()));
                report("without subscriber", quiet.getLast());
                double drop = 1
                        - eventRate(loaded.getLast())
                                / ((eventRate(quiet.get(round - 1)) + eventRate(quiet.get(round))) / 2);
                Phase l = loaded.getLast();
                double agentCpu = l.cpuSeconds() - l.simCpuSeconds();
                System.out.printf(
                        "round %d: sim event rate %.1f %% against the quiet phases around it; subscriber CPU %.2f cores; "
                                + "CPU per million updates: agent without sim thread %.2f s, subscriber %.2f s%n",
                        round,
                        100 * drop,
                        subscriberCores.getLast(),
                        agentCpu / (l.updates() / 1e6),
                        subscriberCores.getLast() * l.seconds() / (l.updates() / 1e6));
            }
            double quietRate = quiet.stream().mapToLong(Phase::events).sum()
                    / quiet.stream().mapToDouble(Phase::seconds).sum();
            double loadedRate = loaded.stream().mapToLong(Phase::events).sum()
                    / loaded.stream().mapToDouble(Phase::seconds).sum();
            double delivered = loaded.stream().mapToLong(Phase::updates).sum()
                    / loaded.stream().mapToDouble(Phase::seconds).sum();
            System.out.printf(
                    "RESULT updates_per_s=%.0f sim_events_quiet=%.2fM/s sim_events_loaded=%.2fM/s sim_event_rate_drop=%.1f%% "
                            + "rounds=%d coalesced=%d dropped=%d%n",
                    delivered,
                    quietRate / 1e6,
                    loadedRate / 1e6,
                    100.0 * (1 - loadedRate / quietRate),
                    rounds,
                    server.stats().coalescedUpdates(),
                    server.stats().droppedUpdates());
        }
    }

    private static double eventRate(Phase p) {
        return p.events() / p.seconds();
    }

    /**
     * The subscriber in its own JVM (same class path), so that the agent's CPU and heap are the agent's
     * alone; it prints its running update count every 100 ms.
     */
    private static Process startSubscriber(int port, long sampleMs, boolean decode, AtomicLong updates)
            throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-Xmx2g",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Subscriber.class.getName(),
                        Integer.toString(port),
                        Long.toString(sampleMs),
                        decode ? "--decode" : "--count")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Thread.ofPlatform().daemon().start(() -> {
            try (var lines = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    String[] fields = line.strip().split(" ");
                    updates.set(Long.parseLong(fields[0]));
                    subscriberCpuNs.set(Long.parseLong(fields[1]));
                }
            } catch (IOException | NumberFormatException e) {
                if (p.isAlive()) { // a destroyed subscriber's pipe closing is the end of a round
                    System.err.println("subscriber output: " + e);
                }
            }
        });
        return p;
    }

    /**
     * Subscribes to every leaf of every target with SAMPLE and counts the updates it receives. The
     * responses are counted on the wire ({@link WireCount}) instead of being decoded into protobuf
     * objects: the subscriber shares the agent's two cores, and a full decode costs about as much as
     * the agent's encode, so a decoding subscriber would measure itself rather than the agent.
     * {@code --decode} decodes every response fully instead (a collector that builds objects).
     */
    public static final class Subscriber {
        private Subscriber() {}

        public static void main(String[] args) throws Exception {
            int port = Integer.parseInt(args[0]);
            long sampleMs = Long.parseLong(args[1]);
            boolean decode = args.length > 2 && args[2].equals("--decode");
            AtomicLong updates = new AtomicLong();
            ManagedChannel channel = NettyChannelBuilder.forAddress(
                            "127.0.0.1", port, InsecureChannelCredentials.create())
                    .maxInboundMessageSize(64 << 20)
                    .flowControlWindow(8 << 20)
                    .build();
            MethodDescriptor<SubscribeRequest, Integer> counting = gNMIGrpc.getSubscribeMethod().toBuilder(
                            ProtoUtils.marshaller(SubscribeRequest.getDefaultInstance()), new WireCount(decode))
                    .build();
            StreamObserver<SubscribeRequest> requests = ClientCalls.asyncBidiStreamingCall(
                    channel.newCall(counting, CallOptions.DEFAULT), new StreamObserver<Integer>() {
                        @Override
                        public void onNext(Integer count) {
                            updates.addAndGet(count);
                        }

                        @Override
                        public void onError(Throwable t) {
                            System.err.println("subscriber failed: " + t);
                            System.exit(1);
                        }

                        @Override
                        public void onCompleted() {}
                    });
            SubscriptionList.Builder list = SubscriptionList.newBuilder()
                    .setMode(SubscriptionList.Mode.STREAM)
                    .setEncoding(Encoding.PROTO)
                    .setPrefix(org.planewatch.gnmi.proto.Path.newBuilder().setTarget("*"));
            for (String origin : new String[] {"", PathNames.MRC, PathNames.SIM}) {
                Builder root = org.planewatch.gnmi.proto.Path.newBuilder().setOrigin(origin);
                list.addSubscription(Subscription.newBuilder()
                        .setPath(root)
                        .setMode(SubscriptionMode.SAMPLE)
                        .setSampleInterval(sampleMs * 1_000_000L));
            }
            requests.onNext(SubscribeRequest.newBuilder().setSubscribe(list).build());
            while (true) {
                Thread.sleep(100);
                System.out.println(updates.get() + " "
                        + ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime());
            }
        }
    }

    /**
     * Parses a SubscribeResponse into the number of updates it carries: walks the tags of
     * {@code update} (field 1, a Notification) and counts its {@code update} fields (4), skipping
     * every value. With {@code decode} it builds the full message and counts from it.
     */
    static final class WireCount implements MethodDescriptor.Marshaller<Integer> {
        private static final int RESPONSE_UPDATE = 1;
        private static final int NOTIFICATION_UPDATE = 4;
        private final boolean decode;

        WireCount(boolean decode) {
            this.decode = decode;
        }

        @Override
        public InputStream stream(Integer value) {
            throw new UnsupportedOperationException("the bench subscriber only receives SubscribeResponses");
        }

        @Override
        public Integer parse(InputStream stream) {
            try {
                if (decode) {
                    return SubscribeResponse.parseFrom(stream).getUpdate().getUpdateCount();
                }
                return count(CodedInputStream.newInstance(stream.readAllBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException("bad SubscribeResponse: " + e.getMessage(), e);
            }
        }

        static int count(CodedInputStream in) throws IOException {
            int updates = 0;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) != RESPONSE_UPDATE) {
                    in.skipField(tag);
                    continue;
                }
                int limit = in.pushLimit(in.readRawVarint32());
                for (int inner = in.readTag(); inner != 0; inner = in.readTag()) {
                    if (WireFormat.getTagFieldNumber(inner) == NOTIFICATION_UPDATE) {
                        updates++;
                    }
                    in.skipField(inner);
                }
                in.popLimit(limit);
            }
            return updates;
        }
    }

    private static Phase measure(SimulatedBackend backend, int seconds, AtomicLong updates)
            throws InterruptedException {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long wall0 = System.nanoTime();
        long cpu0 = os.getProcessCpuTime();
        long simCpu0 = simThreadCpuNs();
        Map<String, Long> threads0 = cpuByThreadGroup();
        long events0 = eventsProcessed(backend);
        long sim0 = backend.simulatedNowNs();
        long updates0 = updates.get();
        long heapPeak = 0;
        for (int i = 0; i < seconds * 4; i++) {
            Thread.sleep(250);
            heapPeak = Math.max(heapPeak, memory.getHeapMemoryUsage().getUsed());
        }
        double wall = (System.nanoTime() - wall0) / 1e9;
        Map<String, Double> threads = new TreeMap<>();
        cpuByThreadGroup().forEach((group, ns) -> threads.put(group, (ns - threads0.getOrDefault(group, 0L)) / 1e9));
        double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
        threads.put(
                "other (GC, JIT, VM)",
                cpu - threads.values().stream().mapToDouble(Double::doubleValue).sum());
        return new Phase(
                wall,
                eventsProcessed(backend) - events0,
                backend.simulatedNowNs() - sim0,
                cpu,
                (simThreadCpuNs() - simCpu0) / 1e9,
                heapPeak,
                updates.get() - updates0,
                threads);
    }

    /** CPU time of the simulation's thread: what the agent's other threads leave it. */
    private static long simThreadCpuNs() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().equals("sim-driver")) {
                return threads.getThreadCpuTime(info.getThreadId());
            }
        }
        return 0;
    }

    /** CPU time of the live Java threads by name without its numbering (threads that ended are missed). */
    private static Map<String, Long> cpuByThreadGroup() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> out = new HashMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null) {
                long ns = threads.getThreadCpuTime(info.getThreadId());
                if (ns > 0) {
                    out.merge(info.getThreadName().replaceAll("[-0-9]+$", ""), ns, Long::sum);
                }
            }
        }
        return out;
    }

    private static long eventsProcessed(SimulatedBackend backend) {
        return backend.eventsProcessed();
    }

    private static void report(String name, Phase p) {
        System.out.printf(
                "%-20s wall %.1f s  sim events %.2f M/s  sim time %.3f ms/s  CPU %.2f cores (sim thread %.2f)  heap peak %d MiB  updates %.0f/s%n",
                name,
                p.seconds(),
                p.events() / p.seconds() / 1e6,
                p.simNs() / p.seconds() / 1e6,
                p.cpuSeconds() / p.seconds(),
                p.simCpuSeconds() / p.seconds(),
                p.heapPeak() >> 20,
                p.updates() / p.seconds());
        StringBuilder threads = new StringBuilder("  cores by thread:");
        p.threadCpuSeconds().forEach((group, s) -> {
            if (s / p.seconds() >= 0.005) {
                threads.append(String.format(" %s %.2f;", group, s / p.seconds()));
            }
        });
        System.out.println(threads);
    }
}
