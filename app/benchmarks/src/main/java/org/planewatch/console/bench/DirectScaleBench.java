package org.planewatch.console.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * The console pointed straight at a large simulated fabric (issue 20 item 3): the real agent
 * ({@code telemetry-agent/agent}, simulated back end) runs as a process of its own on a scenario of
 * {@code hosts} hosts on 8 planes, a permutation workload and one T0-T1 link down from the start;
 * the console core (headless: a {@code LiveSession}, no window) subscribes to every device
 * ({@code devices: ["*"]}) through real gNMI on loopback. Reports the time until every device is
 * learnt, then, over {@code seconds}: updates applied, coalesced, dropped, events lost, exclusion
 * decisions shown, how far behind the console was, the freshness states seen, and this process's
 * peak RSS (sampled every 250 ms).
 *
 * <pre>java -Xmx1536m -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.DirectScaleBench \
 *     &lt;hosts: 2048|8192&gt; [seconds] [agent jar]</pre>
 */
public final class DirectScaleBench {
    private static final Pattern LISTENING = Pattern.compile("event=listening addr=127\\.0\\.0\\.1:(\\d+)");

    /** How long the bench waits for every device before it measures anyway. */
    private static final int LEARN_BOUND_SECONDS = 300;

    private DirectScaleBench() {}

    /** The fabric of a size: 8 planes, hosts per T0, T0 and T1 per plane. */
    private record Fabric(int hosts, int hostsPerT0, int t0PerPlane, int t1PerPlane) {
        int devices() {
            return hosts + 8 * (t0PerPlane + t1PerPlane);
        }

        static Fabric of(int hosts) {
            return switch (hosts) {
                case 2048 -> new Fabric(2048, 32, 64, 32);
                case 8192 -> new Fabric(8192, 64, 128, 64);
                default -> throw new IllegalArgumentException("hosts must be 2048 or 8192, got " + hosts);
            };
        }
    }

    public static void main(String[] args) throws Exception {
        Fabric fabric = Fabric.of(Integer.parseInt(args.length > 0 ? args[0] : "2048"));
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        Path agentJar = Path.of(args.length > 2 ? args[2] : "telemetry-agent/agent/target/planewatch-agent.jar");
        Path scenario = Files.createTempFile("direct-scale-" + fabric.hosts(), ".yaml");
        Files.writeString(scenario, scenario(fabric), StandardCharsets.UTF_8);
        Path log = Files.createTempFile("direct-scale-agent", ".log");
        System.out.printf(
                Locale.ROOT,
                "setup: %d hosts, %d devices, one agent (%s), devices [*], permutation, link p0-t0-0~p0-t1-0 down, %d s%n",
                fabric.hosts(),
                fabric.devices(),
                agentJar,
                seconds);
        Process agent = new ProcessBuilder(
                        java(),
                        "-Xmx6g",
                        "-jar",
                        agentJar.toString(),
                        "--backend",
                        "sim",
                        "--scenario",
                        scenario.toString(),
                        "--listen",
                        "127.0.0.1:0",
                        // the agent's default limits: the console's default subscription must pass them
                        "--insecure")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            int port = awaitListening(agent, log);
            run(fabric, seconds, port);
        } finally {
            agent.destroy();
            if (!agent.waitFor(10, TimeUnit.SECONDS)) {
                agent.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            Files.deleteIfExists(scenario);
        }
    }

    private static void run(Fabric fabric, int seconds, int port) throws Exception {
        long peakRss = 0;
        Map<Freshness, Integer> seen = new EnumMap<>(Freshness.class);
        long maxBehind = 0;
        long t0 = System.nanoTime();
        long learntNanos = -1;
        FabricSnapshot last;
        LiveSession session = new LiveSession(InstantSource.system());
        try {
            session.add(TargetConfig.insecure("fabric", "127.0.0.1", port, List.of("*")));
            long deadline = t0 + TimeUnit.SECONDS.toNanos(LEARN_BOUND_SECONDS);
            long nextProgress = t0 + TimeUnit.SECONDS.toNanos(5);
            while (true) {
                Thread.sleep(250);
                peakRss = Math.max(peakRss, rssBytes());
                last = session.snapshots().latest();
                int devices = last.hosts().size() + last.switches().size();
                if (System.nanoTime() > nextProgress) {
                    nextProgress += TimeUnit.SECONDS.toNanos(5);
                    System.out.printf(
                            Locale.ROOT,
                            "progress: %.0f s, %d devices, %d updates applied, %d coalesced, behind %.1f s%n",
                            (System.nanoTime() - t0) / 1e9,
                            devices,
                            last.ingest().appliedUpdates(),
                            last.ingest().coalescedUpdates(),
                            last.ingest().behindMillis() / 1000.0);
                }
                if (devices >= fabric.devices()) {
                    learntNanos = System.nanoTime() - t0;
                    break;
                }
                if (System.nanoTime() > deadline) {
                    System.out.printf(
                            Locale.ROOT, "result: only %d of %d devices learnt in 120 s%n", devices, fabric.devices());
                    break;
                }
            }
            FabricSnapshot atLearnt = last;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                Thread.sleep(250);
                peakRss = Math.max(peakRss, rssBytes());
                last = session.snapshots().latest();
                for (FabricSnapshot.TargetStatus target : last.targets()) {
                    seen.merge(target.freshness(), 1, Integer::sum);
                }
                maxBehind = Math.max(maxBehind, last.ingest().behindMillis());
            }
            double window = seconds;
            FabricSnapshot.IngestStats ingest = last.ingest();
            System.out.printf(
                    Locale.ROOT,
                    "result: every device learnt (%d) %s after subscribing%n",
                    last.hosts().size() + last.switches().size(),
                    learntNanos < 0 ? "NEVER" : String.format(Locale.ROOT, "%.1f s", learntNanos / 1e9));
            System.out.printf(
                    Locale.ROOT,
                    "result: over %d s: applied %.2f M updates/s, coalesced %.2f M/s, dropped %d, events lost %d, "
                            + "exclusion decisions shown %d, behind at most %.1f s%n",
                    seconds,
                    (ingest.appliedUpdates() - atLearnt.ingest().appliedUpdates()) / window / 1e6,
                    (ingest.coalescedUpdates() - atLearnt.ingest().coalescedUpdates()) / window / 1e6,
                    ingest.droppedUpdates(),
                    ingest.eventsLost(),
                    last.events().size(),
                    maxBehind / 1000.0);
            System.out.printf(
                    Locale.ROOT,
                    "result: freshness of the target, sampled every 250 ms: %s; peak RSS %d MB, heap after GC %d MB%n",
                    seen,
                    peakRss >> 20,
                    usedHeapMb());
        } finally {
            session.close();
            System.out.println(session.ingestTotalsLine());
        }
    }

    private static String scenario(Fabric fabric) {
        return String.join(
                "\n",
                "# issue 20 item 3: the console pointed straight at " + fabric.hosts() + " hosts",
                "name: direct-scale-" + fabric.hosts(),
                "seed: 20",
                "fabric: {planes: 8, hostsPerT0: " + fabric.hostsPerT0() + ", t0PerPlane: " + fabric.t0PerPlane()
                        + ", t1PerPlane: " + fabric.t1PerPlane() + "}",
                "transport: {mode: mrc, evsPerQp: 128}",
                "workload: {type: permutation, messageBytes: 1048576, repeat: 1000}",
                "faults:",
                "  - {atUs: 2, link: \"p0-t0-0~p0-t1-0\", action: down}",
                "");
    }

    private static int awaitListening(Process agent, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && agent.isAlive()) {
            Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the agent did not listen within 120 s: " + Files.readString(log));
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return 0;
    }

    private static long usedHeapMb() {
        System.gc();
        var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return heap.getUsed() >> 20;
    }
}
