package org.planewatch.console.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javafx.animation.AnimationTimer;
import javafx.scene.Scene;

/**
 * What the benchmarks that open the window share: the interval between pulses of the JavaFX
 * animation clock (a long one is a frame the screen did not get), percentiles of frame figures,
 * and the refusal to overwrite an output file.
 */
final class FrameStats {
    private final long[] intervals = new long[16_384];
    private final long[] pulseWork = new long[16_384];
    private volatile int count;
    private volatile int workCount;
    private long pulseStarted;

    /** Starts timing the pulses; call on the FX thread before any other animation timer starts. */
    void start() {
        new AnimationTimer() {
            private long last;

            @Override
            public void handle(long now) {
                pulseStarted = System.nanoTime();
                if (last != 0) {
                    intervals[count++ % intervals.length] = now - last;
                }
                last = now;
            }
        }.start();
    }

    /**
     * Also times each pulse's work on the JavaFX thread up to the end of its layout pass (the
     * animation timers, the view model's frame, CSS and layout; not the drawing, which Prism does on
     * its render thread): what the frame-work figure alone leaves out. Call on the FX thread.
     */
    void start(Scene scene) {
        start();
        scene.addPostLayoutPulseListener(() -> {
            if (pulseStarted != 0) {
                pulseWork[workCount++ % pulseWork.length] = System.nanoTime() - pulseStarted;
                pulseStarted = 0;
            }
        });
    }

    /** Forgets the pulses so far (after a warm-up); call on the FX thread. */
    void reset() {
        count = 0;
        workCount = 0;
    }

    long[] intervals() {
        return Arrays.copyOf(intervals, Math.min(count, intervals.length));
    }

    /** Pulse work through layout in nanoseconds, when started with a scene. */
    long[] pulseWork() {
        return Arrays.copyOf(pulseWork, Math.min(workCount, pulseWork.length));
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
