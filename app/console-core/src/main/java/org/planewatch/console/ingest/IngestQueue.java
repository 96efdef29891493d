package org.planewatch.console.ingest;

import java.util.Collection;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The one hand-over point from network threads to the state owner. Bounded twice: in events and in
 * the updates they carry (a notification may hold thousands), so memory stays bounded whatever the
 * agents send. When the owner falls behind, notifications are dropped and counted (visible in the
 * status bar), never buffered without limit. Connection changes are rare and must not be lost, so
 * they wait briefly for room.
 */
public final class IngestQueue {
    private final BlockingQueue<IngestEvent> queue;
    private final LongAdder droppedNotifications = new LongAdder();
    private final LongAdder droppedUpdates = new LongAdder();
    private final LongAdder acceptedUpdates = new LongAdder();
    private final AtomicLong pendingUpdates = new AtomicLong();
    private final long maxPendingUpdates;
    /** The latest arrival handed to the owner so far; read and written by the draining thread only. */
    private long drainedArrivalMillis = Long.MIN_VALUE;

    public IngestQueue(int capacity) {
        this(capacity, Math.max(1, capacity) * 64L);
    }

    /** @param maxPendingUpdates updates waiting in the queue at most, over all its notifications */
    public IngestQueue(int capacity, long maxPendingUpdates) {
        if (capacity <= 0 || maxPendingUpdates <= 0) {
            throw new IllegalArgumentException(
                    "ingest queue bounds must be > 0, got " + capacity + " events, " + maxPendingUpdates + " updates");
        }
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.maxPendingUpdates = maxPendingUpdates;
    }

    /** Called from network threads. Never blocks for notifications. */
    public void offer(IngestEvent event) {
        if (event instanceof IngestEvent.Notification notification) {
            int size = size(notification);
            if (pendingUpdates.addAndGet(size) <= maxPendingUpdates && queue.offer(event)) {
                acceptedUpdates.add(size);
            } else {
                pendingUpdates.addAndGet(-size);
                droppedNotifications.increment();
                droppedUpdates.add(size);
            }
            return;
        }
        try {
            if (!queue.offer(event, 1, TimeUnit.SECONDS)) {
                droppedNotifications.increment();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int size(IngestEvent.Notification notification) {
        return notification.updates().size() + notification.deletes().size();
    }

    /**
     * Moves events into {@code sink} until {@code maxEvents} events or {@code maxUpdates} updates
     * (at least one event), waiting up to {@code waitMillis} for the first. Called by the one owner
     * thread only.
     *
     * <p>Drained events never go back in arrival time. Network threads stamp an event before they
     * offer it, so an event can be queued behind one stamped after it: a stream's first response is
     * stamped when it is decoded, but the {@code STREAMING} change it triggers is stamped (later) and
     * queued before it; two streams decode and queue concurrently. The store, the recorder and a
     * replay all take the drained order as the order of arrival (a replay at instant t applies the
     * recorded events up to the first one that arrived after t), so an event stamped before one
     * already drained counts as arrived with it: otherwise a replay at its stamp would leave out an
     * event the live store had already applied before it.
     */
    public int drain(Collection<IngestEvent> sink, int maxEvents, long maxUpdates, long waitMillis)
            throws InterruptedException {
        IngestEvent first = waitMillis <= 0 ? queue.poll() : queue.poll(waitMillis, TimeUnit.MILLISECONDS);
        if (first == null) {
            return 0;
        }
        int moved = 0;
        long updates = 0;
        for (IngestEvent event = first;
                event != null;
                event = moved < maxEvents && updates < maxUpdates ? queue.poll() : null) {
            sink.add(inArrivalOrder(event));
            moved++;
            if (event instanceof IngestEvent.Notification notification) {
                int size = size(notification);
                updates += size;
                pendingUpdates.addAndGet(-size);
            }
        }
        return moved;
    }

    private IngestEvent inArrivalOrder(IngestEvent event) {
        long arrival = event.arrivalMillis();
        if (arrival >= drainedArrivalMillis) {
            drainedArrivalMillis = arrival;
            return event;
        }
        long at = drainedArrivalMillis;
        return switch (event) {
            case IngestEvent.Notification n ->
                new IngestEvent.Notification(n.source(), n.target(), n.timestampNs(), n.updates(), n.deletes(), at);
            case IngestEvent.Synced s -> new IngestEvent.Synced(s.source(), at);
            case IngestEvent.Connection c -> new IngestEvent.Connection(c.source(), c.phase(), c.detail(), at);
        };
    }

    /** Like {@link #drain(Collection, int, long, long)} without an update bound. */
    public int drain(Collection<IngestEvent> sink, int maxEvents, long waitMillis) throws InterruptedException {
        return drain(sink, maxEvents, Long.MAX_VALUE, waitMillis);
    }

    public int depth() {
        return queue.size();
    }

    public long droppedNotifications() {
        return droppedNotifications.sum();
    }

    public long droppedUpdates() {
        return droppedUpdates.sum();
    }

    public long acceptedUpdates() {
        return acceptedUpdates.sum();
    }
}
