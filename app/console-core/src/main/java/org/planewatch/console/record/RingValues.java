package org.planewatch.console.record;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The newest value of every live event-ring leaf: a template and a sequence number. Holds what
 * the agents' rings hold (deletes evict entries), so it stays as small as the rings, however long
 * the recording. A keyframe lists them by target, then sequence number, then template, so each
 * decision's leaves come together, oldest decision first.
 *
 * <p>One small entry per decision with its few leaves in arrays, found by hash once per decision:
 * a decision's leaves are coded one after another, so the entry of the previous leaf is tried first.
 * (A tree per decision with a boxed key and a record per leaf made ring leaves the largest share of
 * what a replay at 100x allocated on its reading thread.)
 */
final class RingValues {
    /** One live leaf of a ring entry. */
    record Slot(TelemetryValue value, long timestampNs, int source) {}

    /** Visits live leaves in keyframe order. */
    interface Visitor {
        void visit(int target, long seq, int template, Slot slot);
    }

    /** The leaves of one ring entry. */
    private static final class Entry {
        int[] templates = new int[8];
        TelemetryValue[] values = new TelemetryValue[8];
        long[] timestamps = new long[8];
        int[] sources = new int[8];
        int size;

        int indexOf(int template) {
            for (int i = 0; i < size; i++) {
                if (templates[i] == template) {
                    return i;
                }
            }
            return -1;
        }

        /** True when the template is new to the entry. */
        boolean put(int template, TelemetryValue value, long timestampNs, int source) {
            int i = indexOf(template);
            boolean added = i < 0;
            if (added) {
                if (size == templates.length) {
                    int capacity = size * 2;
                    templates = Arrays.copyOf(templates, capacity);
                    values = Arrays.copyOf(values, capacity);
                    timestamps = Arrays.copyOf(timestamps, capacity);
                    sources = Arrays.copyOf(sources, capacity);
                }
                i = size++;
                templates[i] = template;
            }
            values[i] = value;
            timestamps[i] = timestampNs;
            sources[i] = source;
            return added;
        }

        boolean remove(int template) {
            int i = indexOf(template);
            if (i < 0) {
                return false;
            }
            int last = --size;
            templates[i] = templates[last];
            values[i] = values[last];
            timestamps[i] = timestamps[last];
            sources[i] = sources[last];
            values[last] = null;
            return true;
        }
    }

    private final Map<Integer, HashMap<Long, Entry>> byTarget = new HashMap<>();
    private int size;
    private int lastTarget;
    private long lastSeq;
    /** The entry found last, or null; cleared whenever entries are removed. */
    private Entry last;

    TelemetryValue value(int target, int template, long seq) {
        Entry entry = entry(target, seq, false);
        int i = entry == null ? -1 : entry.indexOf(template);
        return i < 0 ? null : entry.values[i];
    }

    void set(int target, int template, long seq, TelemetryValue value, long timestampNs, int source) {
        if (entry(target, seq, true).put(template, value, timestampNs, source)) {
            size++;
        }
    }

    void remove(int target, int template, long seq) {
        Entry entry = entry(target, seq, false);
        if (entry != null && entry.remove(template)) {
            size--;
            if (entry.size == 0) {
                byTarget.get(target).remove(seq);
                last = null;
            }
        }
    }

    /** Every leaf of one entry (the agent evicted it from its ring). */
    void removeEntry(int target, long seq) {
        HashMap<Long, Entry> entries = byTarget.get(target);
        Entry entry = entries == null ? null : entries.remove(seq);
        if (entry != null) {
            size -= entry.size;
            last = null;
        }
    }

    /** Every entry's leaf of {@code template} (a delete above the ring: the whole ring goes). */
    void removeAll(int target, int template) {
        HashMap<Long, Entry> entries = byTarget.get(target);
        if (entries == null) {
            return;
        }
        Iterator<Entry> it = entries.values().iterator();
        while (it.hasNext()) {
            Entry entry = it.next();
            if (entry.remove(template)) {
                size--;
                if (entry.size == 0) {
                    it.remove();
                }
            }
        }
        last = null;
    }

    int size() {
        return size;
    }

    void clear() {
        byTarget.clear();
        size = 0;
        last = null;
    }

    void forEach(Visitor visitor) {
        int[] targets =
                byTarget.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        for (int target : targets) {
            HashMap<Long, Entry> entries = byTarget.get(target);
            long[] seqs = entries.keySet().stream()
                    .mapToLong(Long::longValue)
                    .sorted()
                    .toArray();
            for (long seq : seqs) {
                Entry entry = entries.get(seq);
                Integer[] order = new Integer[entry.size];
                Arrays.setAll(order, i -> i);
                Arrays.sort(order, (a, b) -> Integer.compare(entry.templates[a], entry.templates[b]));
                for (int i : order) {
                    visitor.visit(
                            target,
                            seq,
                            entry.templates[i],
                            new Slot(entry.values[i], entry.timestamps[i], entry.sources[i]));
                }
            }
        }
    }

    private Entry entry(int target, long seq, boolean create) {
        if (last != null && target == lastTarget && seq == lastSeq) {
            return last;
        }
        HashMap<Long, Entry> entries = byTarget.get(target);
        if (entries == null) {
            if (!create) {
                return null;
            }
            entries = new HashMap<>();
            byTarget.put(target, entries);
        }
        Entry entry = entries.get(seq);
        if (entry == null) {
            if (!create) {
                return null;
            }
            entry = new Entry();
            entries.put(seq, entry);
        }
        last = entry;
        lastTarget = target;
        lastSeq = seq;
        return entry;
    }
}
