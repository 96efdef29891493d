package org.planewatch.console.bench.fleet;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bench's line on a rollups stream thread counts the window's late ticks and long hand-outs from two scrapes. */
class RollupThreadTimesTest {
    private static String page(
            long ticks, long within2, long within3, long within5, long handOuts, long handOutsWithin1) {
        return String.join(
                "\n",
                "# TYPE planewatch_rollups_plane_tick_gap_seconds histogram",
                "planewatch_rollups_plane_tick_gap_seconds_bucket{collector=\"col-a\",le=\"2\"} " + within2,
                "planewatch_rollups_plane_tick_gap_seconds_bucket{collector=\"col-a\",le=\"3\"} " + within3,
                "planewatch_rollups_plane_tick_gap_seconds_bucket{collector=\"col-a\",le=\"5\"} " + within5,
                "planewatch_rollups_plane_tick_gap_seconds_bucket{collector=\"col-a\",le=\"+Inf\"} " + ticks,
                "planewatch_rollups_hand_out_seconds_bucket{collector=\"col-a\",le=\"1\"} " + handOutsWithin1,
                "planewatch_rollups_hand_out_seconds_bucket{collector=\"col-a\",le=\"2\"} " + handOutsWithin1,
                "planewatch_rollups_hand_out_seconds_bucket{collector=\"col-a\",le=\"+Inf\"} " + handOuts,
                "planewatch_rollups_hand_out_seconds_sum{collector=\"col-a\"} " + handOuts,
                "planewatch_rollups_longest_seconds{collector=\"col-a\",of=\"plane_tick_gap\"} 11.5",
                "planewatch_rollups_longest_seconds{collector=\"col-a\",of=\"hand_out\"} 4.25",
                "planewatch_rollups_thread_time_ratio{collector=\"col-a\",application=\"devices\",activity=\"punctuate\"} 0.4",
                "planewatch_rollups_thread_time_ratio{collector=\"col-a\",application=\"planes\",activity=\"punctuate\"} 0.05",
                "");
    }

    @Test
    void theWindowsLateTicksAreTheTicksLessThoseWithinTheBoundBetweenTheTwoScrapes() {
        CollectorMetrics before = CollectorMetrics.parse(page(100, 98, 99, 100, 10, 9));
        CollectorMetrics after = CollectorMetrics.parse(page(160, 150, 155, 158, 30, 20));

        String line = RollupThreadTimes.between(before, after, 60);

        assertTrue(line.startsWith("plane ticks 60, after a gap over 2 s 8 (over 3 s 4, over 5 s 2)"), line);
        assertTrue(line.contains("longest gap since start 11.5 s"), line);
        assertTrue(line.contains("hand-outs 20, over 1 s 9 (over 2 s 9), 20.0 s in all (33 % of the window)"), line);
        assertTrue(line.contains("longest since start 4.3 s") || line.contains("longest since start 4.2 s"), line);
        assertTrue(line.contains("devices thread process 0 %, punctuate 40 %"), line);
        assertTrue(line.contains("planes thread process 0 %, punctuate 5 %"), line);
    }

    @Test
    void aCollectorThatDoesNotAnswerIsSaidSo() {
        assertTrue(RollupThreadTimes.between(CollectorMetrics.NONE, CollectorMetrics.NONE, 60)
                .startsWith("not read"));
    }
}
