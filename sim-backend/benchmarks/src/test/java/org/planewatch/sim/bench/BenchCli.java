package org.planewatch.sim.bench;

import org.planewatch.sim.cli.CliHarness;

/** The benchmarks' command line ({@code planewatch-sim-bench.jar}) run in-process, like the simulator's. */
final class BenchCli {

    private BenchCli() {}

    static CliHarness run(String... args) {
        return CliHarness.run(BenchMain.commandLine(), args);
    }
}
