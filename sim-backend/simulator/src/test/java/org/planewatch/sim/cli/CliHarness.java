package org.planewatch.sim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the real command line in-process and keeps what it printed. */
public record CliHarness(int exitCode, String out, String err) {

    /** The simulator's command line ({@code planewatch-sim.jar}). */
    static CliHarness run(String... args) {
        return run(SimMain.commandLine(), args);
    }

    /** Any configured command line, e.g. the benchmarks' ({@code planewatch-sim-bench.jar}). */
    public static CliHarness run(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = commandLine
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new CliHarness(exitCode, out.toString(), err.toString());
    }
}
