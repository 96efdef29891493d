package org.planewatch.console.ingest;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with full-range jitter for redials: the n-th retry waits a random time in
 * [base * 2^n * (1 - jitter), base * 2^n], capped, so that many consoles reconnecting to a restarted
 * agent spread out instead of arriving together. Two caps: a low one while the target was live a
 * short while ago (an agent restarting is back within seconds, and the console must be subscribed
 * again within 2 s of it listening, ADR 0087), the high one for a target that has been away longer.
 */
public final class Backoff {
    private final long initialMillis;
    private final long recentlyLiveMaxMillis;
    private final long maxMillis;
    private final double jitter;
    private final RandomGenerator random;
    private int attempt;

    /**
     * @param recentlyLiveMax the cap while the target was live recently ({@link #next(boolean)})
     * @param max the cap otherwise
     */
    public Backoff(Duration initial, Duration recentlyLiveMax, Duration max, double jitter, RandomGenerator random) {
        if (initial.isNegative()
                || initial.isZero()
                || recentlyLiveMax.compareTo(initial) < 0
                || max.compareTo(recentlyLiveMax) < 0) {
            throw new IllegalArgumentException("backoff needs 0 < initial <= recently-live cap <= cap, got " + initial
                    + ", " + recentlyLiveMax + ", " + max);
        }
        if (jitter < 0 || jitter > 1) {
            throw new IllegalArgumentException("backoff jitter must be in [0, 1], got " + jitter);
        }
        this.initialMillis = initial.toMillis();
        this.recentlyLiveMaxMillis = recentlyLiveMax.toMillis();
        this.maxMillis = max.toMillis();
        this.jitter = jitter;
        this.random = random;
    }

    /** One cap whether or not the target was live recently. */
    public Backoff(Duration initial, Duration max, double jitter, RandomGenerator random) {
        this(initial, max, max, jitter, random);
    }

    /** 250 ms doubling to 15 s; while the target was live recently, capped at 500 ms (waits of 250 to 500 ms). */
    public static Backoff standard(RandomGenerator random) {
        return new Backoff(Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(15), 0.5, random);
    }

    /** The wait before the next attempt, for a target that has not been live recently. */
    public Duration next() {
        return next(false);
    }

    /** The wait before the next attempt; each call doubles the ceiling up to the cap that applies. */
    public synchronized Duration next(boolean recentlyLive) {
        long cap = recentlyLive ? recentlyLiveMaxMillis : maxMillis;
        long ceiling = attempt >= 30 ? cap : Math.min(cap, initialMillis << attempt);
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
