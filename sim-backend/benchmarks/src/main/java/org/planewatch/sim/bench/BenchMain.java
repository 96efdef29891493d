package org.planewatch.sim.bench;

import org.planewatch.sim.cli.SimMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code planewatch-sim-bench.jar}, the simulator's benchmarks (never shipped):
 * {@code java -jar sim-backend/target/planewatch-sim-bench.jar bench ...}. Exit statuses as the
 * simulator's: 0 ok, 2 bad arguments or input, 1 the run failed.
 */
@Command(
        name = "planewatch-sim-bench",
        mixinStandardHelpOptions = true,
        version = "planewatch-sim-bench 0.1.0",
        description = "Benchmarks of the MRC fabric simulator.",
        subcommands = BenchCommand.class)
public final class BenchMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests drive it with their own out and err writers. */
    public static CommandLine commandLine() {
        return SimMain.reportingRunFailures(new CommandLine(new BenchMain()));
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
