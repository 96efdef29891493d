package org.planewatch.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    @Test
    void popsInTimeOrderAndEqualTimesInSchedulingOrder() {
        EventQueue queue = new EventQueue(4);
        Random random = new Random(1);
        List<long[]> pushed = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            long time = random.nextInt(500);
            queue.push(time, i, i);
            pushed.add(new long[] {time, i});
        }
        pushed.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (long[] expected : pushed) {
            assertEquals(expected[0], queue.peekTime());
            assertEquals(expected[1], queue.pop());
        }
        assertTrue(queue.isEmpty());
    }

    @Test
    void engineRunsUntilTimeAndAdvancesClock() {
        Engine engine = new Engine();
        List<Integer> seen = new ArrayList<>();
        engine.register(EventKind.WORKLOAD, (target, arg) -> seen.add(target * 100 + arg));
        engine.schedule(30, EventKind.WORKLOAD, 3, 1);
        engine.schedule(10, EventKind.WORKLOAD, 1, 2);
        engine.schedule(10, EventKind.WORKLOAD, 2, 3);

        assertEquals(2, engine.runUntil(20));
        assertEquals(20, engine.now());
        assertEquals(List.of(102, 203), seen);
        assertTrue(engine.step());
        assertEquals(30, engine.now());
        assertEquals(false, engine.step());
        assertThrows(IllegalArgumentException.class, () -> engine.schedule(5, EventKind.WORKLOAD, 0, 0));
    }

    @Test
    void delayLanesKeepTheHeapOnlyOrder() {
        List<Long> withLanes = trace(true);
        List<Long> heapOnly = trace(false);
        assertEquals(20_000, heapOnly.size());
        assertEquals(heapOnly, withLanes);
    }

    /** Events fan out at random: half at the lane delays 5 and 7, half at arbitrary delays. */
    private static List<Long> trace(boolean lanes) {
        Engine engine = new Engine();
        if (lanes) {
            engine.addDelayLane(5);
            engine.addDelayLane(7);
        }
        Random random = new Random(3);
        List<Long> seen = new ArrayList<>();
        int[] scheduled = {0};
        engine.register(EventKind.WORKLOAD, (target, arg) -> {
            seen.add(engine.now() * 100_000 + target);
            for (int k = 0; k < 2 && scheduled[0] < 20_000; k++) {
                int choice = random.nextInt(4);
                long delay = choice == 0 ? 5 : choice == 1 ? 7 : random.nextInt(12);
                engine.schedule(engine.now() + delay, EventKind.WORKLOAD, scheduled[0]++, 0);
            }
        });
        engine.schedule(0, EventKind.WORKLOAD, scheduled[0]++, 0);
        while (engine.step()) {
            // run to the end
        }
        return seen;
    }

    @Test
    void rngStreamsAreReproducibleAndIndependent() {
        long[] a = {Rng.seed(7, 1, 0), Rng.seed(7, 1, 1)};
        long[] b = {Rng.seed(7, 1, 0), Rng.seed(7, 1, 1)};
        for (int i = 0; i < 100; i++) {
            assertEquals(Rng.next(a, 0), Rng.next(b, 0));
        }
        assertTrue(Rng.next(a, 1) != Rng.next(a, 0));
        for (int i = 0; i < 1000; i++) {
            double d = Rng.nextDouble(a, 0);
            assertTrue(d >= 0 && d < 1);
            int n = Rng.nextInt(a, 1, 7);
            assertTrue(n >= 0 && n < 7);
        }
    }
}
