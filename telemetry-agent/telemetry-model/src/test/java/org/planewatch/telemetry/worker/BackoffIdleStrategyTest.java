package org.planewatch.telemetry.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackoffIdleStrategyTest {

    private final List<Long> parks = new ArrayList<>();
    private final BackoffIdleStrategy idle = new BackoffIdleStrategy(1_000, 8_000, parks::add);

    @Test
    void parksTwiceAsLongEachTimeNothingHappensUpToTheLongest() {
        for (int i = 0; i < 6; i++) {
            idle.idle(Long.MAX_VALUE);
        }
        assertEquals(List.of(1_000L, 2_000L, 4_000L, 8_000L, 8_000L, 8_000L), parks);
    }

    @Test
    void workStartsTheBackoffOver() {
        idle.idle(Long.MAX_VALUE);
        idle.idle(Long.MAX_VALUE);
        idle.idle(Long.MAX_VALUE);
        idle.reset();
        idle.idle(Long.MAX_VALUE);
        assertEquals(List.of(1_000L, 2_000L, 4_000L, 1_000L), parks);
    }

    @Test
    void neverParksPastTheWorkersDeadlineAndNotAtAllWhenItIsDue() {
        idle.idle(Long.MAX_VALUE);
        idle.idle(1_500); // would be 2 000
        idle.idle(0); // due now
        idle.idle(-7); // overdue
        idle.idle(Long.MAX_VALUE);
        assertEquals(List.of(1_000L, 1_500L, 8_000L), parks);
    }

    @Test
    void aFixedParkIsTheSameEveryTime() {
        BackoffIdleStrategy fixed = new BackoffIdleStrategy(5_000, 5_000, parks::add);
        fixed.idle(Long.MAX_VALUE);
        fixed.idle(Long.MAX_VALUE);
        fixed.idle(Long.MAX_VALUE);
        assertEquals(List.of(5_000L, 5_000L, 5_000L), parks);
    }

    @Test
    void boundsThatCannotWorkAreRejectedWithBothValues() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(2_000, 1_000));
        assertTrue(e.getMessage().contains("min 2000 ns, max 1000 ns"), e.getMessage());
    }

    @Test
    void aManualClockMovesOnlyForwardAndOnlyWhenTold() {
        ManualNanoClock clock = new ManualNanoClock(42);
        assertEquals(42, clock.nanoTime());
        clock.advance(Duration.ofMillis(3));
        assertEquals(3_000_042, clock.nanoTime());
        assertThrows(IllegalArgumentException.class, () -> clock.advance(-1));
    }
}
