package org.planewatch.console.telemetry;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The updates of one notification as columns (paths as {@link PathColumns}, numbers as numbers)
 * instead of an object per update: what a replay decodes ahead of its clock. Decoded seconds of a
 * recording wait in memory until the replay thread applies them, and whatever waits when a young
 * collection comes is copied by it; an update object, a value object per counter, and for every
 * event-ring leaf a path object of its own made those collections pause 30 to 90 ms during a replay
 * at 100x (ADR 0077, ADR 0078). The notifications of one decoded batch share one set of arrays,
 * each a {@link #slice} of them.
 *
 * <p>{@link #get} builds the concrete {@link TelemetryUpdate} on demand, so to any reader of the
 * list this is the same list of updates; the state owner reads the columns directly. Immutable.
 */
public final class UpdateColumns extends AbstractList<TelemetryUpdate> implements RandomAccess {
    private static final byte OBJECT = 0;
    private static final byte UINT = 1;
    private static final byte INT = 2;

    private final PathColumns paths;
    /** Per update: {@link #UINT} or {@link #INT} with the number in {@link #numbers}, or {@link #OBJECT} in {@link #objects}. */
    private final byte[] kinds;

    private final long[] numbers;
    private final TelemetryValue[] objects;
    private final int from;

    private UpdateColumns(PathColumns paths, byte[] kinds, long[] numbers, TelemetryValue[] objects, int from) {
        this.paths = paths;
        this.kinds = kinds;
        this.numbers = numbers;
        this.objects = objects;
        this.from = from;
    }

    @Override
    public int size() {
        return paths.size();
    }

    @Override
    public TelemetryUpdate get(int index) {
        return new TelemetryUpdate(paths.get(index), value(index));
    }

    /** The concrete path of update {@code index}. */
    public TelemetryPath path(int index) {
        return paths.get(index);
    }

    /** The path of a plain update, the template of a keyed one. */
    public TelemetryPath pathOrTemplate(int index) {
        return paths.pathOrTemplate(index);
    }

    /** The value, built here for a number (a shared one for small counters). */
    public TelemetryValue value(int index) {
        int at = from + Objects.checkIndex(index, size());
        return switch (kinds[at]) {
            case UINT -> TelemetryValue.uint(numbers[at]);
            case INT -> new TelemetryValue.Int(numbers[at]);
            default -> objects[at];
        };
    }

    /** Whether update {@code index} is an integer ({@code uint} or {@code int}): {@link #number} reads it without a value object. */
    public boolean isInteger(int index) {
        return kinds[from + Objects.checkIndex(index, size())] != OBJECT;
    }

    public long number(int index) {
        return numbers[from + Objects.checkIndex(index, size())];
    }

    public boolean isKeyed(int index) {
        return paths.isKeyed(index);
    }

    /** The number that fills a keyed update's template. */
    public long key(int index) {
        return paths.key(index);
    }

    /** Updates {@code fromIndex} (inclusive) to {@code toIndex} (exclusive) of this list, sharing its arrays. */
    public UpdateColumns slice(int fromIndex, int toIndex) {
        return new UpdateColumns(paths.slice(fromIndex, toIndex), kinds, numbers, objects, from + fromIndex);
    }

    /** Collects updates in order; one {@link #build} per builder. */
    public static final class Builder {
        private final PathColumns.Builder paths;
        private byte[] kinds;
        private long[] numbers;
        private TelemetryValue[] objects;

        public Builder(int expected) {
            paths = new PathColumns.Builder(expected);
            kinds = new byte[paths.capacity()];
            numbers = new long[paths.capacity()];
            objects = new TelemetryValue[paths.capacity()];
        }

        public Builder add(TelemetryPath path, TelemetryValue value) {
            paths.add(path);
            return value(value);
        }

        /** A keyed update: {@code template} has one list key valued {@code *}, filled by {@code key} (not negative). */
        public Builder addKeyed(TelemetryPath template, long key, TelemetryValue value) {
            paths.addKeyed(template, key);
            return value(value);
        }

        /** An update whose value is the {@code uint} {@code number}, without a value object. */
        public Builder addUint(TelemetryPath path, long number) {
            paths.add(path);
            return number(UINT, number);
        }

        public Builder addInt(TelemetryPath path, long number) {
            paths.add(path);
            return number(INT, number);
        }

        public int size() {
            return paths.size();
        }

        public UpdateColumns build() {
            UpdateColumns built =
                    new UpdateColumns(paths.build(), kinds, numbers, objects, 0); // room to spare included, as paths
            kinds = null; // the columns must not change after the build
            numbers = null;
            objects = null;
            return built;
        }

        private Builder value(TelemetryValue value) {
            // instanceof, not a pattern switch: per decoded update (ADR 0079)
            if (value instanceof TelemetryValue.Uint u) {
                return number(UINT, u.value());
            }
            if (value instanceof TelemetryValue.Int i) {
                return number(INT, i.value());
            }
            int at = grown();
            kinds[at] = OBJECT;
            objects[at] = Objects.requireNonNull(value, "value");
            return this;
        }

        private Builder number(byte kind, long number) {
            int at = grown();
            kinds[at] = kind;
            numbers[at] = number;
            return this;
        }

        /** The index of the update just added to the paths, after growing the value columns alike. */
        private int grown() {
            if (kinds.length < paths.capacity()) {
                kinds = Arrays.copyOf(kinds, paths.capacity());
                numbers = Arrays.copyOf(numbers, paths.capacity());
                objects = Arrays.copyOf(objects, paths.capacity());
            }
            return paths.size() - 1;
        }
    }
}
