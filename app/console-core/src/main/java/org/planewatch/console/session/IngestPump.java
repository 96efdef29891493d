package org.planewatch.console.session;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The live owner thread: drains the ingest queue in batches, applies each batch to the store,
 * hands it to batch listeners (the recorder commits one transaction per batch), and publishes a
 * snapshot at most every {@code publishIntervalMillis} of the store's clock.
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

    private final IngestQueue queue;
    private final TelemetryStore store;
    private final long publishIntervalMillis;
    private final List<BatchListener> listeners = new CopyOnWriteArrayList<>();
    private final List<SnapshotListener> snapshotListeners = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    public IngestPump(IngestQueue queue, TelemetryStore store, long publishIntervalMillis) {
        this.queue = queue;
        this.store = store;
        this.publishIntervalMillis = publishIntervalMillis;
        this.thread = Thread.ofPlatform().daemon().name("planewatch-state").unstarted(this::run);
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
        thread.start();
    }

    private void run() {
        List<IngestEvent> batch = new ArrayList<>(MAX_BATCH);
        long lastPublish = Long.MIN_VALUE;
        while (running) {
            try {
                queue.drain(batch, MAX_BATCH, MAX_BATCH_UPDATES, Math.max(1, publishIntervalMillis / 2));
            } catch (InterruptedException e) {
                break;
            }
            if (!batch.isEmpty()) {
                store.apply(batch);
                for (BatchListener listener : listeners) {
                    listener.onBatch(batch);
                }
                batch.clear();
            }
            long now = store.clock().millis();
            if (lastPublish == Long.MIN_VALUE || now - lastPublish >= publishIntervalMillis) {
                lastPublish = now;
                FabricSnapshot published = store.publish(stats());
                for (SnapshotListener listener : snapshotListeners) {
                    listener.onSnapshot(published);
                }
            }
        }
    }

    public IngestStats stats() {
        return new IngestStats(
                queue.acceptedUpdates(), queue.droppedUpdates(), queue.droppedNotifications(), queue.depth(), 0);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
