package org.planewatch.agent.gnmi;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * The initial states the whole agent sends at once, over every connection; the others wait their
 * turn in order of asking. A stream sending its initial state may hold up to its readiness threshold
 * (1 MiB) and a chunk in the transport, off the heap: 64 a connection bounded that for one client, but
 * a collector tier opens many connections (34 of them allowed 2,176 initial states at once, and the
 * agent had 1.5 to 2 GB off its heap; 134 allowed 8,576, and the kernel killed the agent), so the
 * agent bounds the sum as well (ADR 0129). Thread-safe.
 */
public final class SyncSlots {
    /**
     * Initial states the agent sends at once: about 330 MB in the transport at most (1.3 MB each), and still more
     * streams at once than two cores can encode.
     */
    public static final int AGENT_SYNCS_AT_ONCE = 256;

    private final int limit;
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private int running;

    public SyncSlots(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("initial states at once must be at least 1, not " + limit);
        }
        this.limit = limit;
    }

    /** Runs {@code start} on {@code executor} once fewer than the limit run; it then calls {@link #release}. */
    void acquire(Runnable start, Executor executor) {
        synchronized (waiting) {
            if (running >= limit) {
                waiting.add(start);
                return;
            }
            running++;
        }
        executor.execute(start);
    }

    /** An initial state left the agent (or its stream ended): the first waiting one starts. */
    void release(Executor executor) {
        Runnable next;
        synchronized (waiting) {
            next = waiting.poll();
            if (next == null) {
                running--;
                return;
            }
        }
        executor.execute(next);
    }

    /** Initial states running now (tests, stats). */
    int running() {
        synchronized (waiting) {
            return running;
        }
    }
}
