package org.planewatch.console.session;

import org.planewatch.console.record.WallClockText;

/**
 * Where a replay stands, for the timeline.
 *
 * @param atMillis the instant shown
 * @param startMillis first recorded instant
 * @param endMillis last recorded instant
 * @param playing whether time moves
 * @param speed replay time per wall time (0.1 to 1000)
 */
public record Playhead(long atMillis, long startMillis, long endMillis, boolean playing, double speed) {
    public double fraction() {
        return endMillis == startMillis ? 1.0 : (double) (atMillis - startMillis) / (endMillis - startMillis);
    }

    /** An arrival time (epoch milliseconds) as the console prints it: UTC, to the millisecond. */
    public static String wallClockText(long epochMillis) {
        return WallClockText.format(epochMillis);
    }
}
