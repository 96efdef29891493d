package org.planewatch.sim.perf;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.bench.HeapPeakMeter;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.limits.HeapBudget;
import org.planewatch.sim.limits.MemoryEstimate;
import org.planewatch.sim.limits.ScenarioFootprint;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Measures the heap a scenario's simulation really holds, next to {@link ScenarioFootprint}'s
 * estimate (ADR 0088). The heap in use after a full collection, less what the JVM held before the
 * simulation was built, is sampled right after building (every QP's first window is in flight
 * then) and at simulated times 1, 2, 5, 10, 20, 50 ... us up to the slice's end or the workload's
 * completion; the largest sample is the measured figure. The largest heap after any collection the
 * run triggered itself is printed too (it may include old garbage not yet collected).
 *
 * <p>{@code java -Xmx12g -cp sim-backend/target/planewatch-sim-bench.jar
 * org.planewatch.sim.perf.HeapCalibration <scenario.yaml> [sliceUs]}
 */
public final class HeapCalibration {

    private HeapCalibration() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long sliceUs = args.length > 1 ? Long.parseLong(args[1]) : 200;
        Scenario scenario = ScenarioLoader.load(file, HeapBudget.unlimited());
        MemoryEstimate estimate = ScenarioFootprint.estimate(scenario);
        long base = liveHeap();
        HeapPeakMeter afterGc = HeapPeakMeter.startAfterCollections();

        long start = System.nanoTime();
        Simulation simulation = Simulation.build(scenario);
        long buildMs = (System.nanoTime() - start) / 1_000_000;
        long afterBuild = liveHeap() - base;
        long measured = afterBuild;
        List<String> samples = new ArrayList<>();
        samples.add("0us=" + mb(afterBuild));
        long endPs = Math.min(sliceUs, scenario.durationNs() > 0 ? scenario.durationNs() / 1_000 : sliceUs) * 1_000_000;
        for (long us : checkpoints(endPs / 1_000_000)) {
            simulation.runToCompletion(us * 1_000_000);
            if (!simulation.workloadComplete()) {
                simulation.runUntil(us * 1_000_000);
            }
            long live = liveHeap() - base;
            measured = Math.max(measured, live);
            samples.add(us + "us=" + mb(live));
            if (simulation.workloadComplete()) {
                break;
            }
        }
        System.out.printf(
                Locale.ROOT,
                "CALIBRATION scenario=%s estimateMb=%d measuredMb=%d estimate/measured=%.2f"
                        + " afterGcPeakMb=%d buildMs=%d events=%d complete=%s maxHeapMb=%d%n",
                scenario.name(),
                mb((long) estimate.totalBytes()),
                mb(measured),
                estimate.totalBytes() / Math.max(1, measured),
                mb(afterGc.peakAtCollectionsBytes() - base),
                buildMs,
                simulation.eventsProcessed(),
                simulation.workloadComplete(),
                mb(Runtime.getRuntime().maxMemory()));
        System.out.println("  estimate: " + estimate.breakdown());
        System.out.println("  live heap after a full GC at: " + String.join(" ", samples));
        afterGc.close();
    }

    private static List<Long> checkpoints(long endUs) {
        List<Long> points = new ArrayList<>();
        for (long decade = 1; decade <= endUs; decade *= 10) {
            for (long step : new long[] {1, 2, 5}) {
                if (decade * step < endUs) {
                    points.add(decade * step);
                }
            }
        }
        points.add(Math.max(1, endUs));
        return points;
    }

    private static long liveHeap() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long mb(long bytes) {
        return bytes >> 20;
    }
}
