package org.planewatch.console.telemetry;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The updates of one notification as columns (paths, values, list keys) instead of an object per
 * update: what a replay decodes ahead of its clock. Decoded seconds of a recording wait in memory
 * until the replay thread applies them, and whatever waits when a young collection comes is copied
 * by it; an update object, and for every event-ring leaf a path object of its own, made those
 * collections pause 30 to 90 ms during a replay at 100x (ADR 0077).
 *
 * <p>An update is either a plain path or a <em>keyed</em> one: a template path with one list key
 * whose value is {@code *} ({@code events/event[seq=*]/state/reason}) and the number that fills it.
 * {@link #get} builds the concrete {@link TelemetryUpdate} on demand, so to any reader of the list
 * this is the same list of updates; the state owner reads the columns directly.
 *
 * <p>Immutable.
 */
public final class UpdateColumns extends AbstractList<TelemetryUpdate> implements RandomAccess {
    /** The key value of a plain (not keyed) update. */
    private static final long PLAIN = -1;

    private final TelemetryPath[] paths;
    private final TelemetryValue[] values;
    /** Per update the number that fills its template's {@code *} key, or {@link #PLAIN}; null when no update is keyed. */
    private final long[] keys;

    private UpdateColumns(TelemetryPath[] paths, TelemetryValue[] values, long[] keys) {
        this.paths = paths;
        this.values = values;
        this.keys = keys;
    }

    @Override
    public int size() {
        return paths.length;
    }

    @Override
    public TelemetryUpdate get(int index) {
        return new TelemetryUpdate(path(index), values[index]);
    }

    /** The concrete path of update {@code index}. */
    public TelemetryPath path(int index) {
        return isKeyed(index) ? fill(paths[index], keys[index]) : paths[index];
    }

    /** The path of a plain update, the template of a keyed one. */
    public TelemetryPath pathOrTemplate(int index) {
        return paths[index];
    }

    public TelemetryValue value(int index) {
        return values[index];
    }

    public boolean isKeyed(int index) {
        return keys != null && keys[index] != PLAIN;
    }

    /** The number that fills a keyed update's template. */
    public long key(int index) {
        return keys[index];
    }

    /** The template with its {@code *} key value replaced by {@code key} in decimal. */
    public static TelemetryPath fill(TelemetryPath template, long key) {
        List<PathElem> elems = template.elems();
        PathElem[] filled = elems.toArray(new PathElem[0]);
        for (int i = 0; i < filled.length; i++) {
            PathElem elem = filled[i];
            if (elem.keys().containsValue(PathElem.ANY)) {
                if (elem.keys().size() == 1) {
                    filled[i] = PathElem.of(elem.name(), elem.keys().keySet().iterator().next(), Long.toString(key));
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

    /** Collects the updates of one notification in order. */
    public static final class Builder {
        private TelemetryPath[] paths;
        private TelemetryValue[] values;
        private long[] keys;
        private int size;

        public Builder(int expected) {
            int capacity = Math.max(1, expected);
            paths = new TelemetryPath[capacity];
            values = new TelemetryValue[capacity];
        }

        public Builder add(TelemetryPath path, TelemetryValue value) {
            grow();
            paths[size] = path;
            values[size] = value;
            if (keys != null) {
                keys[size] = PLAIN;
            }
            size++;
            return this;
        }

        /**
         * A keyed update: {@code template} has one list key valued {@code *}, filled by {@code key}
         * (not negative).
         */
        public Builder addKeyed(TelemetryPath template, long key, TelemetryValue value) {
            if (key < 0) {
                throw new IllegalArgumentException("list key number must not be negative: " + key);
            }
            grow();
            if (keys == null) {
                keys = new long[paths.length];
                Arrays.fill(keys, 0, size, PLAIN);
            }
            paths[size] = template;
            values[size] = value;
            keys[size] = key;
            size++;
            return this;
        }

        public int size() {
            return size;
        }

        public UpdateColumns build() {
            UpdateColumns built = new UpdateColumns(Arrays.copyOf(paths, size), Arrays.copyOf(values, size),
                    keys == null ? null : Arrays.copyOf(keys, size));
            paths = null; // one build per builder: the columns must not change after it
            values = null;
            keys = null;
            return built;
        }

        private void grow() {
            if (size == paths.length) {
                int capacity = paths.length * 2;
                paths = Arrays.copyOf(paths, capacity);
                values = Arrays.copyOf(values, capacity);
                if (keys != null) {
                    keys = Arrays.copyOf(keys, capacity);
                }
            }
        }
    }
}
