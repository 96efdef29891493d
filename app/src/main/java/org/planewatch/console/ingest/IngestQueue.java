package org.planewatch.console.ingest;

import java.util.Collection;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The one hand-over point from network threads to the state owner. Bounded: when the owner falls
 * behind, notifications are dropped and counted (visible in the status bar), never buffered
 * without limit. Connection changes are rare and must not be lost, so they wait briefly for room.
 */
public final class IngestQueue {
    private final BlockingQueue<IngestEvent> queue;
    private final LongAdder droppedNotifications = new LongAdder();
    private final LongAdder droppedUpdates = new LongAdder();
    private final LongAdder acceptedUpdates = new LongAdder();

    public IngestQueue(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("ingest queue capacity must be > 0, got " + capacity);
        }
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    /** Called from network threads. Never blocks for notifications. */
    public void offer(IngestEvent event) {
        if (event instanceof IngestEvent.Notification notification) {
            int size = notification.updates().size() + notification.deletes().size();
            if (queue.offer(event)) {
                acceptedUpdates.add(size);
            } else {
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

    /** Moves up to {@code max} events into {@code sink}, waiting up to {@code waitMillis} for the first. */
    public int drain(Collection<IngestEvent> sink, int max, long waitMillis) throws InterruptedException {
        int moved = queue.drainTo(sink, max);
        if (moved > 0 || waitMillis <= 0) {
            return moved;
        }
        IngestEvent first = queue.poll(waitMillis, TimeUnit.MILLISECONDS);
        if (first == null) {
            return 0;
        }
        sink.add(first);
        return 1 + queue.drainTo(sink, max - 1);
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
