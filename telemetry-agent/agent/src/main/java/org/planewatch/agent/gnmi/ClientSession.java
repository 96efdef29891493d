package org.planewatch.agent.gnmi;

import io.grpc.Context;
import java.util.concurrent.atomic.AtomicInteger;

/** One client connection: counts its open Subscribe streams against the per-client limit. */
public final class ClientSession {

    /** Set by the server's connection interceptor for every call of a connection. */
    public static final Context.Key<ClientSession> CURRENT = Context.key("planewatch-client");

    private final String peer;
    private final AtomicInteger subscriptions = new AtomicInteger();

    public ClientSession(String peer) {
        this.peer = peer;
    }

    public String peer() {
        return peer;
    }

    boolean tryOpenSubscription(int max) {
        while (true) {
            int now = subscriptions.get();
            if (now >= max) {
                return false;
            }
            if (subscriptions.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    void closeSubscription() {
        subscriptions.decrementAndGet();
    }
}
