package org.planewatch.collector.assign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SharePlanTest {
    /** Devices per share, from a placement. */
    private static long[] load(List<SharePlan.Entry> entries, Map<String, Integer> placed, int shares) {
        long[] load = new long[shares];
        entries.forEach(e -> load[placed.get(e.name())] += e.devices());
        return load;
    }

    @Test
    void theFullFabricsEntriesSpreadOverTheSharesWithinOneEntryOfEachOther() {
        // 137,216 devices in 34 entries of 4,096 (the last of 2,048): by the names' hash 26 went to one
        // collector's six shares and 8 to the other's.
        List<SharePlan.Entry> entries = new ArrayList<>();
        for (int i = 0; i < 34; i++) {
            entries.add(new SharePlan.Entry("fabric-%04d".formatted(i), i == 33 ? 2_048 : 4_096));
        }
        Map<String, Integer> placed = SharePlan.place(entries, 12);
        long[] load = load(entries, placed, 12);
        long max = java.util.Arrays.stream(load).max().orElseThrow();
        long min = java.util.Arrays.stream(load).min().orElseThrow();
        assertTrue(max - min <= 4_096, "shares differ by at most one entry: " + java.util.Arrays.toString(load));
        assertEquals(137_216, java.util.Arrays.stream(load).sum());
    }

    @Test
    void entriesThatDivideEvenlyGiveEveryShareTheSameDevices() {
        List<SharePlan.Entry> entries = new ArrayList<>();
        for (int i = 0; i < 36; i++) {
            entries.add(new SharePlan.Entry("e" + i, 3_812));
        }
        long[] load = load(entries, SharePlan.place(entries, 12), 12);
        for (long devices : load) {
            assertEquals(3 * 3_812, devices);
        }
    }

    @Test
    void thePlacementDependsOnTheListNotOnItsOrder() {
        Random random = new Random(37);
        List<SharePlan.Entry> entries = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            entries.add(new SharePlan.Entry("t" + i, 1 + random.nextInt(500)));
        }
        Map<String, Integer> first = SharePlan.place(entries, 7);
        List<SharePlan.Entry> shuffled = new ArrayList<>(entries);
        Collections.shuffle(shuffled, random);
        assertEquals(first, Map.copyOf(SharePlan.place(shuffled, 7)));
        // Greedy heaviest-first: no share exceeds the ideal by more than the heaviest entry.
        long[] load = load(entries, first, 7);
        long ideal = (java.util.Arrays.stream(load).sum() + 6) / 7;
        int heaviest = entries.stream().mapToInt(SharePlan.Entry::devices).max().orElseThrow();
        assertTrue(java.util.Arrays.stream(load).allMatch(l -> l <= ideal + heaviest), java.util.Arrays.toString(load));
    }

    @Test
    void anEntryWithoutDevicesCountsAsOneAndANameListedTwiceIsRefused() {
        assertEquals(1, new SharePlan.Entry("agent-7", 0).devices());
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class,
                () -> SharePlan.place(List.of(new SharePlan.Entry("a", 1), new SharePlan.Entry("a", 2)), 3));
        assertTrue(twice.getMessage().contains("'a' is listed twice"), twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SharePlan.place(List.of(), 0));
    }
}
