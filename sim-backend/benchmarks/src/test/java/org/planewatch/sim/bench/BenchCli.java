package org.planewatch.sim.bench;

import org.planewatch.sim.cli.CliHarness;

/** The benchmarks' command line ({@code planewatch-sim-bench.jar}) run in-process, as the simulator's tests run theirs. */
final class BenchCli {

    private BenchCli() {}

    static CliHarness run(String... args) {
        return CliHarness.run(BenchMain.commandLine(), args);
    }
}
