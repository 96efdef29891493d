package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;

class PacedRunTest {

    /**
     * A simulation that processes one event per simulated nanosecond, finishes its workload at
     * {@code completeAtPs}, and costs {@code wallNsPerEvent} of the shared fake wall clock per event.
     */
    private static final class CountingSimulation implements RunnableSimulation {
        final long[] wallClock;
        final long wallNsPerEvent;
        final long completeAtPs;
        final long lastEventPs;
        long nowPs;
        long events;

        CountingSimulation(long[] wallClock, long wallNsPerEvent, long completeAtPs, long lastEventPs) {
            this.wallClock = wallClock;
            this.wallNsPerEvent = wallNsPerEvent;
            this.completeAtPs = completeAtPs;
            this.lastEventPs = lastEventPs;
        }

        @Override
        public long nowPs() {
            return nowPs;
        }

        @Override
        public void advance(long timePs, boolean stopWhenComplete) {
            long target = Math.min(
                    stopWhenComplete && nowPs < completeAtPs ? Math.min(timePs, completeAtPs) : timePs, lastEventPs);
            long processed = Math.max(0, (target - nowPs) / 1_000);
            events += processed;
            wallClock[0] += processed * wallNsPerEvent;
            nowPs = Math.max(nowPs, target);
        }

        @Override
        public boolean workloadComplete() {
            return nowPs >= completeAtPs;
        }

        @Override
        public long eventsProcessed() {
            return events;
        }

        @Override
        public RunSummary.Messages messages() {
            return new RunSummary.Messages(4, workloadComplete() ? 4 : 0, 4_000, workloadComplete() ? 4_000 : 0, 0, 0);
        }
    }

    @Test
    void printsProgressAtMostOncePerWallSecond() {
        long[] clock = {0};
        CountingSimulation sim = new CountingSimulation(clock, 100, Long.MAX_VALUE, Long.MAX_VALUE);
        StringWriter progress = new StringWriter();

        PacedRun.Outcome outcome =
                new PacedRun(new PrintWriter(progress), () -> clock[0]).run(sim, 50_000_000_000L, false);

        List<String> lines = progress.toString().lines().toList();
        long wallSeconds = outcome.wallNanos() / PacedRun.PROGRESS_INTERVAL_NS;
        assertTrue(
                lines.size() <= wallSeconds && lines.size() >= wallSeconds - 1,
                lines.size() + " lines in " + outcome.wallNanos() + " ns of wall time");
        assertTrue(
                lines.getFirst().matches("sim [0-9.]+ us \\| [0-9,]+ events \\| [0-9.]+ M events/s \\| messages 0/4"),
                lines.getFirst());
        assertEquals(50_000_000_000L, outcome.endPs());
    }

    @Test
    void stopsAtTheEndTimeEvenWhenTheWorkloadCompletedEarlier() {
        long[] clock = {0};
        CountingSimulation sim = new CountingSimulation(clock, 1, 1_000_000, Long.MAX_VALUE);

        PacedRun.Outcome outcome = new PacedRun(null, () -> clock[0]).run(sim, 7_000_000, false);

        assertEquals(7_000_000, outcome.endPs());
        assertTrue(outcome.workloadComplete());
    }

    @Test
    void stopsAtCompletionWhenAskedTo() {
        long[] clock = {0};
        CountingSimulation sim = new CountingSimulation(clock, 1, 3_000_000, Long.MAX_VALUE);

        PacedRun.Outcome outcome = new PacedRun(null, () -> clock[0]).run(sim, 1_000_000_000_000L, true);

        assertTrue(outcome.workloadComplete());
        assertEquals(3_000_000, outcome.endPs());
    }

    @Test
    void stopsWhenNothingIsLeftToSimulate() {
        long[] clock = {0};
        CountingSimulation sim = new CountingSimulation(clock, 1, Long.MAX_VALUE, 5_000_000);

        PacedRun.Outcome outcome = new PacedRun(null, () -> clock[0]).run(sim, 1_000_000_000_000L, true);

        assertEquals(5_000_000, outcome.endPs());
    }
}
