package org.planewatch.agent.backend;

import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * Hands out the columns of a back end's tables as ranges of a few large shared arrays instead of
 * two small arrays per device (ADR 0130). The full fabric's publication is 150 million values and
 * ages, 1.3 GB, every 15 s; as arrays of their own they live one to two publications, long enough
 * that G1 copies every one of them from eden to the survivors and on to the old generation. An array
 * of {@link #MAX_SLAB} elements is humongous for G1 (half a region or more at any region size up to
 * 32 MB): it is allocated in place in the old generation, never copied, and freed whole once no
 * table points into it any more. A slab stays alive while any of its tables does, so slabs are no
 * larger than one round of the back end's devices ({@link #expectRound}): a small demo keeps small
 * ones. Owned by the thread that builds the tables.
 */
public final class ColumnSlabs {
    static final int MIN_SLAB = 1 << 16;
    static final int MAX_SLAB = 1 << 22;

    /** Elements {@code base ..} of {@code array}. */
    public record Longs(long[] array, int base) {}

    /** Elements {@code base ..} of {@code array}. */
    public record Bytes(byte[] array, int base) {}

    /** The elements of one publication of every device, as the owner last said. */
    private long round = MAX_SLAB;

    private final Slab<long[]> longs = new Slab<>(long[]::new);
    private final Slab<byte[]> bytes = new Slab<>(byte[]::new);

    /** Slabs from now on are no larger than {@code elements}, what one publication of every device takes. */
    public void expectRound(long elements) {
        round = elements;
    }

    /** A fresh range of {@code n} zeros. */
    public Longs longs(int n) {
        return longs.take(n, round, Longs::new);
    }

    /** A fresh range of {@code n} zeros. */
    public Bytes bytes(int n) {
        return bytes.take(n, round, Bytes::new);
    }

    /** The slab being cut, of one array type. */
    private static final class Slab<A> {
        private final IntFunction<A> make;
        private A array;
        private int length;
        private int used;

        Slab(IntFunction<A> make) {
            this.make = make;
        }

        <R> R take(int n, long round, BiFunction<A, Integer, R> range) {
            if (array == null || used + n > length) {
                length = nextSize(length, n, round);
                array = make.apply(length);
                used = 0;
            }
            R taken = range.apply(array, used);
            used += n;
            return taken;
        }
    }

    /**
     * Twice the slab just filled, at least {@link #MIN_SLAB}, at most {@link #MAX_SLAB} and one
     * {@code round}; a table larger than that gets an array of its own size.
     */
    static int nextSize(int filled, int wanted, long round) {
        long doubled = Math.max(MIN_SLAB, Math.min(2L * filled, Math.min(MAX_SLAB, round)));
        return (int) Math.max(doubled, wanted);
    }
}
