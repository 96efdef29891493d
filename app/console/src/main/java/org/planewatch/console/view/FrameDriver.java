package org.planewatch.console.view;

import javafx.animation.AnimationTimer;
import org.planewatch.console.viewmodel.MainViewModel;

/**
 * The one place the UI reads telemetry: once per JavaFX pulse it asks the view model for the newest
 * snapshot, and records how long that frame's work took (for the frame-time benchmark).
 */
public final class FrameDriver extends AnimationTimer {
    private final MainViewModel viewModel;
    private final long[] frameNanos = new long[4096];
    private long frames;

    public FrameDriver(MainViewModel viewModel) {
        this.viewModel = viewModel;
    }

    @Override
    public void handle(long now) {
        // Measures this frame's work for the benchmark: a measurement of the machine, not logic, so the
        // system clock on purpose (the pulse's own timestamp, {@code now}, is when the frame began).
        long start = System.nanoTime();
        viewModel.onFrame();
        frameNanos[(int) (frames++ % frameNanos.length)] = System.nanoTime() - start;
    }

    /** Work time of recent frames in nanoseconds (a ring of the last 4096). */
    public long[] recentFrameNanos() {
        int count = (int) Math.min(frames, frameNanos.length);
        long[] copy = new long[count];
        System.arraycopy(frameNanos, 0, copy, 0, count);
        return copy;
    }

    /** Forgets the frames so far (a benchmark's warm-up). FX thread only. */
    public void reset() {
        frames = 0;
    }

    public long frames() {
        return frames;
    }
}
