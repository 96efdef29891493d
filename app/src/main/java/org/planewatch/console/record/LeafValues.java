package org.planewatch.console.record;

import java.util.Arrays;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The newest value, collection time and source of every leaf, indexed by leaf id. Batches encode
 * values as changes against it, so the writer and every reader keep one in step; a keyframe is a
 * copy of it, which is where a reader can start decoding.
 */
final class LeafValues {
    private TelemetryValue[] values = new TelemetryValue[1024];
    private long[] timestamps = new long[1024];
    private int[] sources = new int[1024];

    TelemetryValue value(int leaf) {
        return leaf < values.length ? values[leaf] : null;
    }

    long timestamp(int leaf) {
        return timestamps[leaf];
    }

    int source(int leaf) {
        return sources[leaf];
    }

    void set(int leaf, TelemetryValue value, long timestampNs, int source) {
        ensure(leaf);
        values[leaf] = value;
        timestamps[leaf] = timestampNs;
        sources[leaf] = source;
    }

    void remove(int leaf) {
        if (leaf < values.length) {
            values[leaf] = null;
        }
    }

    int capacity() {
        return values.length;
    }

    void clear() {
        Arrays.fill(values, null);
    }

    private void ensure(int leaf) {
        if (leaf >= values.length) {
            int size = Math.max(values.length * 2, leaf + 1);
            values = Arrays.copyOf(values, size);
            timestamps = Arrays.copyOf(timestamps, size);
            sources = Arrays.copyOf(sources, size);
        }
    }
}
