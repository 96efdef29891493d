package org.planewatch.sim.perf;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;

/**
 * The full-size fabric of the spec (8 planes of 512-port switches: 131,072 hosts, 6,144 switches)
 * running a permutation of 64 KiB messages on MRC. Prints build time, run time, events and heap.
 *
 * <p>{@code java -Xmx16g -XX:+UseTransparentHugePages -cp sim-backend/target/planewatch-sim-bench.jar
 * org.planewatch.sim.perf.FullScaleRun
 * [planes] [messageBytes]}: transparent huge pages halve the run time, since every packet hop
 * touches port and EV state spread over gigabytes (TLB misses otherwise dominate).
 */
public final class FullScaleRun {
    private FullScaleRun() {}

    public static void main(String[] args) {
        int planes = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        long bytes = args.length > 1 ? Long.parseLong(args[1]) : 65_536;
        long queue = 262_144;
        FabricConfig fabric = new FabricConfig(
                planes, 256, 512, 256, 100.0, 1_000, 4_096, 64, queue, 2 * queue, queue / 5, queue * 4 / 5, true, 0, 8);
        Scenario scenario = new Scenario(
                "full-scale",
                1,
                fabric,
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(bytes, 1),
                List.of(),
                0);

        long t0 = System.nanoTime();
        Simulation sim = Simulation.build(scenario);
        long t1 = System.nanoTime();
        System.out.printf(
                "built %,d hosts, %,d switches in %.1f s, heap used %,d MB%n",
                fabric.hostCount(), fabric.switchCount(), (t1 - t0) / 1e9, usedHeapMb());
        sim.runToCompletion(Long.MAX_VALUE);
        long t2 = System.nanoTime();
        RunSummary s = sim.summary();
        System.out.printf(
                "RESULT hosts=%d buildMs=%d runMs=%d events=%d dataPkts=%d simNs=%d meanFctNs=%d tailFctNs=%d"
                        + " completed=%d/%d peakHeapMb=%d%n",
                fabric.hostCount(),
                (t1 - t0) / 1_000_000,
                (t2 - t1) / 1_000_000,
                s.events(),
                s.packets().sent(),
                s.simulatedNs(),
                s.fct().meanNs(),
                s.fct().maxNs(),
                s.messages().completed(),
                s.messages().total(),
                peakHeapMb());
    }

    private static long usedHeapMb() {
        Runtime rt = Runtime.getRuntime();
        return (rt.totalMemory() - rt.freeMemory()) >> 20;
    }

    private static long peakHeapMb() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak >> 20;
    }
}
