package org.planewatch.collector.rollup;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What a per-device task's hand-out has still to forward, forwarded in slices of bounded work. A
 * task's first hand-out is everything it holds (at full scale some 260,000 links and roles for a task
 * of 11,000 devices): forwarded at once it held the stream thread shared by the collector's tasks for
 * 16 to 38 s, longer than the by-plane stage waits before it counts a task unheard (ADR 0156). Forwarded
 * in order: a hand-out's plane sums, which come first, leave with its first slice, so the sums the
 * task says it sent ({@link DevicePartials#planesAsSent}) are the ones it did. Not thread-safe: the
 * task's thread.
 */
public final class HandOutQueue {
    /** How many outputs are forwarded between two looks at the clock. */
    private static final int BETWEEN_LOOKS = 1_000;

    private final ArrayDeque<PerDeviceOutput> queued = new ArrayDeque<>();
    private final LongSupplier nanoClock;

    /** @param nanoClock the work's own cost is measured on it ({@link System#nanoTime} but in tests) */
    public HandOutQueue(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** Queues a hand-out's outputs after those still queued. */
    public void addAll(List<? extends PerDeviceOutput> outputs) {
        queued.addAll(outputs);
    }

    public boolean isEmpty() {
        return queued.isEmpty();
    }

    public int size() {
        return queued.size();
    }

    /**
     * Forwards queued outputs in order until {@code budgetNanos} of work is spent (looking at the clock
     * every thousand) or none is left, and returns how much was.
     */
    public long forwardFor(long budgetNanos, Consumer<PerDeviceOutput> forward) {
        long started = nanoClock.getAsLong();
        long spent = 0;
        while (!queued.isEmpty() && spent < budgetNanos) {
            for (int i = 0; i < BETWEEN_LOOKS && !queued.isEmpty(); i++) {
                forward.accept(queued.poll());
            }
            spent = nanoClock.getAsLong() - started;
        }
        return spent;
    }
}
