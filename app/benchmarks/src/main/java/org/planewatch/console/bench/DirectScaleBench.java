package org.planewatch.console.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.planewatch.console.bench.SimAgentProcess.Fabric;
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
    /** How long the bench waits for every device before it measures anyway. */
    private static final int LEARN_BOUND_SECONDS = 300;

    private DirectScaleBench() {}

    public static void main(String[] args) throws Exception {
        SimAgentProcess.BenchArgs parsed = SimAgentProcess.BenchArgs.parse(args, 2048, 60);
        Fabric fabric = parsed.fabric();
        int seconds = parsed.seconds();
        Path agentJar = parsed.agentJar();
        System.out.printf(
                Locale.ROOT,
                "setup: %d hosts, %d devices, one agent (%s), devices [*], permutation, link p0-t0-0~p0-t1-0 down, %d s%n",
                fabric.hosts(),
                fabric.devices(),
                agentJar,
                seconds);
        try (SimAgentProcess agent = SimAgentProcess.start(fabric, agentJar, "6g")) {
            run(fabric, seconds, agent.port());
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
                            Locale.ROOT,
                            "result: only %d of %d devices learnt in %d s%n",
                            devices,
                            fabric.devices(),
                            LEARN_BOUND_SECONDS);
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
