package org.planewatch.sim.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeapPeakMeterTest {

    private static final long ARRAY_BYTES = 64L << 20;

    @Test
    void peakCoversMemoryHeldNow() {
        try (HeapPeakMeter meter = HeapPeakMeter.start()) {
            long[] held = new long[(int) (ARRAY_BYTES / 8)];
            held[held.length - 1] = 1;
            long peak = meter.peakBytes();
            assertTrue(peak >= ARRAY_BYTES, "peak " + peak + " B must cover the live 64 MiB array");
            assertTrue(held[held.length - 1] == 1);
        }
    }

    @Test
    void peakRemembersMemoryACollectionFreed() throws InterruptedException {
        try (HeapPeakMeter meter = HeapPeakMeter.start()) {
            long[] garbage = new long[(int) (ARRAY_BYTES / 8)];
            garbage[0] = 1;
            garbage = null;
            System.gc();
            // GC notifications arrive on another thread: wait for the one of this collection.
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (meter.peakBytes() < ARRAY_BYTES && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(
                    meter.peakBytes() >= ARRAY_BYTES,
                    "peak " + meter.peakBytes() + " B must include the array collected by System.gc()");
        }
    }
}
