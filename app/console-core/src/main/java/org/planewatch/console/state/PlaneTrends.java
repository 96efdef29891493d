package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.TrendPoint;
import org.planewatch.console.state.FabricSnapshot.TrimPoint;

/**
 * Each plane's rates smoothed over {@link #WINDOW_MILLIS} of the state clock (a {@link SlidingMean}
 * each), sampled once per {@link #POINT_MILLIS} into a bounded history. A training step's traffic
 * comes in bursts: a rate from one sample to the next swung from 172 to 5 to 0 Gb/s on a LIVE
 * plane, and the core spread beside it read "0-0 %". The overview's tiles, their sparklines and the
 * trim charts all show these points, so they agree with one another; the published copies change
 * only when a point is added.
 */
public final class PlaneTrends {
    /** The smoothing window: long enough to span several training steps, short enough to follow a fault. */
    static final long WINDOW_MILLIS = 10_000;

    static final long POINT_MILLIS = 1_000;

    private final int capacity;
    private final Map<Integer, Plane> planes = new TreeMap<>();
    private long lastPointMillis = Long.MIN_VALUE;
    private Map<Integer, List<TrendPoint>> published = Map.of();
    private Map<Integer, List<TrimPoint>> publishedTrims = Map.of();

    /** One plane's smoothed series and its points. */
    private static final class Plane {
        final SlidingMean goodput = new SlidingMean(WINDOW_MILLIS);
        final SlidingMean lastHop = new SlidingMean(WINDOW_MILLIS);
        final SlidingMean fabric = new SlidingMean(WINDOW_MILLIS);
        final SlidingMean coreMin = new SlidingMean(WINDOW_MILLIS);
        final SlidingMean coreMax = new SlidingMean(WINDOW_MILLIS);
        final Deque<TrendPoint> points = new ArrayDeque<>();
    }

    /** @param capacity points kept per plane (one per {@link #POINT_MILLIS}) */
    public PlaneTrends(int capacity) {
        this.capacity = capacity;
    }

    /** Takes the planes' current rates at {@code nowMillis}; adds a point when one is due. */
    public void update(List<PlaneSummary> summaries, long nowMillis) {
        if (lastPointMillis != Long.MIN_VALUE && nowMillis < lastPointMillis) {
            // The clock went back (a replay's seek): what was smoothed belongs to another time.
            planes.clear();
            lastPointMillis = Long.MIN_VALUE;
        }
        for (PlaneSummary summary : summaries) {
            Plane plane = planes.computeIfAbsent(summary.plane(), p -> new Plane());
            boolean live = summary.freshness() == Freshness.LIVE;
            LoadSpread core = summary.coreSpread();
            plane.goodput.add(nowMillis, live ? summary.goodputBps() : Double.NaN);
            plane.lastHop.add(nowMillis, live ? FabricSnapshot.nanToZero(summary.lastHopTrimRate()) : Double.NaN);
            plane.fabric.add(nowMillis, live ? FabricSnapshot.nanToZero(summary.fabricTrimRate()) : Double.NaN);
            plane.coreMin.add(nowMillis, live ? core.min() : Double.NaN);
            plane.coreMax.add(nowMillis, live ? core.max() : Double.NaN);
        }
        if (lastPointMillis != Long.MIN_VALUE && nowMillis - lastPointMillis < POINT_MILLIS) {
            return;
        }
        lastPointMillis = nowMillis;
        for (PlaneSummary summary : summaries) {
            Plane plane = planes.get(summary.plane());
            boolean live = summary.freshness() == Freshness.LIVE;
            // Not LIVE: a gap, never an average of old figures that looks current.
            plane.points.addLast(
                    live
                            ? new TrendPoint(
                                    nowMillis,
                                    plane.goodput.mean(nowMillis),
                                    plane.lastHop.mean(nowMillis),
                                    plane.fabric.mean(nowMillis),
                                    plane.coreMin.mean(nowMillis),
                                    plane.coreMax.mean(nowMillis),
                                    // states, not rates: as they are at the point
                                    summary.pathHealth(),
                                    summary.evsOutOfService(),
                                    summary.linksDown())
                            : TrendPoint.gap(nowMillis));
            while (plane.points.size() > capacity) {
                plane.points.removeFirst();
            }
        }
        Map<Integer, List<TrendPoint>> copy = new TreeMap<>();
        Map<Integer, List<TrimPoint>> trims = new TreeMap<>();
        planes.forEach((number, plane) -> {
            List<TrendPoint> points = List.copyOf(plane.points);
            copy.put(number, points);
            List<TrimPoint> trimPoints = new ArrayList<>(points.size());
            points.forEach(p -> trimPoints.add(new TrimPoint(p.atMillis(), p.lastHopTrimRate(), p.fabricTrimRate())));
            trims.put(number, List.copyOf(trimPoints));
        });
        published = Collections.unmodifiableMap(copy);
        publishedTrims = Collections.unmodifiableMap(trims);
    }

    /** Per plane, its smoothed points, oldest first. */
    public Map<Integer, List<TrendPoint>> points() {
        return published;
    }

    /** The same points' trim rates, for the trim charts. */
    public Map<Integer, List<TrimPoint>> trims() {
        return publishedTrims;
    }
}
