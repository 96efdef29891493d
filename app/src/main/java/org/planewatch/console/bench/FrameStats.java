package org.planewatch.console.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javafx.animation.AnimationTimer;

/**
 * What the benchmarks that open the window share: the interval between pulses of the JavaFX
 * animation clock (a long one is a frame the screen did not get), percentiles of frame figures,
 * and the refusal to overwrite an output file.
 */
final class FrameStats {
    private final long[] intervals = new long[16_384];
    private volatile int count;

    /** Starts timing the pulses; call on the FX thread. */
    void start() {
        new AnimationTimer() {
            private long last;

            @Override
            public void handle(long now) {
                if (last != 0) {
                    intervals[count++ % intervals.length] = now - last;
                }
                last = now;
            }
        }.start();
    }

    /** Forgets the pulses so far (after a warm-up); call on the FX thread. */
    void reset() {
        count = 0;
    }

    long[] intervals() {
        return Arrays.copyOf(intervals, Math.min(count, intervals.length));
    }

    /** The percentile of nanosecond figures, in milliseconds; NaN when there are none. */
    static double pct(long[] values, int percentile) {
        if (values.length == 0) {
            return Double.NaN;
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int index = Math.min(sorted.length - 1, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1e6;
    }

    /** Exits with a message when {@code file} exists: recordings are never overwritten. */
    static void requireNew(Path file) {
        if (Files.exists(file)) {
            System.err.println(file + " exists; choose a new file (recordings are never overwritten)");
            System.exit(2);
        }
    }
}
