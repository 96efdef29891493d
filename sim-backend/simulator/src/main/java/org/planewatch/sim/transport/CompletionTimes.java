package org.planewatch.sim.transport;

import java.util.Arrays;
import org.planewatch.sim.engine.Rng;

/**
 * Message completion times of a whole run in bounded memory: every time up to {@code capacity}
 * messages, past that a uniform sample of {@code capacity} of them (reservoir sampling with a seeded
 * stream, so the same run keeps the same sample). Count, maximum and mean stay exact.
 */
public final class CompletionTimes {
    private final int capacity;
    private final long seed;
    private long[] kept = new long[16];
    private long count;
    private long maxNs;
    private long sumNs;

    public CompletionTimes(int capacity, long seed) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be > 0, got " + capacity);
        }
        this.capacity = capacity;
        this.seed = seed;
    }

    void add(long completionNs) {
        count++;
        maxNs = Math.max(maxNs, completionNs);
        sumNs += completionNs;
        if (count <= capacity) {
            if (count > kept.length) {
                kept = Arrays.copyOf(kept, (int) Math.min(capacity, 2L * kept.length));
            }
            kept[(int) count - 1] = completionNs;
            return;
        }
        long slot = Long.remainderUnsigned(Rng.mix(seed ^ Rng.mix(count)), count);
        if (slot < capacity) {
            kept[(int) slot] = completionNs;
        }
    }

    public long count() {
        return count;
    }

    public long maxNs() {
        return maxNs;
    }

    public long meanNs() {
        return count == 0 ? 0 : sumNs / count;
    }

    /** The kept times (all of them up to the capacity, else the sample), in no particular order (a copy). */
    public long[] kept() {
        return Arrays.copyOf(kept, (int) Math.min(count, capacity));
    }
}
