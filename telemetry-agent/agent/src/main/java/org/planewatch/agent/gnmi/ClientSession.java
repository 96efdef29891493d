package org.planewatch.agent.gnmi;

import io.grpc.Context;
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

    private final String peer;
    private final AtomicLong targetsCovered = new AtomicLong();

    public ClientSession(String peer) {
        this.peer = peer;
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
}
