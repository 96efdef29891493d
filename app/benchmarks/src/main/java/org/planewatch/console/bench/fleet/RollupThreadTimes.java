package org.planewatch.console.bench.fleet;

import java.util.Locale;

/**
 * What held a collector's rollups stream thread between two scrapes of its {@code /metrics}: how late
 * its by-plane tasks ticked (a plane's rollup is written at each tick, and the console calls it STALE
 * past 3 s), how long the per-device hand-outs it runs between them took, and Kafka Streams' own
 * share of the thread's time by activity. Shows whether a plane's rollup goes stale because the
 * thread was held, and by what.
 */
final class RollupThreadTimes {
    private static final String GAPS = "planewatch_rollups_plane_tick_gap_seconds";
    private static final String HAND_OUTS = "planewatch_rollups_hand_out_seconds";
    private static final String TICKS = "planewatch_rollups_plane_tick_seconds";
    private static final String LONGEST = "planewatch_rollups_longest_seconds";
    private static final String RATIO = "planewatch_rollups_thread_time_ratio";

    private RollupThreadTimes() {}

    /** One line for the window from {@code before} to {@code after}, {@code windowSeconds} long. */
    static String between(CollectorMetrics before, CollectorMetrics after, double windowSeconds) {
        if (!after.answered()) {
            return "not read (no /metrics)";
        }
        double ticks = delta(before, after, GAPS, "+Inf");
        double handOuts = delta(before, after, HAND_OUTS, "+Inf");
        double handOutSeconds = after.sum(HAND_OUTS + "_sum") - before.sum(HAND_OUTS + "_sum");
        double tickSeconds = after.sum(TICKS + "_sum") - before.sum(TICKS + "_sum");
        return String.format(
                Locale.ROOT,
                "plane ticks %.0f, after a gap over 2 s %.0f (over 3 s %.0f, over 5 s %.0f), longest gap since start %.1f s,"
                        + " ticks took %.1f s in all; hand-outs %.0f, over 1 s %.0f (over 2 s %.0f), %.1f s in all"
                        + " (%.0f %% of the window), longest since start %.1f s; thread time by Kafka Streams:"
                        + " %s",
                ticks,
                ticks - delta(before, after, GAPS, "2"),
                ticks - delta(before, after, GAPS, "3"),
                ticks - delta(before, after, GAPS, "5"),
                after.labelled(LONGEST, "of", "plane_tick_gap"),
                tickSeconds,
                handOuts,
                handOuts - delta(before, after, HAND_OUTS, "1"),
                handOuts - delta(before, after, HAND_OUTS, "2"),
                handOutSeconds,
                100 * handOutSeconds / Math.max(1e-9, windowSeconds),
                after.labelled(LONGEST, "of", "hand_out"),
                threadTime(after, "devices") + "; " + threadTime(after, "planes"));
    }

    /** Application {@code application}'s stream thread's time by activity, as Kafka Streams last reported it. */
    private static String threadTime(CollectorMetrics m, String application) {
        return String.format(
                Locale.ROOT,
                "%s thread process %.0f %%, punctuate %.0f %%, poll %.0f %%, commit %.0f %%",
                application,
                100 * m.labelled(RATIO, "application", application, "activity", "process"),
                100 * m.labelled(RATIO, "application", application, "activity", "punctuate"),
                100 * m.labelled(RATIO, "application", application, "activity", "poll"),
                100 * m.labelled(RATIO, "application", application, "activity", "commit"));
    }

    private static double delta(CollectorMetrics before, CollectorMetrics after, String histogram, String le) {
        return after.bucket(histogram, le) - before.bucket(histogram, le);
    }
}
