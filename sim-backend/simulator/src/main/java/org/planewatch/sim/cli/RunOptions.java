package org.planewatch.sim.cli;

import java.io.PrintWriter;
import org.planewatch.sim.config.Limits;
import picocli.CommandLine.Option;

/** Options of every command that runs a simulation (a picocli mixin; the bench command's too). */
public final class RunOptions {

    @Option(
            names = "--max-sim-us",
            paramLabel = "<us>",
            defaultValue = "10000000",
            description = "cap on simulated time for runs until completion (default: ${DEFAULT-VALUE} us)")
    long maxSimUs;

    @Option(names = "--quiet", description = "no progress lines on stderr")
    boolean quiet;

    /** @throws IllegalArgumentException for a cap that is not positive or beyond the longest simulated time */
    public void validate() {
        long maxUs = Limits.MAX_TIME_NS / 1_000;
        if (maxSimUs <= 0 || maxSimUs > maxUs) {
            throw new IllegalArgumentException("--max-sim-us must be > 0 and <= " + Limits.grouped(maxUs)
                    + " (1000 s, the longest simulated time), got " + maxSimUs);
        }
    }

    public long maxSimUs() {
        return maxSimUs;
    }

    public boolean quiet() {
        return quiet;
    }

    public long maxSimPs() {
        return Math.multiplyExact(maxSimUs, 1_000_000L);
    }

    public PacedRun pacer(PrintWriter err) {
        return new PacedRun(quiet ? null : err, System::nanoTime);
    }
}
