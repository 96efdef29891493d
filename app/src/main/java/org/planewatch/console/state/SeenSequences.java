package org.planewatch.console.state;

import java.util.Arrays;

/**
 * The newest {@code capacity} ring sequence numbers taken from one host, to recognise a ring the agent
 * resends after a reconnect. Sorted primitives: numbers almost always come in ascending order, so
 * adding one is an append and forgetting the oldest moves a start index. A tree of boxed numbers
 * did the same with two objects per decision that lived for minutes, and at replay speeds every
 * young collection copied them.
 */
final class SeenSequences {
    private final int capacity;
    private long[] seqs = new long[64];
    private int start;
    private int size;

    SeenSequences(int capacity) {
        this.capacity = capacity;
    }

    /** Adds {@code seq}; false when it is already here. Beyond capacity the smallest is forgotten. */
    boolean add(long seq) {
        if (size == 0 || seq > seqs[start + size - 1]) {
            makeRoomAtEnd();
            seqs[start + size] = seq;
        } else {
            if (Arrays.binarySearch(seqs, start, start + size, seq) >= 0) {
                return false;
            }
            makeRoomAtEnd();
            int at = -Arrays.binarySearch(seqs, start, start + size, seq) - 1;
            System.arraycopy(seqs, at, seqs, at + 1, start + size - at);
            seqs[at] = seq;
        }
        size++;
        if (size > capacity) {
            start++;
            size--;
        }
        return true;
    }

    int size() {
        return size;
    }

    /**
     * Leaves a free slot after the last number: grows (doubling, up to twice the capacity) or, at full
     * length, moves the numbers to the front, which happens once per {@code capacity} additions.
     */
    private void makeRoomAtEnd() {
        if (start + size < seqs.length) {
            return;
        }
        long maxLength = 2L * capacity + 2;
        if (seqs.length >= maxLength && size <= seqs.length / 2) {
            System.arraycopy(seqs, start, seqs, 0, size);
        } else {
            long[] grown = new long[(int) Math.max(size + 1, Math.min(seqs.length * 2L, maxLength))];
            System.arraycopy(seqs, start, grown, 0, size);
            seqs = grown;
        }
        start = 0;
    }
}
