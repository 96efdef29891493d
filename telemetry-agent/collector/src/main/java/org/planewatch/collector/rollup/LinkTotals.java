package org.planewatch.collector.rollup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.planewatch.fleet.LinkRollup;

/**
 * What a plane's rollup and alarms need of its merged links, kept as links are added and removed
 * instead of walking them at every tick: the links down, and the utilization of the T0-T1 links that
 * are up (their count, sum and largest). Walking a plane's 262,144 links twice a second per plane was
 * more than half of a collector's stream thread at full scale (run 10's flight recording). The sum is
 * kept in billionths, so adding and taking away is exact and the mean the same whatever the order
 * links came in. Not thread-safe: the task's thread.
 */
final class LinkTotals {
    private static final double UNITS = 1e9;

    private final Map<String, LinkRollup> down = new LinkedHashMap<>();
    private int core;
    private long coreUnits;
    /** The up core links' utilizations, each with how many links have it (a multiset, for the largest). */
    private final TreeMap<Double, Integer> coreUtilizations = new TreeMap<>();

    /** Counts {@code link} in; null: nothing. */
    void add(LinkRollup link) {
        account(link, 1);
    }

    /** Counts {@code link} out (as it was added); null: nothing. */
    void remove(LinkRollup link) {
        account(link, -1);
    }

    private void account(LinkRollup link, int sign) {
        if (link == null) {
            return;
        }
        if (!"UP".equals(link.state())) {
            if (sign > 0) {
                down.put(link.link(), link);
            } else {
                down.remove(link.link());
            }
            return;
        }
        Double utilization = link.utilization();
        if (!"T0_T1".equals(link.kind()) || utilization == null) {
            return;
        }
        core += sign;
        coreUnits += sign * Math.round(utilization * UNITS);
        coreUtilizations.merge(utilization, sign, (a, b) -> a + b == 0 ? null : a + b);
    }

    int downCount() {
        return down.size();
    }

    /** The links down, in the order they went down. */
    List<LinkRollup> down() {
        return new ArrayList<>(down.values());
    }

    /** Mean utilization of the up T0-T1 links with one, to a billionth; null when there is none. */
    Double coreUtilizationMean() {
        return core == 0 ? null : coreUnits / UNITS / core;
    }

    /** The busiest up T0-T1 link's utilization; null when there is none. */
    Double coreUtilizationMax() {
        return coreUtilizations.isEmpty() ? null : coreUtilizations.lastKey();
    }
}
