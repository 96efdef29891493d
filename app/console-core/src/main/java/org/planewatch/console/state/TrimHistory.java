package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.TrimPoint;

/** Per-plane trim-rate series, one point per interval, bounded; the published copy changes only when a point is added. */
final class TrimHistory {
    private final int capacity;
    private final long intervalMillis;
    private final Map<Integer, Deque<TrimPoint>> series = new TreeMap<>();
    private long lastSampleMillis = Long.MIN_VALUE;
    private Map<Integer, List<TrimPoint>> published = Map.of();

    TrimHistory(int capacity, long intervalMillis) {
        this.capacity = capacity;
        this.intervalMillis = intervalMillis;
    }

    Map<Integer, List<TrimPoint>> sample(List<PlaneSummary> planes, long nowMillis) {
        if (lastSampleMillis != Long.MIN_VALUE && nowMillis - lastSampleMillis < intervalMillis) {
            return published;
        }
        lastSampleMillis = nowMillis;
        for (PlaneSummary plane : planes) {
            Deque<TrimPoint> points = series.computeIfAbsent(plane.plane(), p -> new ArrayDeque<>());
            boolean live = plane.freshness() == Freshness.LIVE;
            points.addLast(new TrimPoint(
                    nowMillis,
                    live ? FabricSnapshot.nanToZero(plane.lastHopTrimRate()) : Double.NaN,
                    live ? FabricSnapshot.nanToZero(plane.fabricTrimRate()) : Double.NaN));
            while (points.size() > capacity) {
                points.removeFirst();
            }
        }
        Map<Integer, List<TrimPoint>> copy = new TreeMap<>();
        series.forEach((plane, points) -> copy.put(plane, List.copyOf(new ArrayList<>(points))));
        published = Collections.unmodifiableMap(copy);
        return published;
    }
}
