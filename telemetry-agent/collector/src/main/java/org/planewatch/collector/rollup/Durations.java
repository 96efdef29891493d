package org.planewatch.collector.rollup;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * How long something took, counted in fixed buckets for a Prometheus histogram, with the longest
 * seen: written by a stream thread, read by a scrape on another. The buckets are the ones that
 * matter to a plane's rollup, written every second and STALE in the console past 3 s.
 */
public final class Durations {
    /** Upper bounds of the buckets, in seconds; a last bucket takes what is longer. */
    public static final double[] BOUNDS_SECONDS = {0.1, 0.5, 1, 2, 3, 5, 10, 30};

    private final LongAdder[] buckets = new LongAdder[BOUNDS_SECONDS.length + 1];
    private final LongAdder totalNanos = new LongAdder();
    private final AtomicLong longestNanos = new AtomicLong();

    public Durations() {
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = new LongAdder();
        }
    }

    public void record(long nanos) {
        long n = Math.max(0, nanos);
        double seconds = n / 1e9;
        int bucket = 0;
        while (bucket < BOUNDS_SECONDS.length && seconds > BOUNDS_SECONDS[bucket]) {
            bucket++;
        }
        buckets[bucket].increment();
        totalNanos.add(n);
        longestNanos.accumulateAndGet(n, Math::max);
    }

    /** What was counted so far. */
    public Counts counts() {
        long[] cumulative = new long[buckets.length];
        long running = 0;
        for (int i = 0; i < buckets.length; i++) {
            running += buckets[i].sum();
            cumulative[i] = running;
        }
        return new Counts(cumulative, totalNanos.sum() / 1e9, longestNanos.get() / 1e9);
    }

    /**
     * @param cumulative by bucket of {@link #BOUNDS_SECONDS}, then all: how many took at most that long
     * @param sumSeconds the durations added up
     * @param longestSeconds the longest one
     */
    public record Counts(long[] cumulative, double sumSeconds, double longestSeconds) {
        public Counts {
            cumulative = cumulative.clone();
        }

        public long count() {
            return cumulative[cumulative.length - 1];
        }

        @Override
        public long[] cumulative() {
            return cumulative.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Counts other
                    && Arrays.equals(cumulative, other.cumulative)
                    && sumSeconds == other.sumSeconds
                    && longestSeconds == other.longestSeconds;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(cumulative) * 31 + Double.hashCode(sumSeconds);
        }

        @Override
        public String toString() {
            return "Counts" + Arrays.toString(cumulative) + " sum " + sumSeconds + " s, longest " + longestSeconds
                    + " s";
        }
    }
}
