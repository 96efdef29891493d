package org.planewatch.console.headless;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.Recorder;

/**
 * SIGKILL of the headless recorder ({@code planewatch record}, a process of its own, recording a
 * simulated agent on loopback): the recording it leaves behind opens, says it ended abruptly, and
 * holds the data up to at most {@link #MAX_LOSS_MILLIS} before the kill. The figures of
 * docs/benchmarks.md come from the slow version: {@code ./mvnw -B -o -Pslow -pl app -am verify
 * -Dtest=RecorderKillTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class RecorderKillTest {
    static final long MAX_LOSS_MILLIS = Recorder.ABRUPT_END_LOSS_MILLIS;

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void killedRecorderLosesAtMost250MillisecondsBeforeTheKill() throws Exception {
        try (KilledRecorder.Agent agent = KilledRecorder.startAgent()) {
            KilledRecorder.Kill kill = KilledRecorder.recordAndKill(agent.port(), dir, "killed", 1_500);
            assertFalse(
                    kill.recordedAfterDeath(),
                    "the recording holds an arrival at " + kill.lastRecordedMillis() + ", after the recorder was"
                            + " seen dead at " + kill.deadMillis() + "\n" + kill.childOutput());
            assertTrue(
                    kill.lostMillis() <= MAX_LOSS_MILLIS,
                    "the last recorded arrival is " + kill.lostMillis()
                            + " ms before the kill (the largest gap between batches in" + " the 5 s before it: "
                            + kill.largestGapMillis() + " ms)\n" + kill.childOutput());
            assertTrue(kill.reportedAbrupt(), "the recording says it ended abruptly");
        }
    }

    @Test
    @Tag("slow")
    @Timeout(1_200)
    void killedRecorderLosesAtMost250MillisecondsInEveryOfTwentyRuns() throws Exception {
        List<Long> lost = new ArrayList<>();
        Random random = new Random(16);
        try (KilledRecorder.Agent agent = KilledRecorder.startAgent()) {
            for (int run = 0; run < 20; run++) {
                KilledRecorder.Kill kill =
                        KilledRecorder.recordAndKill(agent.port(), dir, "killed-" + run, 500 + random.nextInt(4_000));
                lost.add(kill.lostMillis());
                assertFalse(kill.recordedAfterDeath(), "run " + run + " recorded after the recorder was dead");
                assertTrue(kill.reportedAbrupt(), "the recording says it ended abruptly");
                System.out.println("run " + run + ": lost " + kill.lostMillis()
                        + " ms; largest gap between batches in the 5 s before" + " the kill " + kill.largestGapMillis()
                        + " ms");
            }
        }
        List<Long> sorted = lost.stream().sorted().toList();
        System.out.printf(
                "SIGKILL loss over %d runs: min %d ms, median %d ms, max %d ms%n",
                sorted.size(), sorted.getFirst(), sorted.get(sorted.size() / 2), sorted.getLast());
        assertTrue(sorted.getLast() <= MAX_LOSS_MILLIS, "losses " + lost);
    }
}
