package org.planewatch.console.record;

import java.util.Arrays;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The newest value, collection time and source of every leaf, indexed by leaf id. Batches encode
 * values as changes against it, so the writer and every reader keep one in step; a keyframe is a
 * copy of it, which is where a reader can start decoding.
 *
 * <p>Integers are kept as numbers, not value objects: a reader replaces most leaves' values every
 * recorded second, and at 100x an object per value lived just long enough for every young
 * collection to copy the whole table (ADR 0078).
 */
final class LeafValues {
    private static final byte NONE = 0;
    private static final byte UINT = 1;
    private static final byte INT = 2;
    private static final byte OBJECT = 3;

    private byte[] kinds = new byte[1024];
    private long[] numbers = new long[1024];
    private TelemetryValue[] objects = new TelemetryValue[1024];
    private long[] timestamps = new long[1024];
    private int[] sources = new int[1024];

    boolean has(int leaf) {
        return leaf < kinds.length && kinds[leaf] != NONE;
    }

    /** The value, built here for an integer; null when the leaf has none. */
    TelemetryValue value(int leaf) {
        if (leaf >= kinds.length) {
            return null;
        }
        return switch (kinds[leaf]) {
            case UINT -> TelemetryValue.uint(numbers[leaf]);
            case INT -> new TelemetryValue.Int(numbers[leaf]);
            case OBJECT -> objects[leaf];
            default -> null;
        };
    }

    /** Whether the leaf's value equals {@code value}, without building its own. */
    boolean holds(int leaf, TelemetryValue value) {
        if (leaf >= kinds.length) {
            return false;
        }
        return switch (kinds[leaf]) {
            case UINT -> value instanceof TelemetryValue.Uint u && u.value() == numbers[leaf];
            case INT -> value instanceof TelemetryValue.Int i && i.value() == numbers[leaf];
            case OBJECT -> value.equals(objects[leaf]);
            default -> false;
        };
    }

    boolean isUint(int leaf) {
        return leaf < kinds.length && kinds[leaf] == UINT;
    }

    boolean isInt(int leaf) {
        return leaf < kinds.length && kinds[leaf] == INT;
    }

    /** The number of a leaf holding an integer ({@link #isUint}, {@link #isInt}). */
    long number(int leaf) {
        return numbers[leaf];
    }

    long timestamp(int leaf) {
        return timestamps[leaf];
    }

    int source(int leaf) {
        return sources[leaf];
    }

    void set(int leaf, TelemetryValue value, long timestampNs, int source) {
        // instanceof, not a pattern switch: per recorded update (ADR 0079)
        if (value instanceof TelemetryValue.Uint u) {
            setNumber(leaf, UINT, u.value(), timestampNs, source);
        } else if (value instanceof TelemetryValue.Int i) {
            setNumber(leaf, INT, i.value(), timestampNs, source);
        } else {
            setObject(leaf, value, timestampNs, source);
        }
    }

    /** A value that is not an integer (text, flag, decimal): the decoder knows that from its tag. */
    void setObject(int leaf, TelemetryValue value, long timestampNs, int source) {
        ensure(leaf);
        kinds[leaf] = OBJECT;
        objects[leaf] = value;
        stamp(leaf, timestampNs, source);
    }

    void setUint(int leaf, long number, long timestampNs, int source) {
        setNumber(leaf, UINT, number, timestampNs, source);
    }

    void setInt(int leaf, long number, long timestampNs, int source) {
        setNumber(leaf, INT, number, timestampNs, source);
    }

    /** The same value again, collected at {@code timestampNs}. */
    void stamp(int leaf, long timestampNs, int source) {
        timestamps[leaf] = timestampNs;
        sources[leaf] = source;
    }

    void remove(int leaf) {
        if (leaf < kinds.length) {
            kinds[leaf] = NONE;
            objects[leaf] = null;
        }
    }

    void clear() {
        Arrays.fill(kinds, NONE);
        Arrays.fill(objects, null);
    }

    private void setNumber(int leaf, byte kind, long number, long timestampNs, int source) {
        ensure(leaf);
        if (kinds[leaf] == OBJECT) {
            objects[leaf] = null; // only then: a store per counter touched another array for nothing
        }
        kinds[leaf] = kind;
        numbers[leaf] = number;
        stamp(leaf, timestampNs, source);
    }

    private void ensure(int leaf) {
        if (leaf >= kinds.length) {
            int size = Math.max(kinds.length * 2, leaf + 1);
            kinds = Arrays.copyOf(kinds, size);
            numbers = Arrays.copyOf(numbers, size);
            objects = Arrays.copyOf(objects, size);
            timestamps = Arrays.copyOf(timestamps, size);
            sources = Arrays.copyOf(sources, size);
        }
    }
}
