package org.planewatch.sim.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** Options of every command that runs a simulation (a picocli mixin). */
final class RunOptions {

    @Option(names = "--max-sim-us", paramLabel = "<us>", defaultValue = "10000000",
            description = "cap on simulated time for runs until completion (default: ${DEFAULT-VALUE} us)")
    long maxSimUs;

    @Option(names = "--quiet", description = "no progress lines on stderr")
    boolean quiet;

    /** @throws IllegalArgumentException for a cap that is not positive */
    void validate() {
        if (maxSimUs <= 0) {
            throw new IllegalArgumentException("--max-sim-us must be > 0, got " + maxSimUs);
        }
    }

    long maxSimPs() {
        return Math.multiplyExact(maxSimUs, 1_000_000L);
    }

    PacedRun pacer(PrintWriter err) {
        return new PacedRun(quiet ? null : err, System::nanoTime);
    }
}
