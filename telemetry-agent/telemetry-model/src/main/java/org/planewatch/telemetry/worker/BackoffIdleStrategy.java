package org.planewatch.telemetry.worker;

import java.util.concurrent.locks.LockSupport;

/**
 * Parks the thread for {@code minParkNanos} after the first unit of work that did nothing, twice as
 * long after each further one, up to {@code maxParkNanos}, and never past the worker's next deadline.
 * A park ends early when the thread is interrupted (a runner being closed), so the bound on a park
 * is also the bound on how late the loop sees new work that nobody signals.
 */
public final class BackoffIdleStrategy implements IdleStrategy {

    /** How the thread waits: {@link LockSupport#parkNanos(long)} in production, recorded in tests. */
    @FunctionalInterface
    public interface Parker {
        void park(long nanos);
    }

    private final long minParkNanos;
    private final long maxParkNanos;
    private final Parker parker;
    private long nextParkNanos;

    public BackoffIdleStrategy(long minParkNanos, long maxParkNanos) {
        this(minParkNanos, maxParkNanos, LockSupport::parkNanos);
    }

    public BackoffIdleStrategy(long minParkNanos, long maxParkNanos, Parker parker) {
        if (minParkNanos < 1 || maxParkNanos < minParkNanos) {
            throw new IllegalArgumentException("parks must be at least 1 ns and the longest no shorter than the"
                    + " first; got min " + minParkNanos + " ns, max " + maxParkNanos + " ns");
        }
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
        this.parker = parker;
        this.nextParkNanos = minParkNanos;
    }

    @Override
    public void idle(long atMostNanos) {
        long park = Math.min(nextParkNanos, atMostNanos);
        nextParkNanos = Math.min(maxParkNanos, nextParkNanos * 2);
        if (park > 0) {
            parker.park(park);
        }
    }

    @Override
    public void reset() {
        nextParkNanos = minParkNanos;
    }
}
