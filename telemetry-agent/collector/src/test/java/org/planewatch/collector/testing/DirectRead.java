package org.planewatch.collector.testing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.ingest.Subscriptions;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * What the console's own client reads from an agent (automatic flow control, into a queue far larger
 * than a small fabric's initial states): the reference a collector's forwarding and rollups are
 * compared with.
 */
public final class DirectRead {
    private DirectRead() {}

    /**
     * The notifications of every device of {@code agent}, listed in a targets file of {@code entries}
     * entries written to {@code dir}, until each device's stream sent its initial state and then for
     * {@code after} longer.
     */
    public static List<IngestEvent.Notification> readAll(SimAgent agent, Path dir, int entries, Duration after)
            throws java.io.IOException, InterruptedException {
        CollectorTargets targets = CollectorTargets.read(agent.writeTargetsFile(dir.resolve("targets.yaml"), entries));
        return read(targets, agent.devices().size(), after);
    }

    /**
     * The notifications of {@code targets} (every entry subscribed, as the collectors' subscriptions
     * do), in the order drained, until {@code streams} streams have sent their initial state and then
     * for {@code after} longer; an error after 20 s without them.
     */
    public static List<IngestEvent.Notification> read(CollectorTargets targets, int streams, Duration after)
            throws InterruptedException {
        IngestQueue direct = new IngestQueue(100_000, 10_000_000);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        List<IngestEvent.Notification> read = new ArrayList<>();
        try (Subscriptions reading = Subscriptions.everyTarget(targets, direct, scheduler)) {
            int synced = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            long end = Long.MAX_VALUE;
            while (System.nanoTime() < end) {
                if (synced < streams && System.nanoTime() > deadline) {
                    throw new AssertionError(
                            "the " + streams + " initial states within 20 s, got " + synced + " of them");
                }
                List<IngestEvent> batch = new ArrayList<>();
                direct.drain(batch, 10_000, 100);
                for (IngestEvent event : batch) {
                    if (event instanceof IngestEvent.Notification notification) {
                        read.add(notification);
                    } else if (event instanceof IngestEvent.Synced && ++synced == streams) {
                        end = System.nanoTime() + after.toNanos();
                    }
                }
            }
        } finally {
            scheduler.shutdownNow();
        }
        return read;
    }
}
