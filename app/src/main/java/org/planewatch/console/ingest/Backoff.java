package org.planewatch.console.ingest;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with full-range jitter for redials: the n-th retry waits a random time in
 * [base * 2^n * (1 - jitter), base * 2^n], capped, so that many consoles reconnecting to a restarted
 * agent spread out instead of arriving together.
 */
public final class Backoff {
    private final long initialMillis;
    private final long maxMillis;
    private final double jitter;
    private final RandomGenerator random;
    private int attempt;

    public Backoff(Duration initial, Duration max, double jitter, RandomGenerator random) {
        if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("backoff needs 0 < initial <= max, got " + initial + ", " + max);
        }
        if (jitter < 0 || jitter > 1) {
            throw new IllegalArgumentException("backoff jitter must be in [0, 1], got " + jitter);
        }
        this.initialMillis = initial.toMillis();
        this.maxMillis = max.toMillis();
        this.jitter = jitter;
        this.random = random;
    }

    public static Backoff standard(RandomGenerator random) {
        return new Backoff(Duration.ofMillis(250), Duration.ofSeconds(15), 0.5, random);
    }

    /** The wait before the next attempt; each call doubles the ceiling up to the cap. */
    public synchronized Duration next() {
        long ceiling = attempt >= 30 ? maxMillis : Math.min(maxMillis, initialMillis << attempt);
        attempt++;
        long floor = (long) (ceiling * (1 - jitter));
        long wait = floor + (ceiling > floor ? random.nextLong(ceiling - floor + 1) : 0);
        return Duration.ofMillis(wait);
    }

    /** A connection succeeded: the next failure starts from the initial wait again. */
    public synchronized void reset() {
        attempt = 0;
    }
}
