package org.planewatch.telemetry.worker;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link NanoClock} that moves only when told to: tests advance it and check what a loop did in
 * that time, independent of how fast the machine is. Safe to read from the loop's thread while the
 * test's thread advances it.
 */
public final class ManualNanoClock implements NanoClock {
    private final AtomicLong now;

    public ManualNanoClock(long startNanos) {
        this.now = new AtomicLong(startNanos);
    }

    @Override
    public long nanoTime() {
        return now.get();
    }

    /** Moves the clock forward by {@code nanos} (not backward: a monotonic clock never does). */
    public void advance(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a monotonic clock cannot go back; advance by " + nanos + " ns");
        }
        now.addAndGet(nanos);
    }

    public void advance(Duration by) {
        advance(by.toNanos());
    }
}
