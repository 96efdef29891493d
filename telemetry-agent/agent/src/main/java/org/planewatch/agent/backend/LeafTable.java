package org.planewatch.agent.backend;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
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
    /** Leaf i's raw value is {@code raw[rawBase + i]}: a table's own array, or its range of a shared slab. */
    private final long[] raw;

    private final int rawBase;
    /** null at i: the value is {@code Uint(raw(i))}. */
    private final TelemetryValue[] objects;
    /** Where the columns of the tables following this one come from; null: arrays of their own. */
    private final ColumnSlabs slabs;

    /** Which publication of its device this table is ({@link #following}): 0 for the first. */
    private final long generation;
    /**
     * Per leaf, how many publications ago its value last changed, saturating at {@link #MAX_AGE};
     * null when every leaf is new in this table (the device's first, or a new layout).
     */
    private final byte[] ages;

    private final int agesBase;

    private static final int MAX_AGE = 255;

    private LeafTable(
            LeafLayout layout,
            ColumnSlabs.Longs raw,
            TelemetryValue[] objects,
            ColumnSlabs slabs,
            long generation,
            ColumnSlabs.Bytes ages) {
        this.layout = layout;
        this.raw = raw.array();
        this.rawBase = raw.base();
        this.objects = objects;
        this.slabs = slabs;
        this.generation = generation;
        this.ages = ages == null ? null : ages.array();
        this.agesBase = ages == null ? 0 : ages.base();
    }

    private ColumnSlabs.Longs rawColumn() {
        return new ColumnSlabs.Longs(raw, rawBase);
    }

    /**
     * This table as the publication after {@code previous} (null: the device's first): the same
     * values, numbered one past it, knowing which leaves changed since. A stream that suppresses
     * redundant samples then tells what changed since the table it last sent by number, without
     * keeping that table (a second copy of every device on the full fabric) or a value per leaf sent.
     */
    public LeafTable following(LeafTable previous) {
        if (previous == null) {
            return new LeafTable(layout, rawColumn(), objects, slabs, 0, null);
        }
        if (previous.layout != layout) {
            return new LeafTable(layout, rawColumn(), objects, slabs, previous.generation + 1, null);
        }
        int size = layout.size();
        ColumnSlabs.Bytes next = slabs == null ? new ColumnSlabs.Bytes(new byte[size], 0) : slabs.bytes(size);
        byte[] out = next.array();
        int base = next.base();
        for (int i = 0; i < size; i++) {
            int age = previous.ages == null ? 0 : previous.ages[previous.agesBase + i] & 0xff;
            out[base + i] = sameValue(i, previous) ? (byte) Math.min(age + 1, MAX_AGE) : 0;
        }
        // Text values rarely change (names, states): the previous table's array serves again, so
        // the one this table was built with dies young instead of living as long as the table.
        TelemetryValue[] kept = Arrays.equals(objects, previous.objects) ? previous.objects : objects;
        return new LeafTable(layout, rawColumn(), kept, slabs, previous.generation + 1, next);
    }

    /** Which publication of its device this table is: 0 for the first. */
    public long generation() {
        return generation;
    }

    /**
     * Whether leaf {@code i}'s value may differ from its value in the device's table of generation
     * {@code since}: true when it changed after that one, when {@code since} is negative (nothing
     * read before), and when it is further back than the ages tell.
     */
    public boolean changedSince(int i, long since) {
        long elapsed = generation - since;
        if (since < 0 || ages == null) {
            return elapsed > 0 || since < 0;
        }
        if (elapsed <= 0) {
            return false;
        }
        int age = ages[agesBase + i] & 0xff;
        return age < elapsed || (age == MAX_AGE && elapsed > MAX_AGE);
    }

    public LeafLayout layout() {
        return layout;
    }

    /** Whether leaf {@code i} is an unsigned integer whose value is {@link #raw(int)}. */
    public boolean isUint(int i) {
        return objects[i] == null;
    }

    public long raw(int i) {
        return raw[rawBase + i];
    }

    /** The value of leaf {@code i}, boxed. */
    public TelemetryValue value(int i) {
        TelemetryValue o = objects[i];
        return o != null ? o : TelemetryValue.uint(raw(i));
    }

    /** Whether leaf {@code i} has the same value in both tables (same layout assumed). */
    public boolean sameValue(int i, LeafTable other) {
        TelemetryValue a = objects[i];
        TelemetryValue b = other.objects[i];
        if (a == null || b == null) {
            return a == b && raw(i) == other.raw(i);
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
        private final ColumnSlabs slabs;
        private final ColumnSlabs.Longs column;
        private final long[] raw;
        private final int rawBase;
        private final TelemetryValue[] objects;
        private int filled;

        /** A table with arrays of its own (and the tables following it too). */
        public Builder(LeafLayout layout) {
            this(layout, null);
        }

        /** A table whose numeric column, and those of the tables following it, are ranges of {@code slabs}. */
        public Builder(LeafLayout layout, ColumnSlabs slabs) {
            this.layout = layout;
            this.slabs = slabs;
            this.column =
                    slabs == null ? new ColumnSlabs.Longs(new long[layout.size()], 0) : slabs.longs(layout.size());
            this.raw = column.array();
            this.rawBase = column.base();
            this.objects = new TelemetryValue[layout.size()];
        }

        /** The next leaf in layout order is the unsigned integer {@code value}. */
        public Builder uint(long value) {
            raw[rawBase + filled++] = value;
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
            return new LeafTable(layout, column, objects, slabs, 0, null);
        }
    }
}
