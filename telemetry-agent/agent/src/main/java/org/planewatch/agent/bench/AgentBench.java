package org.planewatch.agent.bench;

import com.sun.management.OperatingSystemMXBean;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.gnmi.GnmiOptions;
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

/**
 * Issue 5 item 8: one agent serving the simulated 512-host, 8-plane fabric (every host and switch a
 * target) to one subscriber of everything. Prints updates per second delivered, the agent process's CPU
 * and heap, and the simulator's event rate without and with the subscriber. The subscriber is a second
 * JVM on the same machine (its decoding competes for the same cores).
 *
 * <p>Usage: {@code java -cp planewatch-agent.jar org.planewatch.agent.bench.AgentBench
 * [seconds] [sampleMs] [publishMs] [dilation]} (defaults 20, 1000, 1000, 1000).
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

    private record Phase(double seconds, long events, long simNs, double cpuSeconds, long heapPeak, long updates) {}

    private AgentBench() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long sampleMs = args.length > 1 ? Long.parseLong(args[1]) : 1000;
        long publishMs = args.length > 2 ? Long.parseLong(args[2]) : 1000;
        double dilation = args.length > 3 ? Double.parseDouble(args[3]) : 1000;
        Scenario scenario = ScenarioLoader.parse(FABRIC, "agent-bench.yaml", Path.of("."));
        SimulatedBackend backend = new SimulatedBackend(scenario, SimOptions.defaults()
                .withPublishIntervalMs(publishMs).withDilation(dilation));
        long leaves = 0;
        for (TargetInfo t : backend.targets()) {
            leaves += backend.read(t.name()).leaves().size();
        }
        System.out.printf("setup: %d targets, %d leaves, sample %d ms, publish %d ms, dilation %.0f, %d cores, max heap %d MiB%n",
                backend.targets().size(), leaves, sampleMs, publishMs, dilation, Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        GnmiOptions gnmi = GnmiOptions.defaults().withMinSampleIntervalNs(Math.min(sampleMs, 100) * 1_000_000L);
        try (AgentServer server = new AgentServer(AgentConfig.loopbackInsecure(0, gnmi), backend, StructuredLog.silent()).start()) {
            Thread.sleep(5_000); // warm-up: JIT and the first publishes
            Phase quiet = measure(backend, seconds, new AtomicLong());
            report("without subscriber", quiet);

            AtomicLong updates = new AtomicLong();
            Process subscriber = startSubscriber(server.port(), sampleMs, updates);
            long waited = 0;
            while (updates.get() == 0 && waited < 60_000) {
                Thread.sleep(100);
                waited += 100;
            }
            Thread.sleep(2_000);
            Phase loaded = measure(backend, seconds, updates);
            report("with subscriber", loaded);
            System.out.printf("RESULT updates_per_s=%.0f sim_event_rate_drop=%.1f%% coalesced=%d dropped=%d%n",
                    loaded.updates() / loaded.seconds(),
                    100.0 * (1 - (loaded.events() / loaded.seconds()) / (quiet.events() / quiet.seconds())),
                    server.stats().coalescedUpdates(), server.stats().droppedUpdates());
            subscriber.destroy();
        }
    }

    /**
     * The subscriber in its own JVM (same class path), so that the agent's CPU and heap are the agent's
     * alone; it prints its running update count every 100 ms.
     */
    private static Process startSubscriber(int port, long sampleMs, AtomicLong updates) throws java.io.IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx2g", "-cp", System.getProperty("java.class.path"),
                Subscriber.class.getName(), Integer.toString(port), Long.toString(sampleMs))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Thread.ofPlatform().daemon().start(() -> {
            try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    updates.set(Long.parseLong(line.strip()));
                }
            } catch (java.io.IOException | NumberFormatException e) {
                System.err.println("subscriber output: " + e);
            }
        });
        return p;
    }

    /** Subscribes to every leaf of every target with SAMPLE and counts the updates it receives. */
    public static final class Subscriber {
        private Subscriber() {}

        public static void main(String[] args) throws Exception {
            int port = Integer.parseInt(args[0]);
            long sampleMs = Long.parseLong(args[1]);
            AtomicLong updates = new AtomicLong();
            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port,
                    InsecureChannelCredentials.create()).maxInboundMessageSize(64 << 20).build();
            StreamObserver<SubscribeRequest> requests = gNMIGrpc.newStub(channel).subscribe(new StreamObserver<>() {
                @Override
                public void onNext(SubscribeResponse r) {
                    updates.addAndGet(r.getUpdate().getUpdateCount());
                }

                @Override
                public void onError(Throwable t) {
                    System.err.println("subscriber failed: " + t);
                    System.exit(1);
                }

                @Override
                public void onCompleted() {}
            });
            SubscriptionList.Builder list = SubscriptionList.newBuilder().setMode(SubscriptionList.Mode.STREAM)
                    .setEncoding(Encoding.PROTO).setPrefix(org.planewatch.gnmi.proto.Path.newBuilder().setTarget("*"));
            for (String origin : new String[] {"", "mrc", "sim"}) {
                Builder root = org.planewatch.gnmi.proto.Path.newBuilder().setOrigin(origin);
                list.addSubscription(Subscription.newBuilder().setPath(root).setMode(SubscriptionMode.SAMPLE)
                        .setSampleInterval(sampleMs * 1_000_000L));
            }
            requests.onNext(SubscribeRequest.newBuilder().setSubscribe(list).build());
            while (true) {
                Thread.sleep(100);
                System.out.println(updates.get());
            }
        }
    }

    private static Phase measure(SimulatedBackend backend, int seconds, AtomicLong updates) throws InterruptedException {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long wall0 = System.nanoTime();
        long cpu0 = os.getProcessCpuTime();
        long events0 = eventsProcessed(backend);
        long sim0 = backend.simulatedNowNs();
        long updates0 = updates.get();
        long heapPeak = 0;
        for (int i = 0; i < seconds * 4; i++) {
            Thread.sleep(250);
            heapPeak = Math.max(heapPeak, memory.getHeapMemoryUsage().getUsed());
        }
        double wall = (System.nanoTime() - wall0) / 1e9;
        return new Phase(wall, eventsProcessed(backend) - events0, backend.simulatedNowNs() - sim0,
                (os.getProcessCpuTime() - cpu0) / 1e9, heapPeak, updates.get() - updates0);
    }

    private static long eventsProcessed(SimulatedBackend backend) {
        return backend.eventsProcessed();
    }

    private static void report(String name, Phase p) {
        System.out.printf("%-20s wall %.1f s  sim events %.2f M/s  sim time %.3f ms/s  CPU %.2f cores  heap peak %d MiB  updates %.0f/s%n",
                name, p.seconds(), p.events() / p.seconds() / 1e6, p.simNs() / p.seconds() / 1e6,
                p.cpuSeconds() / p.seconds(), p.heapPeak() >> 20, p.updates() / p.seconds());
    }
}
