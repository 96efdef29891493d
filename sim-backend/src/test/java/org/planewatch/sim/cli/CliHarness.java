package org.planewatch.sim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the real command line in-process and keeps what it printed. */
record CliHarness(int exitCode, String out, String err) {

    static CliHarness run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = SimMain.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new CliHarness(exitCode, out.toString(), err.toString());
    }
}
