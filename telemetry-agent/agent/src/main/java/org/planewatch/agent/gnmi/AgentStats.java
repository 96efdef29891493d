package org.planewatch.agent.gnmi;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.AgentLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/** The agent's own counters, served under {@code mrc:/agent/state} on every target. */
public final class AgentStats {

    private static final TelemetryPath STATE = AgentLeaves.STATE;
    private static final TelemetryPath COALESCED = STATE.child(AgentLeaves.COALESCED_UPDATES);
    private static final TelemetryPath DROPPED = STATE.child(AgentLeaves.DROPPED_UPDATES);
    private static final TelemetryPath SUBSCRIPTIONS = STATE.child(AgentLeaves.ACTIVE_SUBSCRIPTIONS);
    private static final TelemetryPath CLIENTS = STATE.child(AgentLeaves.CONNECTED_CLIENTS);

    private final LongAdder coalesced = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder delivered = new LongAdder();
    private final AtomicInteger subscriptions = new AtomicInteger();
    private final AtomicInteger clients = new AtomicInteger();

    void coalesced() {
        coalesced.increment();
    }

    void coalesced(long updates) {
        coalesced.add(updates);
    }

    void dropped() {
        dropped.increment();
    }

    void delivered(int updates) {
        delivered.add(updates);
    }

    void subscriptionOpened() {
        subscriptions.incrementAndGet();
    }

    void subscriptionClosed() {
        subscriptions.decrementAndGet();
    }

    public void clientConnected() {
        clients.incrementAndGet();
    }

    public void clientDisconnected() {
        clients.decrementAndGet();
    }

    public long coalescedUpdates() {
        return coalesced.sum();
    }

    public long droppedUpdates() {
        return dropped.sum();
    }

    /** Updates handed to gRPC since start (for benchmarks). */
    public long deliveredUpdates() {
        return delivered.sum();
    }

    public int activeSubscriptions() {
        return subscriptions.get();
    }

    public int connectedClients() {
        return clients.get();
    }

    /**
     * The four leaves, path and value, to {@code leaf}: without a map, since every sample of every
     * target adds them (137,216 targets a sample on the full fabric).
     */
    void visit(BiConsumer<TelemetryPath, TelemetryValue> leaf) {
        leaf.accept(COALESCED, TelemetryValue.uint(coalescedUpdates()));
        leaf.accept(DROPPED, TelemetryValue.uint(droppedUpdates()));
        leaf.accept(SUBSCRIPTIONS, TelemetryValue.uint(activeSubscriptions()));
        leaf.accept(CLIENTS, TelemetryValue.uint(connectedClients()));
    }
}
