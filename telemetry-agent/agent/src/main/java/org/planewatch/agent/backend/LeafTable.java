package org.planewatch.agent.backend;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The leaves of one snapshot as columns over a shared {@link LeafLayout}: unsigned integers (almost
 * every counter) as raw longs, other values as objects. A back end that samples hundreds of thousands
 * of leaves per interval allocates two arrays per device instead of one entry and one value per leaf,
 * and the server reads it by index. To everything else it is an immutable map in layout order.
 */
public final class LeafTable extends AbstractMap<TelemetryPath, TelemetryValue> {

    private final LeafLayout layout;
    private final long[] raw;
    /** null at i: the value is {@code Uint(raw[i])}. */
    private final TelemetryValue[] objects;

    private LeafTable(LeafLayout layout, long[] raw, TelemetryValue[] objects) {
        this.layout = layout;
        this.raw = raw;
        this.objects = objects;
    }

    public LeafLayout layout() {
        return layout;
    }

    /** Whether leaf {@code i} is an unsigned integer whose value is {@link #raw(int)}. */
    public boolean isUint(int i) {
        return objects[i] == null;
    }

    public long raw(int i) {
        return raw[i];
    }

    /** The value of leaf {@code i}, boxed. */
    public TelemetryValue value(int i) {
        TelemetryValue o = objects[i];
        return o != null ? o : TelemetryValue.uint(raw[i]);
    }

    /** Whether leaf {@code i} has the same value in both tables (same layout assumed). */
    public boolean sameValue(int i, LeafTable other) {
        TelemetryValue a = objects[i];
        TelemetryValue b = other.objects[i];
        if (a == null || b == null) {
            return a == b && raw[i] == other.raw[i];
        }
        return a == b || a.equals(b);
    }

    @Override
    public int size() {
        return layout.size();
    }

    @Override
    public TelemetryValue get(Object key) {
        if (!(key instanceof TelemetryPath path)) {
            return null;
        }
        int i = layout.indexOf(path);
        return i < 0 ? null : value(i);
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof TelemetryPath path && layout.indexOf(path) >= 0;
    }

    @Override
    public Set<Entry<TelemetryPath, TelemetryValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return layout.size();
            }

            @Override
            public Iterator<Entry<TelemetryPath, TelemetryValue>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < layout.size();
                    }

                    @Override
                    public Entry<TelemetryPath, TelemetryValue> next() {
                        if (next >= layout.size()) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(layout.path(i), value(i));
                    }
                };
            }
        };
    }

    /** Fills a table of one layout; {@link #build()} hands it over (the builder must not be used after). */
    public static final class Builder {
        private final LeafLayout layout;
        private final long[] raw;
        private final TelemetryValue[] objects;
        private int filled;

        public Builder(LeafLayout layout) {
            this.layout = layout;
            this.raw = new long[layout.size()];
            this.objects = new TelemetryValue[layout.size()];
        }

        /** The next leaf in layout order is the unsigned integer {@code value}. */
        public Builder uint(long value) {
            raw[filled++] = value;
            return this;
        }

        /** The next leaf in layout order is {@code value}. */
        public Builder value(TelemetryValue value) {
            if (value instanceof TelemetryValue.Uint u) {
                return uint(u.value());
            }
            objects[filled++] = Objects.requireNonNull(value, "value");
            return this;
        }

        public int filled() {
            return filled;
        }

        public LeafTable build() {
            if (filled != layout.size()) {
                throw new IllegalStateException("filled " + filled + " of " + layout.size() + " leaves");
            }
            return new LeafTable(layout, raw, objects);
        }
    }
}
