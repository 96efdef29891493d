package org.planewatch.sim.engine;

import java.util.function.LongPredicate;

/**
 * The discrete-event clock: integer picoseconds, one handler per {@link EventKind}, events packed
 * into a {@code long} (kind 8 bits, arg 24 bits, target 32 bits) so scheduling allocates nothing.
 *
 * <p>Single-threaded: the owner thread calls {@link #step()} or {@link #runUntil(long)} and reads
 * model state between calls.
 */
public final class Engine {
    /** Receives the events of one kind. */
    @FunctionalInterface
    public interface Handler {
        void onEvent(int target, int arg);
    }

    private static final long FNV_PRIME = 0x100000001B3L;

    private static final int MAX_LANES = 8;

    private final EventQueue queue = new EventQueue(1 << 12);
    private final DelayLane[] lanes = new DelayLane[MAX_LANES];
    private int laneCount;
    private long nextSequence;
    private final Handler[] handlers = new Handler[EventKind.COUNT];
    private long now;
    private long processed;
    private long traceDigest = 0xCBF29CE484222325L;

    public void register(int kind, Handler handler) {
        handlers[kind] = handler;
    }

    public long now() {
        return now;
    }

    public long processed() {
        return processed;
    }

    /** A digest of every event processed so far (time, kind, target, arg), in order. */
    public long traceDigest() {
        return traceDigest;
    }

    /** Gives events scheduled exactly {@code delayPs} after now a FIFO lane (at most 8 lanes). */
    public void addDelayLane(long delayPs) {
        for (int i = 0; i < laneCount; i++) {
            if (lanes[i].delay == delayPs) {
                return;
            }
        }
        if (laneCount < MAX_LANES && delayPs > 0) {
            lanes[laneCount++] = new DelayLane(delayPs);
        }
    }

    /**
     * Events of {@code kind} waiting to be processed; a pass over every pending event, for tests
     * and inspection (the hot path never calls it).
     */
    public long pendingEvents(int kind) {
        LongPredicate ofKind = payload -> (int) (payload >>> 56) == kind;
        long count = queue.count(ofKind);
        for (int i = 0; i < laneCount; i++) {
            count += lanes[i].count(ofKind);
        }
        return count;
    }

    public boolean hasPending() {
        return nextSource() != NONE;
    }

    /** Time of the next event, or {@link Long#MAX_VALUE} when nothing is pending. */
    public long nextTime() {
        int source = nextSource();
        return source == NONE ? Long.MAX_VALUE : source == HEAP ? queue.peekTime() : lanes[source].peekTime();
    }

    public void schedule(long timePs, int kind, int target, int arg) {
        long delay = timePs - now;
        if (delay < 0) {
            throw new IllegalArgumentException("cannot schedule in the past: " + timePs + " ps < now " + now + " ps");
        }
        long payload = payload(kind, target, arg);
        long sequence = nextSequence++;
        for (int i = 0; i < laneCount; i++) {
            if (lanes[i].delay == delay) {
                lanes[i].push(timePs, sequence, payload);
                return;
            }
        }
        queue.push(timePs, sequence, payload);
    }

    /**
     * Reserves {@code count} consecutive sequence numbers and returns the first. An event scheduled
     * later with one of them ({@link #scheduleReserved}) takes its place among equal times as if it
     * had been scheduled now: a series of events produced one at a time (a link flap) orders
     * exactly as the whole series scheduled at once would.
     */
    public long reserveSequences(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("cannot reserve " + count + " sequence numbers");
        }
        long first = nextSequence;
        nextSequence += count;
        return first;
    }

    /** Schedules an event with a sequence number from {@link #reserveSequences}. */
    public void scheduleReserved(long timePs, int kind, int target, int arg, long sequence) {
        if (timePs < now) {
            throw new IllegalArgumentException("cannot schedule in the past: " + timePs + " ps < now " + now + " ps");
        }
        if (sequence >= nextSequence) {
            throw new IllegalArgumentException("sequence " + sequence + " was not reserved");
        }
        // Never a delay lane: a lane is FIFO by sequence, and this sequence may be older than its tail.
        queue.push(timePs, sequence, payload(kind, target, arg));
    }

    private static long payload(int kind, int target, int arg) {
        return ((long) kind << 56) | ((long) (arg & 0xFFFFFF) << 32) | (target & 0xFFFFFFFFL);
    }

    private static final int NONE = -2;
    private static final int HEAP = -1;

    /** The heap or the lane holding the earliest (time, sequence), or {@link #NONE}. */
    private int nextSource() {
        int best = NONE;
        long bestTime = Long.MAX_VALUE;
        long bestSequence = Long.MAX_VALUE;
        if (!queue.isEmpty()) {
            best = HEAP;
            bestTime = queue.peekTime();
            bestSequence = queue.peekSequence();
        }
        for (int i = 0; i < laneCount; i++) {
            DelayLane lane = lanes[i];
            if (!lane.isEmpty()) {
                long t = lane.peekTime();
                if (t < bestTime || (t == bestTime && lane.peekSequence() < bestSequence)) {
                    best = i;
                    bestTime = t;
                    bestSequence = lane.peekSequence();
                }
            }
        }
        return best;
    }

    /** Processes the earliest event; false when nothing is pending. */
    public boolean step() {
        int source = nextSource();
        if (source == NONE) {
            return false;
        }
        long time;
        long payload;
        if (source == HEAP) {
            time = queue.peekTime();
            payload = queue.pop();
        } else {
            time = lanes[source].peekTime();
            payload = lanes[source].pop();
        }
        now = time;
        processed++;
        traceDigest = ((traceDigest ^ time) * FNV_PRIME ^ payload) * FNV_PRIME;
        handlers[(int) (payload >>> 56)].onEvent((int) payload, (int) ((payload >>> 32) & 0xFFFFFF));
        return true;
    }

    /** Processes every event with time &lt;= {@code timePs}, then sets the clock to it; returns the count. */
    public long runUntil(long timePs) {
        long before = processed;
        while (nextTime() <= timePs) {
            step();
        }
        if (timePs > now) {
            now = timePs;
        }
        return processed - before;
    }
}
