package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;

/**
 * The newest {@code capacity} decisions taken from one agent's device, by ring sequence number and
 * the decision's own timestamp, to recognise a ring the agent resends after a reconnect. A number
 * alone is not a decision: an agent that restarts numbers its ring from 0 again, so the same
 * number with another timestamp is a new decision of a new ring (ADR 0086).
 *
 * <p>The numbers are kept in runs, one per ring seen: a run is sorted primitives, and numbers
 * almost always come in ascending order, so adding one is an append and forgetting the oldest
 * moves a start index. A tree of boxed numbers did the same with two objects per decision that
 * lived for minutes, and at replay speeds every young collection copied them.
 */
final class SeenDecisions {
    private final int capacity;
    /** Oldest ring first; the last is the ring the agent numbers now. */
    private final Deque<Run> runs = new ArrayDeque<>();

    private int size;

    SeenDecisions(int capacity) {
        this.capacity = capacity;
    }

    /**
     * Adds the decision numbered {@code seq} and stamped {@code timestampNs}; false when it is here
     * already (a resent ring). A new run starts when the agent's ring started again: the number is
     * in the current run with another timestamp, or it is below the numbers the current run still
     * holds after forgetting some (an agent resends at most its ring, far fewer decisions than the
     * capacity, so a resent decision is never older than the oldest kept). Beyond capacity the
     * oldest run forgets its smallest number.
     */
    boolean add(long seq, long timestampNs) {
        for (Iterator<Run> newestFirst = runs.descendingIterator(); newestFirst.hasNext(); ) {
            Run run = newestFirst.next();
            int at = run.indexOf(seq);
            if (at >= 0 && run.stamps[at] == timestampNs) {
                return false;
            }
        }
        Run current = runs.peekLast();
        if (current == null || current.indexOf(seq) >= 0 || current.forgot && seq < current.smallest()) {
            current = new Run(capacity);
            runs.addLast(current);
        }
        current.insert(seq, timestampNs);
        size++;
        while (size > capacity) {
            Run oldest = runs.peekFirst();
            oldest.forgetSmallest();
            size--;
            if (oldest.size == 0) {
                runs.removeFirst();
            }
        }
        return true;
    }

    int size() {
        return size;
    }

    /** How many rings this holds numbers of. */
    int rings() {
        return runs.size();
    }

    /** Sequence numbers of one ring, ascending, with each decision's timestamp beside it. */
    private static final class Run {
        private final int capacity;
        private long[] seqs = new long[64];
        private long[] stamps = new long[64];
        private int start;
        private int size;
        /** Whether this run forgot numbers (its smallest is then not the ring's first). */
        boolean forgot;

        Run(int capacity) {
            this.capacity = capacity;
        }

        /** Position of {@code seq} in the arrays, or a negative number when absent. */
        int indexOf(long seq) {
            if (size == 0 || seq > seqs[start + size - 1] || seq < seqs[start]) {
                return -1;
            }
            int at = Arrays.binarySearch(seqs, start, start + size, seq);
            return at >= 0 ? at : -1;
        }

        void insert(long seq, long stamp) {
            makeRoomAtEnd();
            int at;
            if (size == 0 || seq > seqs[start + size - 1]) {
                at = start + size;
            } else {
                at = -Arrays.binarySearch(seqs, start, start + size, seq) - 1;
                System.arraycopy(seqs, at, seqs, at + 1, start + size - at);
                System.arraycopy(stamps, at, stamps, at + 1, start + size - at);
            }
            seqs[at] = seq;
            stamps[at] = stamp;
            size++;
        }

        long smallest() {
            return seqs[start];
        }

        void forgetSmallest() {
            forgot = true;
            start++;
            size--;
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
                System.arraycopy(stamps, start, stamps, 0, size);
            } else {
                int length = (int) Math.max(size + 1, Math.min(seqs.length * 2L, maxLength));
                seqs = Arrays.copyOfRange(seqs, start, start + length);
                stamps = Arrays.copyOfRange(stamps, start, start + length);
            }
            start = 0;
        }
    }
}
