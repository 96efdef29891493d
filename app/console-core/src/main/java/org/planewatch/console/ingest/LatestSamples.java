package org.planewatch.console.ingest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Samples the state owner had no time for, coalesced to the newest value: at most one pending
 * notification per (source, device, list of paths), whatever the agents send. Devices wait in the
 * order they first had something pending, so the owner takes the one that waited longest first and
 * the first device's wait is how far behind the console is (ADR 0098). Holds counters and gauges
 * only: exclusion decisions and deletes never come here. Guarded by the {@link IngestQueue}'s lock.
 *
 * <p>Values are kept in columns, not as an object per leaf (ADR 0108). An agent lists a device's
 * leaves in the same order every sample, and its decoder hands over one path object per distinct
 * path, so a notification's list of paths, its {@link Shape}, is the same for every sample of a
 * device and is usually shared by every device of a kind: a pending notification is its shape and
 * an array of numbers (texts and other values in a second array, made only when there are some). A
 * map entry, an update and a value object per waiting leaf cost about 85 bytes each; at 9,728 devices
 * the coalescing side held 6.7 million of them.
 *
 * <p>A device's pending notifications are taken in the order they were last written: a newer
 * notification of the same shape overwrites every value of the older, so the one written last holds
 * the newest value of each of its paths, and taken last, its values are the ones the state keeps even
 * where two shapes share a path.
 */
final class LatestSamples {
    private record DeviceKey(String source, String target) {}

    /**
     * The paths of a notification's updates, in order; equal lists are one object while the
     * registry has room (see {@link Shapes}), so pending notifications are found by identity.
     */
    static final class Shape {
        final TelemetryPath[] paths;
        final int hash;

        private Shape(TelemetryPath[] paths, int hash) {
            this.paths = paths;
            this.hash = hash;
        }
    }

    /** One shape's newest values for one device: numbers by position; other values, when there are some, beside them. */
    private static final class Pending {
        final Shape shape;
        /** The {@code uint} values; a position whose value is of another kind has it in {@link #others}. */
        final long[] numbers;
        /**
         * Values that are not {@code uint}, by position: a text as its (pooled) string, other kinds
         * (signed and decimal numbers, flags) as their value; null until there is one.
         */
        Object[] others;

        long timestampNs;
        long arrivalMillis;

        Pending(Shape shape) {
            this.shape = shape;
            this.numbers = new long[shape.paths.length];
        }

        void write(IngestEvent.Notification notification, List<TelemetryUpdate> updates, TextPool texts) {
            for (int i = 0; i < numbers.length; i++) {
                TelemetryValue value = updates.get(i).value();
                // instanceof, not a pattern switch: per coalesced update (ADR 0079)
                if (value instanceof TelemetryValue.Uint number) {
                    numbers[i] = number.value();
                    if (others != null) {
                        others[i] = null;
                    }
                } else {
                    if (others == null) {
                        others = new Object[numbers.length];
                    }
                    others[i] = value instanceof TelemetryValue.Str text ? texts.pooled(text.value()) : value;
                }
            }
            // Forward only: a sample decoded on another stream may be offered late.
            timestampNs = Math.max(timestampNs, notification.timestampNs());
            arrivalMillis = Math.max(arrivalMillis, notification.arrivalMillis());
        }

        UpdateColumns updates() {
            UpdateColumns.Builder columns = new UpdateColumns.Builder(numbers.length);
            for (int i = 0; i < numbers.length; i++) {
                Object other = others == null ? null : others[i];
                if (other == null) {
                    columns.addUint(shape.paths[i], numbers[i]); // no value object (ADR 0078)
                } else if (other instanceof String text) {
                    columns.add(shape.paths[i], new TelemetryValue.Str(text));
                } else {
                    columns.add(shape.paths[i], (TelemetryValue) other);
                }
            }
            return columns.build();
        }
    }

    /** One device's pending notifications, by shape, in the order they were last written. */
    private static final class PendingDevice {
        final String source;
        final String target;
        final long pendingSinceMillis;
        final LinkedHashMap<Shape, Pending> byShape = new LinkedHashMap<>();
        long leaves;

        PendingDevice(String source, String target, long pendingSinceMillis) {
            this.source = source;
            this.target = target;
            this.pendingSinceMillis = pendingSinceMillis;
        }
    }

    private final LinkedHashMap<DeviceKey, PendingDevice> devices = new LinkedHashMap<>();
    private final Shapes shapes = new Shapes();
    private final TextPool texts = new TextPool();
    private final long maxLeaves;
    private long leaves;

    LatestSamples(long maxLeaves) {
        this.maxLeaves = maxLeaves;
    }

    /** What one merge did: values that replaced a pending one, and values refused because the bound was reached. */
    record Merged(long coalesced, long dropped) {}

    /** Keeps the newest values of {@code updates}; the notification gives source, device and times. */
    Merged merge(IngestEvent.Notification notification, List<TelemetryUpdate> updates) {
        if (updates.isEmpty()) {
            return new Merged(0, 0);
        }
        DeviceKey key = new DeviceKey(notification.source(), notification.target());
        PendingDevice device = devices.get(key);
        Shape shape = shapes.of(updates);
        Pending pending = device == null ? null : device.byShape.remove(shape);
        long coalesced = 0;
        if (pending != null) {
            coalesced = updates.size();
        } else if (leaves + updates.size() > maxLeaves) {
            return new Merged(0, updates.size());
        } else {
            if (device == null) {
                device = new PendingDevice(notification.source(), notification.target(), notification.arrivalMillis());
                devices.put(key, device);
            }
            pending = new Pending(shape);
            device.leaves += updates.size();
            leaves += updates.size();
        }
        pending.write(notification, updates, texts);
        device.byShape.put(shape, pending); // last written, last taken
        return new Merged(coalesced, 0);
    }

    boolean isEmpty() {
        return devices.isEmpty();
    }

    long leaves() {
        return leaves;
    }

    /** When the device that waited longest first had something pending; the queue must not be empty. */
    long oldestPendingMillis() {
        return devices.firstEntry().getValue().pendingSinceMillis;
    }

    /**
     * Removes the device that waited longest and returns its newest values: a notification per
     * shape, each with the timestamp of the sample its values are from, in the order they were
     * last written.
     */
    List<IngestEvent.Notification> takeOldest() {
        PendingDevice device = devices.pollFirstEntry().getValue();
        leaves -= device.leaves;
        List<IngestEvent.Notification> taken = new ArrayList<>(device.byShape.size());
        for (Pending pending : device.byShape.values()) {
            taken.add(new IngestEvent.Notification(
                    device.source,
                    device.target,
                    pending.timestampNs,
                    pending.updates(),
                    List.of(),
                    pending.arrivalMillis));
        }
        return taken;
    }

    /** Leaves waiting in the device {@link #takeOldest} would take next. */
    long oldestSize() {
        return devices.firstEntry().getValue().leaves;
    }

    /**
     * One string per distinct text, while there is room: a decoder makes a new string for every text
     * it decodes, and an initial state is a quarter texts ("UP", "SPEED_100GB", LLDP neighbors' names
     * and ports), each an update, a value and a string of its own otherwise.
     */
    static final class TextPool {
        static final int MAX_TEXTS = 1 << 16;
        /** Longer texts are kept as they came: a pool of them would hold more than it shares. */
        static final int MAX_LENGTH = 64;

        private final java.util.HashMap<String, String> pool = new java.util.HashMap<>();

        String pooled(String text) {
            if (text.length() > MAX_LENGTH) {
                return text;
            }
            String pooled = pool.putIfAbsent(text, text);
            if (pooled != null) {
                return pooled;
            }
            if (pool.size() > MAX_TEXTS) {
                pool.clear();
            }
            return text;
        }
    }

    /**
     * One {@link Shape} per distinct list of paths: open addressing by the paths' hashes, compared by
     * identity first (decoders hand over the same path objects), then by value. Bounded in shapes and
     * in the paths they hold: a sender whose lists never repeat starts it over, and its notifications
     * then each wait as their own (the coalescing side's bound on leaves still holds).
     */
    static final class Shapes {
        static final int MAX_SHAPES = 1 << 14;
        static final long MAX_PATHS = 1 << 22;

        private Shape[] table = new Shape[64];
        private int size;
        private long paths;

        Shape of(List<TelemetryUpdate> updates) {
            int hash = hash(updates);
            int mask = table.length - 1;
            int i = hash & mask;
            for (Shape shape = table[i]; shape != null; shape = table[i = (i + 1) & mask]) {
                if (shape.hash == hash && samePathsAs(shape, updates)) {
                    return shape;
                }
            }
            TelemetryPath[] list = new TelemetryPath[updates.size()];
            for (int p = 0; p < list.length; p++) {
                list[p] = updates.get(p).path();
            }
            Shape shape = new Shape(list, hash);
            if (size >= MAX_SHAPES || paths + list.length > MAX_PATHS) {
                Arrays.fill(table, null);
                size = 0;
                paths = 0;
            } else if ((size + 1) * 2 > table.length) {
                grow();
            }
            insert(shape);
            return shape;
        }

        private void insert(Shape shape) {
            int mask = table.length - 1;
            int i = shape.hash & mask;
            while (table[i] != null) {
                i = (i + 1) & mask;
            }
            table[i] = shape;
            size++;
            paths += shape.paths.length;
        }

        private void grow() {
            Shape[] old = table;
            table = new Shape[old.length * 2];
            size = 0;
            paths = 0;
            for (Shape shape : old) {
                if (shape != null) {
                    insert(shape);
                }
            }
        }

        private static int hash(List<TelemetryUpdate> updates) {
            int h = updates.size();
            for (int i = 0; i < updates.size(); i++) {
                h = h * 0x9E3779B9 + updates.get(i).path().hashCode();
            }
            return h ^ (h >>> 16);
        }

        private static boolean samePathsAs(Shape shape, List<TelemetryUpdate> updates) {
            TelemetryPath[] paths = shape.paths;
            if (paths.length != updates.size()) {
                return false;
            }
            for (int i = 0; i < paths.length; i++) {
                TelemetryPath path = updates.get(i).path();
                if (paths[i] != path && !paths[i].equals(path)) {
                    return false;
                }
            }
            return true;
        }
    }
}
