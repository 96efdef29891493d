package org.planewatch.sim.perf;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.bench.BenchSetup;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.workload.ConnectionMatrix;
import org.planewatch.sim.workload.ConnectionMatrixReader;

/**
 * Event rate of the simulator core on an htsim connection matrix: runs it {@code runs} times in
 * one JVM and prints wall and thread-CPU time of each run loop (CPU time stays meaningful on a
 * shared, loaded machine). The user-facing benchmark is {@code planewatch-sim-bench.jar bench}.
 *
 * <p>{@code java -cp sim-backend/target/planewatch-sim-bench.jar
 * org.planewatch.sim.perf.EventRateBench <matrix.cm> [uec|mrc] [planes] [runs]}
 */
public final class EventRateBench {
    private EventRateBench() {}

    public static void main(String[] args) throws Exception {
        Path matrixFile = Path.of(args[0]);
        TransportMode mode = args.length > 1 ? TransportMode.parse(args[1]) : TransportMode.UEC;
        int planes = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        ConnectionMatrix matrix = ConnectionMatrixReader.read(matrixFile);
        BenchSetup setup = new BenchSetup("leafspine-16x16", mode, planes, BenchSetup.DEFAULT_SEED);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int run = 0; run < runs; run++) {
            Simulation sim = Simulation.build(
                    setup.scenario(matrix, matrixFile.getFileName().toString()));
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            sim.runToCompletion(Long.MAX_VALUE);
            cpu = threads.getCurrentThreadCpuTime() - cpu;
            wall = System.nanoTime() - wall;
            RunSummary s = sim.summary();
            System.out.printf(
                    "run %d hosts=%d events=%d wallMs=%d cpuMs=%d Mev/s(cpu)=%.2f meanFctNs=%d tailFctNs=%d"
                            + " trace=%016x%n",
                    run,
                    matrix.nodes(),
                    s.events(),
                    wall / 1_000_000,
                    cpu / 1_000_000,
                    s.events() * 1e3 / cpu,
                    s.fct().meanNs(),
                    s.fct().maxNs(),
                    s.traceDigest());
        }
    }
}
