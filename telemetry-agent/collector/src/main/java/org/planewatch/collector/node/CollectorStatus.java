package org.planewatch.collector.node;

import java.util.Locale;
import org.planewatch.collector.kafka.rollup.Rollups;
import org.planewatch.collector.publish.PublishCounters;

/**
 * The collector's one-line status: targets held, what it published since the last line, what it
 * dropped; a node of the rollup tier alone tells its rollups' state and lag instead.
 */
public final class CollectorStatus {
    private final String id;
    private final Collector collector;
    private final Rollups rollups;
    private long lastNanos = System.nanoTime();
    private long lastUpdates;

    /**
     * @param collector the subscriptions, or null on a node of the rollup tier alone
     * @param rollups the rollups running in the process, or null
     */
    public CollectorStatus(String id, Collector collector, Rollups rollups) {
        this.id = id;
        this.collector = collector;
        this.rollups = rollups;
    }

    public String line() {
        if (collector == null) {
            return String.format(
                    Locale.ROOT,
                    "rollups node %s: %s, consumer lag %.0f records",
                    id,
                    rollups != null && rollups.running() ? "running" : "not running",
                    rollups == null ? 0.0 : rollups.lagRecords());
        }
        PublishCounters c = collector.counters();
        long now = System.nanoTime();
        long updates = c.updates.sum();
        double rate = (updates - lastUpdates) / Math.max(1e-9, (now - lastNanos) / 1e9);
        lastNanos = now;
        lastUpdates = updates;
        return String.format(
                Locale.ROOT,
                "collector %s: %d targets, %.0f updates/s, %d notifications (dropped: %d stopping, %d by Kafka,"
                        + " %d by the queue with %d updates; %d let go by targets handed over while they waited),"
                        + " %d exclusion decisions published (%d already there)",
                collector.id(),
                collector.targets().size(),
                rate,
                c.notifications.sum(),
                c.droppedNotifications.sum(),
                collector.updateRecordsFailed(),
                collector.queue().droppedNotifications(),
                collector.queue().droppedUpdates(),
                collector.queue().abandonedNotifications(),
                c.decisionsPublished.sum(),
                c.decisionsAlreadyPublished.sum());
    }
}
