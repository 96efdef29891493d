package org.planewatch.sim.engine;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * Pending events as a 4-ary min-heap over three primitive arrays, ordered by (time, insertion
 * sequence): equal times leave in the order they were scheduled, so runs are deterministic.
 *
 * <p>A 4-ary heap halves the depth of a binary one and keeps the four children of a node in one or
 * two cache lines; no object is allocated per event.
 */
public final class EventQueue {
    private long[] times;
    private long[] sequences;
    private long[] payloads;
    private int size;

    public EventQueue(int initialCapacity) {
        int capacity = Math.max(16, initialCapacity);
        times = new long[capacity];
        sequences = new long[capacity];
        payloads = new long[capacity];
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** Pending events whose payload passes {@code test} (a pass over all of them). */
    public long count(LongPredicate test) {
        long count = 0;
        for (int i = 0; i < size; i++) {
            if (test.test(payloads[i])) {
                count++;
            }
        }
        return count;
    }

    /** Time of the earliest event; only valid when not empty. */
    public long peekTime() {
        return times[0];
    }

    /** Sequence number of the earliest event; only valid when not empty. */
    public long peekSequence() {
        return sequences[0];
    }

    /**
     * Adds an event. Its sequence is normally the largest so far; a sequence reserved earlier
     * ({@link Engine#reserveSequences}) is smaller than some already queued, and still leaves in
     * (time, sequence) order.
     */
    public void push(long time, long sequence, long payload) {
        if (size == times.length) {
            grow();
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long parentTime = times[parent];
            if (parentTime < time || (parentTime == time && sequences[parent] < sequence)) {
                break;
            }
            times[i] = parentTime;
            sequences[i] = sequences[parent];
            payloads[i] = payloads[parent];
            i = parent;
        }
        times[i] = time;
        sequences[i] = sequence;
        payloads[i] = payload;
    }

    /** Removes the earliest event and returns its payload; read its time with {@link #peekTime()} first. */
    public long pop() {
        long result = payloads[0];
        int last = --size;
        if (last > 0) {
            long time = times[last];
            long sequence = sequences[last];
            long payload = payloads[last];
            int i = 0;
            while (true) {
                int child = (i << 2) + 1;
                if (child >= last) {
                    break;
                }
                int best = child;
                long bestTime = times[child];
                long bestSequence = sequences[child];
                int end = Math.min(child + 4, last);
                for (int k = child + 1; k < end; k++) {
                    long t = times[k];
                    if (t < bestTime || (t == bestTime && sequences[k] < bestSequence)) {
                        best = k;
                        bestTime = t;
                        bestSequence = sequences[k];
                    }
                }
                if (bestTime > time || (bestTime == time && bestSequence > sequence)) {
                    break;
                }
                times[i] = bestTime;
                sequences[i] = bestSequence;
                payloads[i] = payloads[best];
                i = best;
            }
            times[i] = time;
            sequences[i] = sequence;
            payloads[i] = payload;
        }
        return result;
    }

    private void grow() {
        int capacity = times.length * 2;
        times = Arrays.copyOf(times, capacity);
        sequences = Arrays.copyOf(sequences, capacity);
        payloads = Arrays.copyOf(payloads, capacity);
    }
}
