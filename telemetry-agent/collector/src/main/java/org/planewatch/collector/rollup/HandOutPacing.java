package org.planewatch.collector.rollup;

/**
 * When a per-device task hands out its changes: once a second, as the rollups are written, unless
 * handing out took long, and then only after ten times as long. A hand-out walks every device and
 * link the task holds (ADR 0120 lists what is still proportional to them): while the initial states
 * of the full fabric arrived, one took most of a second for tasks of thousands of devices, the stream
 * thread spent its time handing out instead of reading, and the rollups' consumer lag grew without
 * bound. Paced, a hand-out takes at most a tenth of the thread's time; the rollups are then written
 * less often, which their age shows (the plane rollups' timestamps, /metrics), instead of falling
 * further behind. Not thread-safe: the task's thread.
 */
public final class HandOutPacing {
    /** How often changes are handed out when handing out is cheap. */
    static final long PERIOD_MILLIS = 1_000;

    /** A hand-out may take one part in this many of the task's time. */
    static final int SHARE = 10;

    private long nextAtMillis = Long.MIN_VALUE;

    /** Whether a hand-out is due at {@code nowMillis}. */
    public boolean due(long nowMillis) {
        return nowMillis >= nextAtMillis;
    }

    /**
     * A hand-out began at {@code startedMillis} and took {@code tookNanos}. When ten times that is
     * within the period, the next is due at the next tick (the ticks keep the once-a-second cadence,
     * late ones included); else not before ten times that from the start.
     */
    public void handedOut(long startedMillis, long tookNanos) {
        long paced = tookNanos / 1_000_000 * SHARE;
        nextAtMillis = paced <= PERIOD_MILLIS ? Long.MIN_VALUE : startedMillis + paced;
    }
}
