package org.planewatch.sim.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code planewatch-sim.jar}: the headless simulator commands. Exit status: 0 ok,
 * 2 bad arguments or bad input files (one message, no stack trace), 1 the run itself failed.
 */
@Command(
        name = "planewatch-sim",
        mixinStandardHelpOptions = true,
        version = "planewatch-sim 0.1.0",
        description = "Packet-level simulator of a multi-plane MRC fabric.",
        subcommands = {RunCommand.class, MovedCommand.class})
public final class SimMain implements Runnable {

    public static final int EXIT_OK = 0;
    public static final int EXIT_RUN_FAILED = 1;
    public static final int EXIT_BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests drive it with their own out and err writers. */
    public static CommandLine commandLine() {
        return reportingRunFailures(new CommandLine(new SimMain()));
    }

    /** {@code commandLine} with the simulator's handling of a failed run: one line, the trace, status 1. */
    public static CommandLine reportingRunFailures(CommandLine commandLine) {
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            PrintWriter err = failed.getErr();
            err.println("planewatch-sim: the run failed: " + exception);
            exception.printStackTrace(err);
            err.flush();
            return EXIT_RUN_FAILED;
        });
        return commandLine;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
