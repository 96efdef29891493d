package org.planewatch.console.ingest;

import java.util.ArrayDeque;

/**
 * How many responses paced subscriptions may have queued and not yet seen taken away (ADR 0112,
 * 0115): a response that arrives takes a credit before it is queued; the credit travels with it
 * through the {@link IngestQueue} and comes back when its consumer has finished with it ({@link
 * #release}). A connection whose response finds no credit waits (its one callback thread, so all its
 * streams): its resume runs, in the order the waits began, once a credit is released. So at most
 * {@link #limit} responses are decoded and waiting in the queue at any time, whatever the agents
 * send. A credit is never taken for a response not yet received: a stream waiting for a silent
 * device held one, and once every credit was held so, nothing more was read. Thread-safe.
 */
public final class ReadCredits {
    private final int limit;
    private final ArrayDeque<Runnable> paused = new ArrayDeque<>();
    /** The resumes the outermost {@link #release} on this thread is running, while it runs them. */
    private final ThreadLocal<ArrayDeque<Runnable>> resuming = new ThreadLocal<>();
    // Guarded by this.
    private int taken;
    private long pauses;

    /** @param limit responses asked for and not yet released, at most */
    public ReadCredits(int limit) {
        if (limit <= 0) {
            throw new IllegalArgumentException("read credits must be > 0, got " + limit);
        }
        this.limit = limit;
    }

    public int limit() {
        return limit;
    }

    /**
     * Takes a credit for one response and returns true, or, when none is free, queues {@code
     * resume} to run (on the releasing thread) with a credit already taken for it and returns false.
     */
    public synchronized boolean take(Runnable resume) {
        if (taken < limit && paused.isEmpty()) {
            taken++;
            return true;
        }
        paused.addLast(resume);
        pauses++;
        return false;
    }

    /**
     * {@code count} credits come back: paused streams take them first, in the order they paused. A
     * resume may give its credit straight back (its stream ended while it waited: a redial ends every
     * stream of a connection, 4,096 at full scale); such a release, made inside a resume on the same
     * thread, only queues what it frees for the outermost release to run, so the thread's stack does
     * not grow with the number of streams.
     */
    public void release(int count) {
        if (count <= 0) {
            return;
        }
        ArrayDeque<Runnable> outer = resuming.get();
        ArrayDeque<Runnable> resumed = outer != null ? outer : new ArrayDeque<>();
        synchronized (this) {
            taken -= count;
            if (taken < 0) {
                throw new IllegalStateException("released " + count + " read credits more than were taken");
            }
            while (taken < limit && !paused.isEmpty()) {
                taken++;
                resumed.addLast(paused.pollFirst());
            }
        }
        if (outer != null) {
            return; // the release running the resumes on this thread runs these too
        }
        // Outside the lock: a resume asks gRPC for the next response (or gives its credit back).
        resuming.set(resumed);
        try {
            for (Runnable resume; (resume = resumed.pollFirst()) != null; ) {
                resume.run();
            }
        } finally {
            resuming.remove();
        }
    }

    /** Credits taken now (responses asked for, decoded or waiting, not yet released). */
    public synchronized int taken() {
        return taken;
    }

    /** Streams waiting for a credit now. */
    public synchronized int paused() {
        return paused.size();
    }

    /** How many times a stream had to wait for a credit, since the start. */
    public synchronized long pauses() {
        return pauses;
    }
}
