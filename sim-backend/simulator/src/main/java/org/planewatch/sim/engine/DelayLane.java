package org.planewatch.sim.engine;

import java.util.function.LongPredicate;

/**
 * Events scheduled a fixed delay after "now": since the clock never goes back, they arrive in time
 * order, so a FIFO ring replaces the heap for them (O(1) instead of O(log n)). Serialisation and
 * wire delays of full packets and headers are such delays; they are most events.
 */
final class DelayLane {
    final long delay;
    private long[] times = new long[1024];
    private long[] sequences = new long[1024];
    private long[] payloads = new long[1024];
    private int head;
    private int size;

    DelayLane(long delay) {
        this.delay = delay;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Pending events whose payload passes {@code test}. */
    long count(LongPredicate test) {
        long count = 0;
        for (int k = 0; k < size; k++) {
            if (test.test(payloads[(head + k) & (payloads.length - 1)])) {
                count++;
            }
        }
        return count;
    }

    long peekTime() {
        return times[head];
    }

    long peekSequence() {
        return sequences[head];
    }

    void push(long time, long sequence, long payload) {
        if (size == times.length) {
            grow();
        }
        int at = (head + size) & (times.length - 1);
        times[at] = time;
        sequences[at] = sequence;
        payloads[at] = payload;
        size++;
    }

    long pop() {
        long payload = payloads[head];
        head = (head + 1) & (times.length - 1);
        size--;
        return payload;
    }

    private void grow() {
        int n = times.length;
        long[] t = new long[n * 2];
        long[] s = new long[n * 2];
        long[] p = new long[n * 2];
        for (int k = 0; k < size; k++) {
            int from = (head + k) & (n - 1);
            t[k] = times[from];
            s[k] = sequences[from];
            p[k] = payloads[from];
        }
        times = t;
        sequences = s;
        payloads = p;
        head = 0;
    }
}
