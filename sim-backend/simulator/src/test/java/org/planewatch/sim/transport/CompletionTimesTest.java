package org.planewatch.sim.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CompletionTimesTest {

    private static CompletionTimes filled(int capacity, int n) {
        CompletionTimes times = new CompletionTimes(capacity, 42);
        for (int i = 1; i <= n; i++) {
            times.add(i * 10L);
        }
        return times;
    }

    @Test
    void keepsEveryTimeUpToTheCapacity() {
        CompletionTimes times = filled(64, 40);

        long[] expected = new long[40];
        Arrays.setAll(expected, i -> (i + 1) * 10L);
        assertArrayEquals(expected, times.kept());
        assertEquals(400, times.maxNs());
        assertEquals(205, times.meanNs());
    }

    @Test
    void pastTheCapacityKeepsASeededSampleWithExactCountMaxAndMean() {
        CompletionTimes times = filled(64, 100_000);

        long[] kept = times.kept();
        assertEquals(64, kept.length);
        assertEquals(100_000, times.count());
        assertEquals(1_000_000, times.maxNs());
        assertEquals(500_005, times.meanNs());
        assertTrue(Arrays.stream(kept).allMatch(ns -> ns % 10 == 0 && ns >= 10 && ns <= 1_000_000));
        assertTrue(Arrays.stream(kept).filter(ns -> ns > 640).count() > 32, "later messages replace early ones");
        assertArrayEquals(kept, filled(64, 100_000).kept(), "the same run keeps the same sample");
    }
}
