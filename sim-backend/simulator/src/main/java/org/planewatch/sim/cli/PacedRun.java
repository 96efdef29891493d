package org.planewatch.sim.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.planewatch.sim.RunSummary;

/**
 * Runs a simulation in slices of simulated time so that a progress line can be printed at most once
 * per wall-clock second without touching the engine's hot loop. Slices adapt to take a few tens of
 * milliseconds of wall time each, whatever the simulation's speed.
 */
public final class PacedRun {

    static final long PROGRESS_INTERVAL_NS = 1_000_000_000L;
    private static final long FIRST_SLICE_PS = 1_000_000L;
    private static final long MIN_SLICE_PS = 1_000L;
    private static final long MAX_SLICE_PS = 1_000_000_000_000L;
    private static final long SLICE_TOO_SHORT_NS = 10_000_000L;
    private static final long SLICE_TOO_LONG_NS = 100_000_000L;

    /** How a run ended. */
    public record Outcome(long wallNanos, boolean workloadComplete, long endPs) {
        public long wallMs() {
            return wallNanos / 1_000_000;
        }
    }

    private final PrintWriter progress;
    private final LongSupplier wallClock;

    /**
     * @param progress where progress lines go; null for none
     * @param wallClock wall time in nanoseconds
     */
    PacedRun(PrintWriter progress, LongSupplier wallClock) {
        this.progress = progress;
        this.wallClock = wallClock;
    }

    /**
     * Runs until {@code endPs}, or earlier once the workload completes when {@code stopWhenComplete},
     * or when nothing is left to simulate.
     */
    Outcome run(RunnableSimulation sim, long endPs, boolean stopWhenComplete) {
        long start = wallClock.getAsLong();
        long lastPrint = start;
        long eventsAtLastPrint = sim.eventsProcessed();
        long slicePs = FIRST_SLICE_PS;
        while (sim.nowPs() < endPs && !(stopWhenComplete && sim.workloadComplete())) {
            long nowBefore = sim.nowPs();
            long eventsBefore = sim.eventsProcessed();
            long sliceStart = wallClock.getAsLong();
            sim.advance(nowBefore + Math.min(slicePs, endPs - nowBefore), stopWhenComplete);
            long sliceEnd = wallClock.getAsLong();
            if (sim.nowPs() == nowBefore && sim.eventsProcessed() == eventsBefore) {
                break;
            }
            slicePs = adapt(slicePs, sliceEnd - sliceStart);
            if (progress != null && sliceEnd - lastPrint >= PROGRESS_INTERVAL_NS) {
                long events = sim.eventsProcessed();
                printProgress(sim, (events - eventsAtLastPrint) * 1e9 / (sliceEnd - lastPrint));
                lastPrint = sliceEnd;
                eventsAtLastPrint = events;
            }
        }
        return new Outcome(wallClock.getAsLong() - start, sim.workloadComplete(), sim.nowPs());
    }

    private static long adapt(long slicePs, long tookNs) {
        if (tookNs < SLICE_TOO_SHORT_NS) {
            return Math.min(slicePs * 2, MAX_SLICE_PS);
        }
        if (tookNs > SLICE_TOO_LONG_NS) {
            return Math.max(slicePs / 2, MIN_SLICE_PS);
        }
        return slicePs;
    }

    private void printProgress(RunnableSimulation sim, double eventsPerSecond) {
        RunSummary.Messages messages = sim.messages();
        progress.println(String.format(
                Locale.ROOT,
                "sim %.3f us | %,d events | %.2f M events/s | messages %d/%d",
                sim.nowPs() / 1e6,
                sim.eventsProcessed(),
                eventsPerSecond / 1e6,
                messages.completed(),
                messages.total()));
        progress.flush();
    }
}
