package org.planewatch.agent.security;

import io.grpc.ServerCall;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The listener of a call whose password is being checked on another thread: gRPC's thread returns at
 * once, and whatever gRPC reports meanwhile (ready, half-close, cancel; no message arrives before the
 * real handler asks for one) is kept and handed on, in order, once the call is started. The events are
 * few by nature, so the list stays small.
 */
final class DeferredListener<Q> extends ServerCall.Listener<Q> {

    private List<Consumer<ServerCall.Listener<Q>>> pending = new ArrayList<>();
    private ServerCall.Listener<Q> delegate;
    private boolean cancelled;

    /** Whether the client went away before the check was decided: the check can be skipped. */
    synchronized boolean cancelled() {
        return cancelled;
    }

    /** Hands the events kept so far, and all later ones, to the started call's listener. */
    void start(ServerCall.Listener<Q> real) {
        while (true) {
            List<Consumer<ServerCall.Listener<Q>>> batch;
            synchronized (this) {
                if (pending.isEmpty()) {
                    delegate = real;
                    pending = null;
                    return;
                }
                batch = pending;
                pending = new ArrayList<>();
            }
            batch.forEach(event -> event.accept(real));
        }
    }

    /** The call was refused: what gRPC still reports about it goes nowhere. */
    synchronized void discard() {
        pending = null;
    }

    private void deliver(Consumer<ServerCall.Listener<Q>> event) {
        ServerCall.Listener<Q> target;
        synchronized (this) {
            if (delegate == null) {
                if (pending != null) {
                    pending.add(event);
                }
                return;
            }
            target = delegate;
        }
        event.accept(target);
    }

    @Override
    public void onMessage(Q message) {
        deliver(l -> l.onMessage(message));
    }

    @Override
    public void onHalfClose() {
        deliver(ServerCall.Listener::onHalfClose);
    }

    @Override
    public void onCancel() {
        synchronized (this) {
            cancelled = true;
        }
        deliver(ServerCall.Listener::onCancel);
    }

    @Override
    public void onComplete() {
        deliver(ServerCall.Listener::onComplete);
    }

    @Override
    public void onReady() {
        deliver(ServerCall.Listener::onReady);
    }
}
