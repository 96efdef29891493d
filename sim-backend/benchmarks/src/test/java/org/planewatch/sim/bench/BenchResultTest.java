package org.planewatch.sim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchResultTest {

    @Test
    void lineHasTheDocumentedFieldsInOrderAndReadsBack() {
        BenchResult result = new BenchResult(128, 210, 970_000, 62_720, 196_000_000L, 185_000, 196_000, 45);

        assertEquals(
                "RESULT hosts=128 wallMs=210 events=970000 dataPkts=62720 simNs=196000000 meanFctNs=185000 "
                        + "tailFctNs=196000 peakHeapMb=45",
                result.line());
        assertEquals(result, BenchResult.parse(result.line()));
    }

    @Test
    void medianIsTheMiddleRunByWallTime() {
        BenchResult fast = new BenchResult(16, 100, 1, 1, 1, 1, 1, 1);
        BenchResult middle = new BenchResult(16, 150, 2, 2, 2, 2, 2, 2);
        BenchResult slow = new BenchResult(16, 900, 3, 3, 3, 3, 3, 3);

        assertEquals(middle, BenchResult.medianByWallTime(List.of(slow, fast, middle)));
    }

    @Test
    void rejectsLinesWithMissingFields() {
        assertEquals(
                "missing peakHeapMb in: RESULT hosts=1 wallMs=1 events=1 dataPkts=1 simNs=1 meanFctNs=1 tailFctNs=1",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> BenchResult.parse(
                                        "RESULT hosts=1 wallMs=1 events=1 dataPkts=1 simNs=1 meanFctNs=1 tailFctNs=1"))
                        .getMessage());
    }
}
