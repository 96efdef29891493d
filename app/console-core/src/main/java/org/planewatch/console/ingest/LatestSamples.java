package org.planewatch.console.ingest;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Samples the state owner had no time for, coalesced to the newest value per leaf: at most one
 * pending value per (source, device, path), whatever the agents send. Devices wait in the order they
 * first had something pending, so the owner takes the one that waited longest first and the first
 * device's wait is how far behind the console is (ADR 0098); but a device the owner was never handed
 * goes before every device it was: one not shown yet is worth more than newer values of one shown
 * (at 9,728 devices the last to report waited a whole round of the fabric, a minute, to appear).
 * Holds counters and gauges only: exclusion decisions and deletes never come here. Guarded by the
 * {@link IngestQueue}'s lock.
 *
 * <p>Values are kept in columns, not as an object per leaf (ADR 0108): a map entry, an update and a
 * value object per waiting leaf cost about 85 bytes each, and at 9,728 devices the coalescing side
 * held 6.7 million of them. An agent lists a device's leaves in the same order every sample, and its
 * decoder hands over one path object per distinct path, so the list of paths of a notification, its
 * {@link Shape}, comes again and again: a device keeps its values by position in the lists of its
 * pending notifications (numbers in a long array; texts and other values beside them only when there
 * are some), and a later notification of the same list overwrites them without a lookup. A list joins
 * the device's only when none of its leaves waits already (an initial state in several notifications);
 * leaves a later notification brings outside them (an agent that sends only what changed) wait by path
 * in {@link Leaves}. Shapes are shared by every device whose lists are equal.
 */
final class LatestSamples {
    private record DeviceKey(String source, String target) {}

    /** One list of paths of a device and its newest values by position in it. */
    private static final class Segment {
        final Shape shape;
        final Values values;

        Segment(Shape shape) {
            this.shape = shape;
            this.values = new Values(shape.paths.length);
        }
    }

    /**
     * One device's newest values: by position in the lists of paths of its pending notifications
     * (segments, disjoint: a list joins only when none of its paths is in one already, so that each
     * leaf waits once), and by path for the leaves outside them.
     */
    private static final class PendingDevice {
        /**
         * Segments a device keeps at most: an initial state comes in a few notifications per device
         * (a list each), samples repeat them; a sender whose lists keep changing waits by path.
         */
        static final int MAX_SEGMENTS = 8;

        final String source;
        final String target;
        final long pendingSinceMillis;
        long timestampNs;
        long arrivalMillis;
        Segment[] segments = new Segment[1];
        int segmentCount;
        /** Leaves outside the segments; null until there is one. */
        Leaves others;

        PendingDevice(String source, String target, long pendingSinceMillis) {
            this.source = source;
            this.target = target;
            this.pendingSinceMillis = pendingSinceMillis;
        }

        void add(Segment segment) {
            if (segmentCount == segments.length) {
                segments = Arrays.copyOf(segments, segmentCount * 2);
            }
            segments[segmentCount++] = segment;
        }

        /** The segment whose list is exactly {@code updates}' paths, null when none. */
        Segment listing(List<TelemetryUpdate> updates) {
            for (int s = 0; s < segmentCount; s++) {
                if (segments[s].shape.isListOf(updates)) {
                    return segments[s];
                }
            }
            return null;
        }

        /** Whether a segment has {@code path}. */
        boolean inSegments(TelemetryPath path) {
            for (int s = 0; s < segmentCount; s++) {
                if (segments[s].shape.indexOf(path) >= 0) {
                    return true;
                }
            }
            return false;
        }

        /** Puts a value of a path in its segment; false when no segment has the path. */
        boolean putInSegment(TelemetryPath path, TelemetryValue value, TextPool texts) {
            for (int s = 0; s < segmentCount; s++) {
                int position = segments[s].shape.indexOf(path);
                if (position >= 0) {
                    segments[s].values.put(position, value, texts);
                    return true;
                }
            }
            return false;
        }

        int leaves() {
            int leaves = others == null ? 0 : others.size;
            for (int s = 0; s < segmentCount; s++) {
                leaves += segments[s].shape.paths.length;
            }
            return leaves;
        }
    }

    /** Devices the owner was handed before, in the order they first had something pending. */
    private final LinkedHashMap<DeviceKey, PendingDevice> devices = new LinkedHashMap<>();
    /** Devices the owner was never handed, in the same order: taken first. */
    private final LinkedHashMap<DeviceKey, PendingDevice> newcomers = new LinkedHashMap<>();
    /** Devices handed to the owner (from here or through the FIFO); as many as the fabric has, bounded. */
    private final HashSet<DeviceKey> handedOver = new HashSet<>();

    static final int MAX_DEVICES_REMEMBERED = 1 << 20;
    private final Shapes shapes;
    private final TextPool texts = new TextPool();
    private final long maxLeaves;
    private long leaves;

    LatestSamples(long maxLeaves) {
        this.maxLeaves = maxLeaves;
        this.shapes = new Shapes(maxLeaves);
    }

    /** Whether {@code n} more leaves fit under the bound. */
    boolean hasRoomFor(long n) {
        return leaves + n <= maxLeaves;
    }

    /** Whether a list of {@code n} new leaves could ever fit, once nothing waits. */
    boolean couldHold(long n) {
        return n <= maxLeaves;
    }

    /** What one merge did: values that replaced a pending one, and values refused because the bound was reached. */
    record Merged(long coalesced, long dropped) {}

    /** Keeps the newest value of each of {@code updates}; the notification gives source, device and times. */
    Merged merge(IngestEvent.Notification notification, List<TelemetryUpdate> updates) {
        if (updates.isEmpty()) {
            return new Merged(0, 0);
        }
        DeviceKey key = new DeviceKey(notification.source(), notification.target());
        PendingDevice device = devices.get(key);
        if (device == null) {
            device = newcomers.get(key);
        }
        long coalesced = 0;
        long dropped = 0;
        if (device == null) {
            if (leaves + updates.size() > maxLeaves) {
                return new Merged(0, updates.size());
            }
            device = new PendingDevice(notification.source(), notification.target(), notification.arrivalMillis());
            (handedOver.contains(key) ? devices : newcomers).put(key, device);
        }
        Segment same = device.listing(updates);
        if (same != null) {
            put(same, updates);
            coalesced = updates.size();
        } else if (device.segmentCount < PendingDevice.MAX_SEGMENTS
                && leaves + updates.size() <= maxLeaves
                && noneInSegments(device, updates)) {
            Segment segment = new Segment(shapes.of(updates));
            device.add(segment);
            put(segment, updates);
            leaves += updates.size();
        } else {
            for (int i = 0; i < updates.size(); i++) {
                TelemetryUpdate update = updates.get(i);
                if (device.putInSegment(update.path(), update.value(), texts)) {
                    coalesced++;
                    continue;
                }
                if (device.others == null) {
                    device.others = new Leaves();
                }
                if (device.others.replace(update.path(), update.value(), texts)) {
                    coalesced++;
                } else if (leaves < maxLeaves) {
                    device.others.add(update.path(), update.value(), texts);
                    leaves++;
                } else {
                    dropped++;
                }
            }
        }
        // Arrival and timestamp only move forward: a sample decoded on another stream may be offered late.
        device.timestampNs = Math.max(device.timestampNs, notification.timestampNs());
        device.arrivalMillis = Math.max(device.arrivalMillis, notification.arrivalMillis());
        return new Merged(coalesced, dropped);
    }

    private void put(Segment segment, List<TelemetryUpdate> updates) {
        for (int i = 0; i < updates.size(); i++) {
            segment.values.put(i, updates.get(i).value(), texts);
        }
    }

    /** Whether none of {@code updates}' paths waits already, in a segment or by path. */
    private static boolean noneInSegments(PendingDevice device, List<TelemetryUpdate> updates) {
        for (int i = 0; i < updates.size(); i++) {
            TelemetryPath path = updates.get(i).path();
            if (device.inSegments(path) || (device.others != null && device.others.has(path))) {
                return false;
            }
        }
        return true;
    }

    boolean isEmpty() {
        return devices.isEmpty() && newcomers.isEmpty();
    }

    long leaves() {
        return leaves;
    }

    /** When the device that waited longest first had something pending; the queue must not be empty. */
    long oldestPendingMillis() {
        long oldest = Long.MAX_VALUE;
        if (!devices.isEmpty()) {
            oldest = devices.firstEntry().getValue().pendingSinceMillis;
        }
        if (!newcomers.isEmpty()) {
            oldest = Math.min(oldest, newcomers.firstEntry().getValue().pendingSinceMillis);
        }
        return oldest;
    }

    /** The owner is handed a notification of this device by another way (the FIFO). */
    void handedOver(String source, String target) {
        remember(new DeviceKey(source, target));
    }

    private void remember(DeviceKey key) {
        if (handedOver.size() >= MAX_DEVICES_REMEMBERED && !handedOver.contains(key)) {
            handedOver.clear(); // names that never repeat: they are all newcomers again, once
        }
        handedOver.add(key);
    }

    /** The queue {@link #takeOldest} takes from: newcomers first. */
    private LinkedHashMap<DeviceKey, PendingDevice> next() {
        return newcomers.isEmpty() ? devices : newcomers;
    }

    /**
     * Removes the device never handed over that waited longest, else the device that waited longest,
     * and returns its newest values as one notification.
     */
    IngestEvent.Notification takeOldest() {
        var taken = next().pollFirstEntry();
        PendingDevice device = taken.getValue();
        remember(taken.getKey());
        leaves -= device.leaves();
        if (isEmpty()) {
            shapes.clear(); // nothing waits: no list is worth keeping until the console falls behind again
        }
        UpdateColumns.Builder columns = new UpdateColumns.Builder(device.leaves());
        for (int s = 0; s < device.segmentCount; s++) {
            Segment segment = device.segments[s];
            segment.values.addTo(columns, segment.shape.paths, segment.shape.paths.length);
        }
        if (device.others != null) {
            device.others.values.addTo(columns, device.others.paths, device.others.size);
        }
        return new IngestEvent.Notification(
                device.source, device.target, device.timestampNs, columns.build(), List.of(), device.arrivalMillis);
    }

    /** Leaves waiting in the device {@link #takeOldest} would take next. */
    int oldestSize() {
        return next().firstEntry().getValue().leaves();
    }

    /**
     * Values by position: {@code uint} values in a long array, any other value (a text as its pooled
     * string; signed and decimal numbers, flags as their value) in an object array made when there is
     * one.
     */
    private static final class Values {
        long[] numbers;
        Object[] others;

        Values(int capacity) {
            numbers = new long[capacity];
        }

        void put(int position, TelemetryValue value, TextPool texts) {
            // instanceof, not a pattern switch: per coalesced update (ADR 0079)
            if (value instanceof TelemetryValue.Uint number) {
                numbers[position] = number.value();
                if (others != null) {
                    others[position] = null;
                }
            } else {
                if (others == null) {
                    others = new Object[numbers.length];
                }
                others[position] = value instanceof TelemetryValue.Str text ? texts.pooled(text.value()) : value;
            }
        }

        void grow(int capacity) {
            numbers = Arrays.copyOf(numbers, capacity);
            if (others != null) {
                others = Arrays.copyOf(others, capacity);
            }
        }

        void addTo(UpdateColumns.Builder columns, TelemetryPath[] paths, int size) {
            for (int i = 0; i < size; i++) {
                Object other = others == null ? null : others[i];
                if (other == null) {
                    columns.addUint(paths[i], numbers[i]); // no value object (ADR 0078)
                } else if (other instanceof String text) {
                    columns.add(paths[i], new TelemetryValue.Str(text));
                } else {
                    columns.add(paths[i], (TelemetryValue) other);
                }
            }
        }
    }

    /**
     * A device's leaves outside its shape, by path, in the order they came: paths and values in
     * arrays, found through an open-addressing index of positions (identity first, then by value).
     */
    private static final class Leaves {
        TelemetryPath[] paths = new TelemetryPath[8];
        final Values values = new Values(8);
        int size;
        /** Position + 1 of each path, by its hash; 0 is empty. */
        private int[] index = new int[16];

        boolean replace(TelemetryPath path, TelemetryValue value, TextPool texts) {
            int position = find(path);
            if (position < 0) {
                return false;
            }
            values.put(position, value, texts);
            return true;
        }

        void add(TelemetryPath path, TelemetryValue value, TextPool texts) {
            if (size == paths.length) {
                paths = Arrays.copyOf(paths, size + (size >> 1));
                values.grow(paths.length);
            }
            paths[size] = path;
            values.put(size, value, texts);
            size++;
            if (size * 2 > index.length) {
                index = PathIndex.of(paths, size, index.length * 2);
            } else {
                PathIndex.slot(index, path, size - 1);
            }
        }

        boolean has(TelemetryPath path) {
            return find(path) >= 0;
        }

        private int find(TelemetryPath path) {
            return PathIndex.find(index, paths, path);
        }
    }

    /**
     * Positions of paths in an array, by the paths' hashes: open addressing in an int array holding
     * position + 1 (0 is empty); a probe compares by identity first, then by value.
     */
    private static final class PathIndex {
        private PathIndex() {}

        /** An index of the first {@code size} of {@code paths}, {@code length} (a power of two) slots. */
        static int[] of(TelemetryPath[] paths, int size, int length) {
            int[] index = new int[length];
            for (int p = 0; p < size; p++) {
                slot(index, paths[p], p);
            }
            return index;
        }

        static void slot(int[] index, TelemetryPath path, int position) {
            int mask = index.length - 1;
            int i = Shapes.spread(path.hashCode()) & mask;
            while (index[i] != 0) {
                i = (i + 1) & mask;
            }
            index[i] = position + 1;
        }

        static int find(int[] index, TelemetryPath[] paths, TelemetryPath path) {
            int mask = index.length - 1;
            for (int i = Shapes.spread(path.hashCode()) & mask; index[i] != 0; i = (i + 1) & mask) {
                TelemetryPath p = paths[index[i] - 1];
                if (p == path || p.equals(path)) {
                    return index[i] - 1;
                }
            }
            return -1;
        }
    }

    /** The paths of a notification's updates, in order; equal lists are one object while {@link Shapes} has room. */
    static final class Shape {
        final TelemetryPath[] paths;
        final int hash;
        /** Position + 1 of each path by its hash, made on the first lookup by path; 0 is empty. */
        private int[] index;

        private Shape(TelemetryPath[] paths, int hash) {
            this.paths = paths;
            this.hash = hash;
        }

        /** Whether {@code updates} list exactly these paths, in this order. */
        boolean isListOf(List<TelemetryUpdate> updates) {
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

        /** The position of {@code path} in this list, -1 when it is not in it. */
        int indexOf(TelemetryPath path) {
            if (index == null) {
                index = PathIndex.of(paths, paths.length, Integer.highestOneBit(Math.max(1, paths.length)) * 4);
            }
            return PathIndex.find(index, paths, path);
        }
    }

    /**
     * One {@link Shape} per distinct list of paths while the console is behind: open addressing by the
     * lists' hashes, compared by identity first (decoders hand over the same path objects), then by
     * value. Bounded in the paths its shapes hold (as many as the leaves the coalescing side may hold);
     * beyond that a list gets a shape of its own, unshared. Emptied whenever nothing waits.
     */
    static final class Shapes {
        private final long maxPaths;
        private Shape[] table = new Shape[64];
        private int size;
        private long paths;

        Shapes(long maxPaths) {
            this.maxPaths = maxPaths;
        }

        Shape of(List<TelemetryUpdate> updates) {
            int hash = hash(updates);
            int mask = table.length - 1;
            int i = hash & mask;
            for (Shape shape = table[i]; shape != null; shape = table[i = (i + 1) & mask]) {
                if (shape.hash == hash && shape.isListOf(updates)) {
                    return shape;
                }
            }
            TelemetryPath[] list = new TelemetryPath[updates.size()];
            for (int p = 0; p < list.length; p++) {
                list[p] = updates.get(p).path();
            }
            Shape shape = new Shape(list, hash);
            if (paths + list.length <= maxPaths) {
                if ((size + 1) * 2 > table.length) {
                    grow();
                }
                insert(shape);
            }
            return shape;
        }

        void clear() {
            if (size > 0) {
                table = new Shape[64];
                size = 0;
                paths = 0;
            }
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
            return spread(h);
        }

        static int spread(int hash) {
            int h = hash * 0x9E3779B9;
            return h ^ (h >>> 16);
        }
    }

    /**
     * One string per distinct text while there is room: a decoder makes a new string for every text it
     * decodes, and an initial state is a quarter texts ("UP", "SPEED_100GB", LLDP neighbors' names and
     * ports), each an update, a value and a string of its own otherwise.
     */
    static final class TextPool {
        static final int MAX_TEXTS = 1 << 16;
        /** Longer texts are kept as they came: a pool of them would hold more than it shares. */
        static final int MAX_LENGTH = 64;

        private final HashMap<String, String> pool = new HashMap<>();

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
}
