package org.planewatch.console.telemetry;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Paths as columns: each a plain path, or <em>keyed</em>, a template with one list key valued
 * {@code *} ({@code events/event[seq=*]}) and the number that fills it. What a replay decodes for a
 * notification's deletes (mostly the agents evicting decisions from their event rings) and, inside
 * {@link UpdateColumns}, for its updates: a concrete path per ring entry would be an object of its
 * own waiting in memory for every one of them (ADR 0077). {@link #get} builds the concrete path on
 * demand, so to any reader this is the same list of paths. Immutable.
 */
public final class PathColumns extends AbstractList<TelemetryPath> implements RandomAccess {
    /** The key of a plain (not keyed) path. */
    private static final long PLAIN = -1;

    private final TelemetryPath[] paths;
    /** Per path the number that fills its template's {@code *} key, or {@link #PLAIN}; null when none is keyed. */
    private final long[] keys;
    /** This list is {@code size} paths of the arrays from {@code from} on: one decoded batch shares its arrays among its notifications. */
    private final int from;

    private final int size;

    private PathColumns(TelemetryPath[] paths, long[] keys, int from, int size) {
        this.paths = paths;
        this.keys = keys;
        this.from = from;
        this.size = size;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public TelemetryPath get(int index) {
        return isKeyed(index)
                ? fill(paths[from + index], keys[from + index])
                : paths[from + Objects.checkIndex(index, size)];
    }

    /** The path itself when plain, the template when keyed. */
    public TelemetryPath pathOrTemplate(int index) {
        return paths[from + Objects.checkIndex(index, size)];
    }

    public boolean isKeyed(int index) {
        return keys != null && keys[from + Objects.checkIndex(index, size)] != PLAIN;
    }

    /** The number that fills a keyed path's template. */
    public long key(int index) {
        return keys[from + Objects.checkIndex(index, size)];
    }

    /** Paths {@code fromIndex} (inclusive) to {@code toIndex} (exclusive) of this list, sharing its arrays. */
    public PathColumns slice(int fromIndex, int toIndex) {
        Objects.checkFromToIndex(fromIndex, toIndex, size);
        return new PathColumns(paths, keys, from + fromIndex, toIndex - fromIndex);
    }

    /** The template with its {@code *} key value replaced by {@code key} in decimal. */
    public static TelemetryPath fill(TelemetryPath template, long key) {
        List<PathElem> elems = template.elems();
        PathElem[] filled = elems.toArray(new PathElem[0]);
        for (int i = 0; i < filled.length; i++) {
            PathElem elem = filled[i];
            if (elem.keys().containsValue(PathElem.ANY)) {
                if (elem.keys().size() == 1) {
                    filled[i] = PathElem.of(
                            elem.name(), elem.keys().keySet().iterator().next(), Long.toString(key));
                } else {
                    Map<String, String> keyValues = new LinkedHashMap<>(elem.keys());
                    keyValues.replaceAll((name, value) -> PathElem.ANY.equals(value) ? Long.toString(key) : value);
                    filled[i] = new PathElem(elem.name(), keyValues);
                }
                return new TelemetryPath(template.origin(), Arrays.asList(filled));
            }
        }
        throw new IllegalArgumentException("not a template (no * key): " + template);
    }

    /** Collects paths in order; one {@link #build} per builder. */
    public static final class Builder {
        private TelemetryPath[] paths;
        private long[] keys;
        private int size;

        public Builder(int expected) {
            paths = new TelemetryPath[Math.max(1, expected)];
        }

        public Builder add(TelemetryPath path) {
            grow();
            paths[size] = path;
            if (keys != null) {
                keys[size] = PLAIN;
            }
            size++;
            return this;
        }

        /** A keyed path: {@code template} has one list key valued {@code *}, filled by {@code key} (not negative). */
        public Builder addKeyed(TelemetryPath template, long key) {
            if (key < 0) {
                throw new IllegalArgumentException("list key number must not be negative: " + key);
            }
            grow();
            if (keys == null) {
                keys = new long[paths.length];
                Arrays.fill(keys, 0, size, PLAIN);
            }
            paths[size] = template;
            keys[size] = key;
            size++;
            return this;
        }

        public int size() {
            return size;
        }

        /** Capacity for one more: callers adding a value beside each path grow their own column alike. */
        int capacity() {
            return paths.length;
        }

        public PathColumns build() {
            // The arrays as they are, room to spare included: a copy to the exact size was a third of
            // what decoding a batch allocated (ADR 0079).
            PathColumns built = new PathColumns(paths, keys, 0, size);
            paths = null; // the columns must not change after the build
            keys = null;
            return built;
        }

        private void grow() {
            if (size == paths.length) {
                paths = Arrays.copyOf(paths, paths.length * 2);
                if (keys != null) {
                    keys = Arrays.copyOf(keys, paths.length);
                }
            }
        }
    }
}
