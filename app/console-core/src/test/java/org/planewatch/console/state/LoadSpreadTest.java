package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;

class LoadSpreadTest {
    @Test
    void selectedMedianIsTheSortedArraysMiddleForAnySizeAndManyEqualValues() {
        Random random = new Random(7);
        for (int trial = 0; trial < 2_000; trial++) {
            int n = 1 + random.nextInt(300);
            // Few distinct values in most trials: a quiet plane's links all sit at the same utilization.
            int distinct = trial % 3 == 0 ? n : 1 + random.nextInt(4);
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = random.nextInt(distinct) / 10.0;
            }
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            LoadSpread spread = LoadSpread.of(values);
            assertEquals(sorted[n / 2], spread.median(), "median of " + Arrays.toString(values));
            assertEquals(sorted[0], spread.min());
            assertEquals(sorted[n - 1], spread.max());
        }
    }

    @Test
    void aSpreadOfAnArraysFirstValuesIgnoresWhatAnEarlierUseLeftBehindThem() {
        Random random = new Random(11);
        double[] scratch = new double[64];
        for (int trial = 0; trial < 500; trial++) {
            int n = 1 + random.nextInt(scratch.length);
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = trial % 5 == 0 && i == n / 3 ? Double.NaN : random.nextInt(10) / 10.0;
            }
            // What the previous trial left in the scratch array stays beyond n: it must not count.
            System.arraycopy(values, 0, scratch, 0, n);
            assertEquals(LoadSpread.of(values), LoadSpread.ofFirst(scratch, n), Arrays.toString(values));
        }
    }

    @Test
    void ofLeavesTheCallersArrayAsItWas() {
        double[] values = {0.9, 0.1, 0.5, 0.3};
        LoadSpread spread = LoadSpread.of(values);
        assertEquals(0.5, spread.median());
        assertEquals(0.45, spread.mean(), 1e-12);
        assertEquals(0.9, values[0]);
        assertEquals(0.3, values[3]);
    }

    @Test
    void anUnknownValueMakesTheMeanUnknownAndSortsLastAsBefore() {
        LoadSpread spread = LoadSpread.of(new double[] {0.2, Double.NaN, 0.1});
        assertEquals(0.1, spread.min());
        assertEquals(0.2, spread.median());
        assertEquals(Double.NaN, spread.max());
        assertEquals(Double.NaN, spread.mean());
    }
}
