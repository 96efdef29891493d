package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planewatch.fleet.LinkRollup;

/** A plane's link totals, kept link by link, are those of a walk over its links at every step. */
class LinkTotalsTest {

    private static LinkRollup link(String id, String kind, boolean up, Double utilization) {
        return new LinkRollup(id, 0, kind, up ? "UP" : "DOWN", null, utilization, null, null, 100e9, 0);
    }

    @Test
    void keptTotalsAgreeWithAWalkOverTheLinksThroughAddsReplacesAndRemoves() {
        Random random = new Random(7);
        Map<String, LinkRollup> links = new HashMap<>();
        LinkTotals totals = new LinkTotals();
        for (int step = 0; step < 20_000; step++) {
            String id = "l" + random.nextInt(300);
            LinkRollup before = links.get(id);
            if (before != null && random.nextInt(5) == 0) {
                links.remove(id);
                totals.remove(before);
            } else {
                LinkRollup next = link(
                        id,
                        random.nextInt(4) == 0 ? "T0_HOST" : "T0_T1",
                        random.nextInt(10) != 0,
                        random.nextInt(8) == 0 ? null : random.nextInt(1_000) / 997.0);
                links.put(id, next);
                totals.remove(before);
                totals.add(next);
            }
            assertAgree(links, totals, "step " + step);
        }
    }

    private static void assertAgree(Map<String, LinkRollup> links, LinkTotals totals, String when) {
        int down = 0;
        int core = 0;
        double sum = 0;
        Double max = null;
        for (LinkRollup l : links.values()) {
            if (!"UP".equals(l.state())) {
                down++;
            } else if ("T0_T1".equals(l.kind()) && l.utilization() != null) {
                core++;
                sum += l.utilization();
                max = max == null ? l.utilization() : Math.max(max, l.utilization());
            }
        }
        assertEquals(down, totals.downCount(), when);
        assertEquals(down, totals.down().size(), when);
        if (core == 0) {
            assertNull(totals.coreUtilizationMean(), when);
            assertNull(totals.coreUtilizationMax(), when);
        } else {
            assertEquals(sum / core, totals.coreUtilizationMean(), 1e-9, when);
            assertEquals(max, totals.coreUtilizationMax(), when);
        }
    }

    @Test
    void linksDownAreListedInTheOrderTheyWentDownAndLeaveWhenBackUp() {
        LinkTotals totals = new LinkTotals();
        LinkRollup a = link("a", "T0_T1", false, null);
        LinkRollup b = link("b", "T0_T1", false, null);
        totals.add(b);
        totals.add(a);
        assertEquals(List.of(b, a), totals.down());
        totals.remove(b);
        totals.add(link("b", "T0_T1", true, 0.25));
        assertEquals(List.of(a), totals.down());
        assertEquals(0.25, totals.coreUtilizationMax());
    }
}
