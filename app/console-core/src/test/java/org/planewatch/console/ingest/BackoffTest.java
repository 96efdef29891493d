package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BackoffTest {
    private final Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofMillis(1600), 0.5, new Random(1));

    @Test
    void waitsDoubleWithinTheJitterBandUpToTheCap() {
        long[] ceilings = {100, 200, 400, 800, 1600, 1600, 1600};
        for (long ceiling : ceilings) {
            long wait = backoff.next().toMillis();
            assertTrue(
                    wait >= ceiling / 2 && wait <= ceiling,
                    "wait " + wait + " outside [" + ceiling / 2 + ", " + ceiling + "]");
        }
    }

    @Test
    void jitterSpreadsTheWaits() {
        long distinct = IntStream.range(0, 20)
                .mapToLong(i -> {
                    backoff.reset();
                    return backoff.next().toMillis();
                })
                .distinct()
                .count();
        assertTrue(distinct > 5, "only " + distinct + " distinct first waits");
    }

    @Test
    void startsOverAfterASuccess() {
        for (int i = 0; i < 6; i++) {
            backoff.next();
        }
        backoff.reset();
        assertTrue(backoff.next().toMillis() <= 100);
    }

    @Test
    void aTargetLiveRecentlyWaitsAtMostTheLowCapHoweverLongItHasBeenAway() {
        Backoff standard = Backoff.standard(new Random(5));
        for (int i = 0; i < 40; i++) {
            long wait = standard.next(true).toMillis();
            assertTrue(wait >= 125 && wait <= 500, "wait " + wait + " ms at attempt " + i);
        }
        long longest = 0;
        for (int i = 0; i < 10; i++) {
            longest = Math.max(longest, standard.next(false).toMillis());
        }
        assertTrue(longest > 7_000 && longest <= 15_000, "a target away for long backs off to 15 s: " + longest);
    }

    @Test
    void rejectsAJitterOutsideZeroToOne() {
        var error = assertThrows(
                IllegalArgumentException.class,
                () -> new Backoff(Duration.ofMillis(1), Duration.ofMillis(2), 1.5, new Random()));
        assertEquals("backoff jitter must be in [0, 1], got 1.5", error.getMessage());
    }
}
