package org.planewatch.collector.metrics;

import java.util.List;
import java.util.Map;
import org.planewatch.collector.rollup.RollupTimings;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.SuspectRollup;

/**
 * What one scrape shows: this collector's health and the fleet's latest rollups.
 *
 * @param collects whether this process subscribes to targets: a node of the rollup tier alone (ADR
 *     0141) writes none of the collector's own figures, so alerts on a collector holding no target
 *     do not fire for it
 * @param rollupLagRecords the rollups' consumer lag when they run in this collector, else null
 * @param rollupTimings where the rollups' stream thread spent its time, when they run here, else null
 * @param rollupThreadRatios the rollups' stream threads' share of time, by application ({@code devices},
 *     {@code planes}) then activity (empty when none)
 * @param planes the latest plane rollups (empty when no collector runs the rollups)
 */
public record MetricsInput(
        String collector,
        long nowMillis,
        boolean collects,
        int targetsHeld,
        int queueDepth,
        long notifications,
        long updates,
        long droppedByKafka,
        long droppedByQueue,
        long decisionsPublished,
        Boolean rollupsRunning,
        Double rollupLagRecords,
        RollupTimings.Seen rollupTimings,
        Map<String, Map<String, Double>> rollupThreadRatios,
        List<PlaneRollup> planes,
        List<SuspectRollup> suspects,
        List<AlarmRollup> alarms) {
    public MetricsInput {
        rollupThreadRatios = Map.copyOf(rollupThreadRatios);
    }
}
