package org.planewatch.collector.node;

import java.util.Locale;
import org.planewatch.collector.publish.PublishCounters;

/** The collector's one-line status: targets held, what it published since the last line, what it dropped. */
public final class CollectorStatus {
    private final Collector collector;
    private long lastNanos = System.nanoTime();
    private long lastUpdates;

    public CollectorStatus(Collector collector) {
        this.collector = collector;
    }

    public String line() {
        PublishCounters c = collector.counters();
        long now = System.nanoTime();
        long updates = c.updates.sum();
        double rate = (updates - lastUpdates) / Math.max(1e-9, (now - lastNanos) / 1e9);
        lastNanos = now;
        lastUpdates = updates;
        return String.format(
                Locale.ROOT,
                "collector %s: %d targets, %.0f updates/s, %d notifications (dropped: %d stopping, %d by Kafka,"
                        + " %d by the queue with %d updates), %d exclusion decisions published (%d already there)",
                collector.id(),
                collector.targets().size(),
                rate,
                c.notifications.sum(),
                c.droppedNotifications.sum(),
                collector.updateRecordsFailed(),
                collector.queue().droppedNotifications(),
                collector.queue().droppedUpdates(),
                c.decisionsPublished.sum(),
                c.decisionsAlreadyPublished.sum());
    }
}
