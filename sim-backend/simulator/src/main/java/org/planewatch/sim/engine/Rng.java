package org.planewatch.sim.engine;

/**
 * SplitMix64 random numbers over a caller-owned {@code long} state, so each component (switch,
 * link, QP) has its own seedable stream without an object per stream.
 */
public final class Rng {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Rng() {}

    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Seed of component {@code index} of kind {@code stream}, derived from the run's seed. */
    public static long seed(long rootSeed, long stream, long index) {
        return mix(mix(rootSeed * GOLDEN + stream) ^ (index * 0xD1B54A32D192ED03L));
    }

    /** Advances {@code states[i]} and returns 64 random bits. */
    public static long next(long[] states, int i) {
        long s = states[i] + GOLDEN;
        states[i] = s;
        return mix(s);
    }

    /** Uniform in [0, 1). */
    public static double nextDouble(long[] states, int i) {
        return (next(states, i) >>> 11) * 0x1.0p-53;
    }

    /** Uniform in [0, bound). */
    public static int nextInt(long[] states, int i, int bound) {
        return (int) (((next(states, i) >>> 33) * bound) >>> 31);
    }
}
