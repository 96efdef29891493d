package org.planewatch.agent.gnmi;

import io.grpc.Context;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client connection: counts the targets its open Subscribe streams cover against the
 * per-client limit. A stream costs one per target it names, so a collector may open a stream per
 * device (gNMI {@code prefix.target}) over one connection where a console opens one stream of
 * {@code *}: both cost the same, and so does the agent's work for them (ADR 0103).
 */
public final class ClientSession {

    /** Set by the server's connection interceptor for every call of a connection. */
    public static final Context.Key<ClientSession> CURRENT = Context.key("planewatch-client");

    /**
     * Streams of one connection that may be sending their initial state at once; the others wait
     * their turn. The transport holds a stream's responses until the client takes them, and a
     * collector opening a stream per device got 92,000 initial states written at once: the agent's
     * memory held them all (10 GB, killed). In turn, the connection holds about this many initial
     * states (ADR 0103).
     */
    static final int SYNCS_AT_ONCE = 64;

    private final String peer;
    private final AtomicLong targetsCovered = new AtomicLong();
    /** This connection's bound on initial states at once. */
    private final SyncSlots connectionSlots = new SyncSlots(SYNCS_AT_ONCE);
    /** The agent's own bound on initial states at once, shared by every connection. */
    private final SyncSlots agentSlots;

    /** A connection of an agent whose only bound on initial states is this connection's. */
    public ClientSession(String peer) {
        this(peer, new SyncSlots(SYNCS_AT_ONCE));
    }

    /** @param agentSlots the initial states the whole agent sends at once, shared by its connections */
    public ClientSession(String peer, SyncSlots agentSlots) {
        this.peer = peer;
        this.agentSlots = agentSlots;
    }

    public String peer() {
        return peer;
    }

    /** Opens a stream over {@code targets} targets if the connection stays within {@code limit}; else false. */
    boolean tryOpenSubscription(int targets, long limit) {
        while (true) {
            long now = targetsCovered.get();
            if (now + targets > limit) {
                return false;
            }
            if (targetsCovered.compareAndSet(now, now + targets)) {
                return true;
            }
        }
    }

    /** Targets the open streams of this connection cover. */
    long targetsCovered() {
        return targetsCovered.get();
    }

    void closeSubscription(int targets) {
        targetsCovered.addAndGet(-targets);
    }

    /**
     * Runs {@code start} on {@code executor} once fewer than {@link #SYNCS_AT_ONCE} streams of this
     * connection are syncing and the agent has a slot ({@link SyncSlots}); its stream then calls {@link
     * #syncDone}.
     */
    void whenSyncSlotFree(Runnable start, Executor executor) {
        // The connection's slot is granted on the spot (a direct executor): then the stream asks the agent's.
        connectionSlots.acquire(() -> agentSlots.acquire(start, executor), Runnable::run);
    }

    /** A stream's initial state left the agent (or the stream ended): the next waiting stream starts. */
    void syncDone(Executor executor) {
        agentSlots.release(executor);
        connectionSlots.release(Runnable::run);
    }
}
