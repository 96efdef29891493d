package org.planewatch.console.telemetry;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The updates of one notification as columns (paths as {@link PathColumns}, values) instead of an
 * object per update: what a replay decodes ahead of its clock. Decoded seconds of a recording wait
 * in memory until the replay thread applies them, and whatever waits when a young collection comes
 * is copied by it; an update object, and for every event-ring leaf a path object of its own, made
 * those collections pause 30 to 90 ms during a replay at 100x (ADR 0077).
 *
 * <p>{@link #get} builds the concrete {@link TelemetryUpdate} on demand, so to any reader of the
 * list this is the same list of updates; the state owner reads the columns directly. Immutable.
 */
public final class UpdateColumns extends AbstractList<TelemetryUpdate> implements RandomAccess {
    private final PathColumns paths;
    private final TelemetryValue[] values;

    private UpdateColumns(PathColumns paths, TelemetryValue[] values) {
        this.paths = paths;
        this.values = values;
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public TelemetryUpdate get(int index) {
        return new TelemetryUpdate(paths.get(index), values[index]);
    }

    /** The concrete path of update {@code index}. */
    public TelemetryPath path(int index) {
        return paths.get(index);
    }

    /** The path of a plain update, the template of a keyed one. */
    public TelemetryPath pathOrTemplate(int index) {
        return paths.pathOrTemplate(index);
    }

    public TelemetryValue value(int index) {
        return values[index];
    }

    public boolean isKeyed(int index) {
        return paths.isKeyed(index);
    }

    /** The number that fills a keyed update's template. */
    public long key(int index) {
        return paths.key(index);
    }

    /** Collects the updates of one notification in order; one {@link #build} per builder. */
    public static final class Builder {
        private final PathColumns.Builder paths;
        private TelemetryValue[] values;

        public Builder(int expected) {
            paths = new PathColumns.Builder(expected);
            values = new TelemetryValue[paths.capacity()];
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

        public int size() {
            return paths.size();
        }

        public UpdateColumns build() {
            int size = paths.size();
            UpdateColumns built = new UpdateColumns(paths.build(), values.length == size ? values : Arrays.copyOf(values, size));
            values = null;
            return built;
        }

        private Builder value(TelemetryValue value) {
            if (values.length < paths.capacity()) {
                values = Arrays.copyOf(values, paths.capacity());
            }
            values[paths.size() - 1] = value;
            return this;
        }
    }
}
