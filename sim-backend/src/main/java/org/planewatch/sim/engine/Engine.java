package org.planewatch.sim.engine;

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

    private final EventQueue queue = new EventQueue(1 << 12);
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

    public boolean hasPending() {
        return !queue.isEmpty();
    }

    public int pending() {
        return queue.size();
    }

    /** Time of the next event, or {@link Long#MAX_VALUE} when nothing is pending. */
    public long nextTime() {
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peekTime();
    }

    public void schedule(long timePs, int kind, int target, int arg) {
        if (timePs < now) {
            throw new IllegalArgumentException("cannot schedule in the past: " + timePs + " ps < now " + now + " ps");
        }
        queue.push(timePs, ((long) kind << 56) | ((long) (arg & 0xFFFFFF) << 32) | (target & 0xFFFFFFFFL));
    }

    /** Processes the earliest event; false when nothing is pending. */
    public boolean step() {
        if (queue.isEmpty()) {
            return false;
        }
        long time = queue.peekTime();
        long payload = queue.pop();
        now = time;
        processed++;
        traceDigest = ((traceDigest ^ time) * FNV_PRIME ^ payload) * FNV_PRIME;
        handlers[(int) (payload >>> 56)].onEvent((int) payload, (int) ((payload >>> 32) & 0xFFFFFF));
        return true;
    }

    /** Processes every event with time &lt;= {@code timePs}, then sets the clock to it; returns the count. */
    public long runUntil(long timePs) {
        long before = processed;
        while (!queue.isEmpty() && queue.peekTime() <= timePs) {
            step();
        }
        if (timePs > now) {
            now = timePs;
        }
        return processed - before;
    }
}
