package org.planewatch.console.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.telemetry.worker.IdleStrategy;
import org.planewatch.telemetry.worker.WorkerRunner;

/**
 * The live owner thread: drains the ingest queue in bounded batches, applies each batch to the store,
 * hands it to batch listeners (the recorder commits one transaction per batch), and publishes a
 * snapshot at most every {@code publishIntervalMillis} of the store's clock, or less often when a
 * snapshot takes more than a third of that to build (injected: a test's manual
 * clock decides when snapshots go out). The drain's wait for the queue is the loop's idling, so its
 * runner idles no further.
 */
public final class IngestPump implements AutoCloseable {
    /** Called on the owner thread after each applied batch; must not keep the list. */
    public interface BatchListener {
        void onBatch(List<IngestEvent> batch);
    }

    /** Called on the owner thread with every published snapshot (the recorder journals alarm changes). */
    public interface SnapshotListener {
        void onSnapshot(FabricSnapshot snapshot);
    }

    private static final int MAX_BATCH = 4096;
    /** Keeps one batch (and the recorder's transaction) around 50 ms of work at a million updates/s. */
    private static final long MAX_BATCH_UPDATES = 50_000;

    private static final Duration JOIN_BOUND = Duration.ofSeconds(2);
    /** The longest a slow snapshot holds the next one back, however long it took to build. */
    static final Duration MAX_SPACING = Duration.ofSeconds(1);

    private final IngestQueue queue;
    private final TelemetryStore store;
    private final long publishIntervalMillis;
    private final List<BatchListener> listeners = new CopyOnWriteArrayList<>();
    private final List<SnapshotListener> snapshotListeners = new CopyOnWriteArrayList<>();
    private final WorkerRunner runner;
    private final List<IngestEvent> batch = new ArrayList<>(MAX_BATCH);
    /** Owner thread only. */
    private long lastPublish = Long.MIN_VALUE;
    /** Owner thread only: how long after the last publication the next is due (the interval, or more when publishing is slow). */
    private long publishSpacing;

    public IngestPump(IngestQueue queue, TelemetryStore store, long publishIntervalMillis) {
        this.queue = queue;
        this.store = store;
        this.publishIntervalMillis = publishIntervalMillis;
        this.runner = new WorkerRunner("planewatch-state", this::drainApplyPublish, IdleStrategy.NONE, JOIN_BOUND);
    }

    /** The store this pump owns; other threads may only use its thread-safe methods. */
    public TelemetryStore store() {
        return store;
    }

    public void addBatchListener(BatchListener listener) {
        listeners.add(listener);
    }

    public void addSnapshotListener(SnapshotListener listener) {
        snapshotListeners.add(listener);
    }

    public void start() {
        runner.start();
    }

    /** One turn of the owner thread: waits up to half an interval for a batch, applies it, publishes when due. */
    private int drainApplyPublish() throws InterruptedException {
        int drained = queue.drain(batch, MAX_BATCH, MAX_BATCH_UPDATES, Math.max(1, publishIntervalMillis / 2));
        if (!batch.isEmpty()) {
            store.apply(batch);
            for (BatchListener listener : listeners) {
                listener.onBatch(batch);
            }
            batch.clear();
        }
        long now = store.clock().millis();
        if (lastPublish == Long.MIN_VALUE || now - lastPublish >= publishSpacing) {
            lastPublish = now;
            FabricSnapshot published = store.publish(stats());
            // A snapshot of thousands of devices can take longer to build than the interval: then the
            // owner would do nothing but publish and fall behind for good. Publishing may take at most
            // a third of its time (ADR 0098), but the next snapshot is never more than MAX_SPACING
            // away (ADR 0105): one build stretched by a full GC or a loaded machine (12 s at 9,728
            // devices) held the next back for half a minute, and with it every device learnt since.
            publishSpacing = Math.max(
                    publishIntervalMillis,
                    Math.min(MAX_SPACING.toMillis(), 3 * (store.clock().millis() - now)));
            for (SnapshotListener listener : snapshotListeners) {
                listener.onSnapshot(published);
            }
            return drained + 1;
        }
        return drained;
    }

    /** The queue's counters now; applied updates are the store's to add ({@link IngestStats#withApplied}). */
    public IngestStats stats() {
        IngestQueue.Totals totals = queue.totals();
        return new IngestStats(
                totals.acceptedUpdates(),
                totals.droppedUpdates(),
                totals.droppedNotifications(),
                totals.queuedEvents(),
                0,
                totals.coalescedUpdates(),
                totals.eventsLost(),
                queue.behindMillis(store.clock().millis()),
                queue.lastHeardMillis(store.clock().millis()));
    }

    @Override
    public void close() {
        runner.close();
    }
}
