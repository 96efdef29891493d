package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The time-weighted mean of a stepwise value over the last {@code windowMillis} of the state clock:
 * each value counts for as long as it was the current one. Readings come at whatever cadence the
 * snapshots are published (live and replay differ), but the mean depends only on the values and
 * the clock's instants, so a replay shows what the live console showed. NaN readings (no data) do
 * not count. Bounded: readings older than the window go, and at most {@link #MAX_READINGS} are kept.
 */
final class SlidingMean {
    static final int MAX_READINGS = 4096;

    private record Reading(long atMillis, double value) {}

    private final long windowMillis;
    private final Deque<Reading> readings = new ArrayDeque<>();

    SlidingMean(long windowMillis) {
        if (windowMillis <= 0) {
            throw new IllegalArgumentException("window must be > 0 ms, got " + windowMillis);
        }
        this.windowMillis = windowMillis;
    }

    /** The value from {@code atMillis} on. A clock that went back (a replay's seek) starts the mean afresh. */
    void add(long atMillis, double value) {
        Reading last = readings.peekLast();
        if (last != null && atMillis < last.atMillis()) {
            readings.clear();
        } else if (last != null && atMillis == last.atMillis()) {
            readings.removeLast();
        }
        readings.addLast(new Reading(atMillis, value));
        long start = atMillis - windowMillis;
        // Keep the reading that was current at the window's start: it covers the window's first part.
        while (readings.size() > 1 && secondAtMillis() <= start) {
            readings.removeFirst();
        }
        while (readings.size() > MAX_READINGS) {
            readings.removeFirst();
        }
    }

    private long secondAtMillis() {
        var it = readings.iterator();
        it.next();
        return it.next().atMillis();
    }

    /** The mean over the window ending at {@code nowMillis}; NaN when no reading in it is a number. */
    double mean(long nowMillis) {
        long start = nowMillis - windowMillis;
        double weighted = 0;
        long covered = 0;
        double latest = Double.NaN;
        Reading previous = null;
        for (Reading reading : readings) {
            if (previous != null) {
                long from = Math.max(previous.atMillis(), start);
                long to = Math.min(reading.atMillis(), nowMillis);
                if (to > from && !Double.isNaN(previous.value())) {
                    weighted += previous.value() * (to - from);
                    covered += to - from;
                }
            }
            previous = reading;
            if (!Double.isNaN(reading.value())) {
                latest = reading.value();
            }
        }
        if (previous != null && nowMillis > Math.max(previous.atMillis(), start) && !Double.isNaN(previous.value())) {
            long from = Math.max(previous.atMillis(), start);
            weighted += previous.value() * (nowMillis - from);
            covered += nowMillis - from;
        }
        // Only readings at this very instant: nothing has lasted yet, the newest number is the mean.
        return covered > 0 ? weighted / covered : latest;
    }
}
