package org.planewatch.agent.gnmi;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.agent.backend.LeafTable;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The bounded buffer between producers (sampling, changes, polls) and one slow or fast client.
 * It holds at most one entry per (target, path): a newer value replaces the waiting one in place
 * and the entry counts the coalesced duplicates, which the client sees in {@code Update.duplicates}.
 * A new path that finds the buffer full is dropped and counted. Sync markers are never dropped, and
 * an entry that is new after a sync marker goes out after it.
 *
 * <p>Storage is one {@link Slot} per target, with the entries in columns indexed like the target's
 * {@link LeafLayout} (paths outside it get indexes after the layout's): a sampled device is put as
 * a whole table without hashing a single path, and coalescing is an array write. Targets leave in
 * the order they first had a waiting entry, their entries in arrival order.
 */
final class OutboundBuffer {

    /** Entry kinds in a slot's columns. */
    static final byte ABSENT = 0;

    static final byte UINT = 1;
    static final byte VALUE = 2;
    static final byte DELETE = 3;

    /** Receives what {@link #drain} takes, in order, under the buffer's lock: only encode, never block. */
    interface Sink {
        void sync();

        /**
         * One waiting update or delete.
         *
         * @param kind {@link #UINT} (value is {@code raw}), {@link #VALUE} (value is {@code value}) or {@link #DELETE}
         * @param perDevice whether it was put with its device's table (sampling), so it may share one
         *     notification with the rest of the device instead of one per parent path
         */
        void entry(
                String target,
                long timestampNs,
                TelemetryPath path,
                byte kind,
                long raw,
                TelemetryValue value,
                int duplicates,
                boolean perDevice);
    }

    /** A waiting update ({@code value != null}), delete ({@code value == null}) or sync marker, as {@link #take} returns it. */
    static final class Pending {
        final String target;
        final long timestampNs;
        final TelemetryPath path;
        final TelemetryValue value;
        final int duplicates;
        final boolean sync;

        private Pending(
                String target,
                long timestampNs,
                TelemetryPath path,
                TelemetryValue value,
                int duplicates,
                boolean sync) {
            this.target = target;
            this.timestampNs = timestampNs;
            this.path = path;
            this.value = value;
            this.duplicates = duplicates;
            this.sync = sync;
        }
    }

    private static final Object SYNC = new Object();

    /** The newest slot of each target. */
    private final HashMap<String, Slot> slots = new HashMap<>();
    /** Slots with waiting entries and sync markers, in order. */
    private final ArrayDeque<Object> order = new ArrayDeque<>();

    private final int maxPaths;
    private final AgentStats stats;
    private int paths;
    /** Producers waiting in {@link #awaitRoom} for the drain. */
    private int waiting;
    /** Sync markers queued so far: a slot queued before the newest marker takes no new entries. */
    private long generation;
    /** Whether a slot drained empty is dropped (its columns freed) instead of kept for the next sample. */
    private boolean releaseDrained;

    OutboundBuffer(int maxPaths, AgentStats stats) {
        this.maxPaths = maxPaths;
        this.stats = stats;
    }

    /**
     * From now on a target's slot is dropped once drained, its columns freed: for a stream of one
     * device sampled now and then, whose columns would otherwise stay as large as the device's
     * layout between samples.
     */
    synchronized void releaseDrainedSlots() {
        releaseDrained = true;
    }

    /** Targets holding a slot now (for tests). */
    synchronized int slotCount() {
        return slots.size();
    }

    synchronized void update(String target, long timestampNs, TelemetryPath path, TelemetryValue value) {
        update(target, timestampNs, path, value, false);
    }

    synchronized void update(
            String target, long timestampNs, TelemetryPath path, TelemetryValue value, boolean perDevice) {
        if (value instanceof TelemetryValue.Uint u) {
            put(target, timestampNs, path, UINT, u.value(), null, perDevice);
        } else {
            put(target, timestampNs, path, VALUE, 0, value, perDevice);
        }
    }

    synchronized void delete(String target, long timestampNs, TelemetryPath path) {
        put(target, timestampNs, path, DELETE, 0, null, false);
    }

    /** The {@code selected} leaves of a sampled device, all at {@code timestampNs}. */
    synchronized void updateTable(String target, long timestampNs, LeafTable table, int[] selected) {
        Slot slot = slotFor(target);
        if (slot.older != null || slot.generation != generation && slot.queued) {
            for (int i : selected) { // around a sync marker: leaf by leaf, through the path lookups
                put(
                        target,
                        timestampNs,
                        table.layout().path(i),
                        table.isUint(i) ? UINT : VALUE,
                        table.raw(i),
                        table.isUint(i) ? null : table.value(i),
                        true);
            }
            return;
        }
        slot.adopt(table.layout());
        long coalesced = 0;
        int tableShare = tableShare();
        for (int i : selected) {
            boolean uint = table.isUint(i);
            if (slot.kind[i] != ABSENT) {
                coalesced++;
                slot.coalesce(i, timestampNs, uint ? UINT : VALUE, table.raw(i), uint ? null : table.value(i), true);
            } else if (paths < tableShare) {
                paths++;
                slot.add(i, timestampNs, uint ? UINT : VALUE, table.raw(i), uint ? null : table.value(i), true);
            } else {
                stats.dropped();
            }
        }
        stats.coalesced(coalesced);
        enqueue(slot);
    }

    /**
     * New entries a device's table (sampling, the initial state) may bring in: seven eighths of the
     * bound. The rest is for changes (exclusion decisions, deletes), which come once: with a fabric of
     * more leaves than the bound and a client that reads slowly, samples kept the buffer full and a
     * decision found no room (ADR 0105). A sample left out comes again with the next sweep.
     */
    private int tableShare() {
        return maxPaths - maxPaths / 8;
    }

    private void put(
            String target,
            long timestampNs,
            TelemetryPath path,
            byte kind,
            long raw,
            TelemetryValue value,
            boolean perDevice) {
        Slot slot = slotFor(target);
        for (Slot s = slot; s != null; s = s.older) {
            int i = s.find(path);
            if (i >= 0 && s.kind[i] != ABSENT) {
                stats.coalesced();
                s.coalesce(i, timestampNs, kind, raw, value, perDevice);
                return;
            }
        }
        if (paths >= maxPaths) {
            stats.dropped();
            return;
        }
        if (slot.queued && slot.generation != generation) {
            Slot newer = new Slot(target);
            newer.older = slot;
            slots.put(target, newer);
            slot = newer;
        }
        paths++;
        slot.add(slot.indexOf(path), timestampNs, kind, raw, value, perDevice);
        enqueue(slot);
    }

    private Slot slotFor(String target) {
        Slot slot = slots.get(target);
        if (slot == null) {
            slot = new Slot(target);
            slots.put(target, slot);
        }
        slot.forgetDrainedOlder();
        return slot;
    }

    private void enqueue(Slot slot) {
        if (!slot.queued && slot.waiting() > 0) {
            slot.queued = true;
            slot.generation = generation;
            order.add(slot);
        }
    }

    /**
     * Waits until {@code n} more paths fit below the initial state's share of the bound, or nothing
     * waits at all (a device larger than the share then goes alone), while {@code cancelled} says no
     * and at most {@code maxWaitNanos}. The initial state waits here for the client instead of being
     * dropped (issue 20: at 9,728 devices the selection outran a 1,000,000-path buffer and most devices
     * reached the console only with later samples). The share leaves an eighth of the bound to
     * changes (exclusion decisions, deletes) that arrive meanwhile.
     *
     * @return whether there is room; false when cancelled or the wait ran out (the caller puts anyway,
     *     and what does not fit is dropped and counted as before)
     */
    synchronized boolean awaitRoom(int n, BooleanSupplier cancelled, long maxWaitNanos) throws InterruptedException {
        long share = tableShare();
        long deadline = System.nanoTime() + maxWaitNanos;
        while (paths > 0 && paths + (long) n > share) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || cancelled.getAsBoolean()) {
                return false;
            }
            waiting++;
            try {
                // bounded: a cancelled stream is noticed within 100 ms even if no drain wakes us
                wait(Math.max(1, Math.min(100, left / 1_000_000)));
            } finally {
                waiting--;
            }
        }
        return true;
    }

    synchronized void sync() {
        order.add(SYNC);
        generation++;
    }

    /**
     * Hands up to {@code max} entries from the head to {@code sink}; stops after a sync marker so it goes
     * out in order. Returns how many entries and markers it handed over (0: empty).
     */
    synchronized int drain(int max, Sink sink) {
        int taken = 0;
        while (!order.isEmpty() && taken < max) {
            Object head = order.peek();
            if (head == SYNC) {
                order.poll();
                sink.sync();
                return taken + 1;
            }
            Slot slot = (Slot) head;
            int n = slot.drain(max - taken, sink);
            taken += n;
            paths -= n;
            if (slot.waiting() == 0) {
                slot.queued = false;
                order.poll();
                if (releaseDrained && slots.get(slot.target) == slot) {
                    slots.remove(slot.target);
                }
            }
        }
        if (taken > 0 && waiting > 0) {
            notifyAll();
        }
        return taken;
    }

    /** {@link #drain} into objects: for tests and small consumers. */
    List<Pending> take(int max) {
        List<Pending> out = new ArrayList<>();
        drain(max, new Sink() {
            @Override
            public void sync() {
                out.add(new Pending("", 0, null, null, 0, true));
            }

            @Override
            public void entry(
                    String target,
                    long timestampNs,
                    TelemetryPath path,
                    byte kind,
                    long raw,
                    TelemetryValue value,
                    int duplicates,
                    boolean perDevice) {
                TelemetryValue v = kind == UINT ? TelemetryValue.uint(raw) : kind == VALUE ? value : null;
                out.add(new Pending(target, timestampNs, path, v, duplicates, false));
            }
        });
        return out;
    }

    synchronized boolean isEmpty() {
        return order.isEmpty();
    }

    /** Entries and sync markers waiting. */
    synchronized int size() {
        int n = 0;
        for (Object o : order) {
            n += o == SYNC ? 1 : ((Slot) o).waiting();
        }
        return n;
    }

    /**
     * The waiting entries of one target, in columns: indexes below the layout's size are its leaves,
     * the others paths met outside it (the agent's own leaves, deletes, leaves of generic back ends).
     */
    private static final class Slot {
        final String target;
        long generation;
        boolean queued;
        /** A slot of the same target queued before a sync marker, still draining. */
        Slot older;

        private static final int EXTRA_LIMIT = 4096;
        private LeafLayout layout;
        private int layoutSize;
        private final HashMap<TelemetryPath, Integer> extraIndex = new HashMap<>();
        private final ArrayList<TelemetryPath> extraPaths = new ArrayList<>();

        byte[] kind = new byte[0];
        private long[] raw = new long[0];
        private TelemetryValue[] value = new TelemetryValue[0];
        private long[] timestamp = new long[0];
        private int[] duplicates = new int[0];
        private boolean[] perDevice = new boolean[0];
        /** Indexes in arrival order, a ring. */
        private int[] fifo = new int[16];

        private int head;
        private int count;

        Slot(String target) {
            this.target = target;
        }

        int waiting() {
            return count;
        }

        void forgetDrainedOlder() {
            Slot s = this;
            while (s.older != null) {
                if (!s.older.queued) {
                    s.older = null;
                    return;
                }
                s = s.older;
            }
        }

        /** Switches the columns to {@code next}; waiting entries move to their index in it. */
        void adopt(LeafLayout next) {
            if (next == layout) {
                return;
            }
            if (count == 0) {
                reset(next);
                return;
            }
            record Moved(
                    TelemetryPath path, byte kind, long raw, TelemetryValue value, long ts, int dup, boolean dev) {}
            List<Moved> moved = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                int i = fifo[(head + k) % fifo.length];
                moved.add(new Moved(pathOf(i), kind[i], raw[i], value[i], timestamp[i], duplicates[i], perDevice[i]));
            }
            reset(next);
            for (Moved m : moved) {
                int i = indexOf(m.path());
                add(i, m.ts(), m.kind(), m.raw(), m.value(), m.dev());
                duplicates[i] = m.dup();
            }
        }

        private void reset(LeafLayout next) {
            layout = next;
            layoutSize = next == null ? 0 : next.size();
            extraIndex.clear();
            extraPaths.clear();
            head = 0;
            count = 0;
            kind = new byte[layoutSize];
            raw = new long[layoutSize];
            value = new TelemetryValue[layoutSize];
            timestamp = new long[layoutSize];
            duplicates = new int[layoutSize];
            perDevice = new boolean[layoutSize];
        }

        TelemetryPath pathOf(int i) {
            return i < layoutSize ? layout.path(i) : extraPaths.get(i - layoutSize);
        }

        /** The index of {@code path}, or -1 if it has none yet. */
        int find(TelemetryPath path) {
            if (layout != null) {
                int i = layout.indexOf(path);
                if (i >= 0) {
                    return i;
                }
            }
            Integer extra = extraIndex.get(path);
            return extra == null ? -1 : extra;
        }

        /** The index of {@code path}, given one if it has none. */
        int indexOf(TelemetryPath path) {
            int i = find(path);
            if (i >= 0) {
                return i;
            }
            i = layoutSize + extraPaths.size();
            extraPaths.add(path);
            extraIndex.put(path, i);
            if (i >= kind.length) {
                int size = Math.max(16, kind.length * 2);
                kind = Arrays.copyOf(kind, size);
                raw = Arrays.copyOf(raw, size);
                value = Arrays.copyOf(value, size);
                timestamp = Arrays.copyOf(timestamp, size);
                duplicates = Arrays.copyOf(duplicates, size);
                perDevice = Arrays.copyOf(perDevice, size);
            }
            return i;
        }

        void add(int i, long ts, byte k, long r, TelemetryValue v, boolean dev) {
            kind[i] = k;
            raw[i] = r;
            value[i] = v;
            timestamp[i] = ts;
            duplicates[i] = 0;
            perDevice[i] = dev;
            if (count == fifo.length) {
                int[] grown = new int[fifo.length * 2];
                for (int n = 0; n < count; n++) {
                    grown[n] = fifo[(head + n) % fifo.length];
                }
                fifo = grown;
                head = 0;
            }
            fifo[(head + count) % fifo.length] = i;
            count++;
        }

        /** A newer reading replaces the waiting one; an older one never does. Either way one more duplicate. */
        void coalesce(int i, long ts, byte k, long r, TelemetryValue v, boolean dev) {
            if (ts >= timestamp[i]) {
                kind[i] = k;
                raw[i] = r;
                value[i] = v;
                timestamp[i] = ts;
                perDevice[i] = dev;
            }
            if (duplicates[i] != Integer.MAX_VALUE) {
                duplicates[i]++;
            }
        }

        int drain(int max, Sink sink) {
            int n = Math.min(max, count);
            for (int k = 0; k < n; k++) {
                int i = fifo[head];
                head = head + 1 == fifo.length ? 0 : head + 1;
                count--;
                byte what = kind[i];
                kind[i] = ABSENT;
                TelemetryValue v = value[i];
                value[i] = null;
                sink.entry(target, timestamp[i], pathOf(i), what, raw[i], v, duplicates[i], perDevice[i]);
            }
            if (count == 0) {
                head = 0;
                if (extraPaths.size() > EXTRA_LIMIT) {
                    reset(layout); // event and delete paths keep coming: start the extra indexes over
                }
            }
            return n;
        }
    }
}
