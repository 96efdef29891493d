package org.planewatch.collector.rollup;

import java.util.function.IntSupplier;

/**
 * When a per-device task hands out its changes: once a second, as the rollups are written, unless
 * handing out took long, and then only after ten times as long. A hand-out walks every device and
 * link the task holds (ADR 0120 lists what is still proportional to them): while the initial states
 * of the full fabric arrived, one took most of a second for tasks of thousands of devices, the stream
 * thread spent its time handing out instead of reading, and the rollups' consumer lag grew without
 * bound. Paced, hand-outs take at most a tenth of the thread's time; the rollups are then written
 * less often, which their age shows (the plane rollups' timestamps, /metrics), instead of falling
 * further behind. The tenth is the thread's, shared by every task it runs: each task on a thread of
 * six waits sixty times its hand-out's cost (a tenth each let six tasks spend 61 % of the thread's
 * samples handing out in full-scale run 8). A task's first hand-out is not paced (ADR 0155). Not
 * thread-safe: the task's thread.
 */
public final class HandOutPacing {
    /** How often changes are handed out when handing out is cheap. */
    static final long PERIOD_MILLIS = 1_000;

    /** Hand-outs may take one part in this many of their thread's time. */
    static final int SHARE = 10;

    private final IntSupplier sharers;

    private long nextAtMillis = Long.MIN_VALUE;

    /** Whether the task handed out before: its first hand-out sets no pace. */
    private boolean handedOutBefore;

    /** A task alone on its thread. */
    public HandOutPacing() {
        this(() -> 1);
    }

    /** @param sharers how many tasks, this one included, hand out on its thread now */
    public HandOutPacing(IntSupplier sharers) {
        this.sharers = sharers;
    }

    /** Whether a hand-out is due at {@code nowMillis}. */
    public boolean due(long nowMillis) {
        return nowMillis >= nextAtMillis;
    }

    /**
     * A hand-out began at {@code startedMillis} and took {@code tookNanos}. When ten times that, times
     * the tasks sharing the thread, is within the period, the next is due at the next tick (the ticks
     * keep the once-a-second cadence, late ones included); else not before that long from the start.
     * The task's first hand-out is due at the next tick whatever it cost: it hands out everything the
     * task holds (all of it new to the by-plane stage), once; the hand-outs after it hand out what
     * changed since, which its cost does not foretell. A task restarted at full scale with its
     * remembered leaves took 10 to 15 s over its first; paced by it, the next would have waited 15
     * minutes, and the rollups would have shown its devices as they were at the restart (ADR 0155).
     */
    public void handedOut(long startedMillis, long tookNanos) {
        if (!handedOutBefore) {
            handedOutBefore = true;
            nextAtMillis = Long.MIN_VALUE;
            return;
        }
        long paced = tookNanos / 1_000_000 * SHARE * Math.max(1, sharers.getAsInt());
        nextAtMillis = paced <= PERIOD_MILLIS ? Long.MIN_VALUE : startedMillis + paced;
    }
}
