package org.planewatch.console.record;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The newest value of every live event-ring leaf: a template and a sequence number. Holds what
 * the agents' rings hold (deletes evict entries), so it stays as small as the rings, however long
 * the recording. Ordered by target, then sequence number, then template, so a keyframe lists each
 * decision's leaves together, oldest decision first.
 */
final class RingValues {
    /** One live leaf of a ring entry. */
    record Slot(TelemetryValue value, long timestampNs, int source) {}

    /** Visits live leaves in keyframe order. */
    interface Visitor {
        void visit(int target, long seq, int template, Slot slot);
    }

    /**
     * Entries by sequence number in a hash map: decoding looks up a leaf's previous value for every
     * ring update (a tree of boxed numbers made that a visible share of a seek); only a keyframe
     * needs them in order, and sorts them then.
     */
    private final Map<Integer, HashMap<Long, TreeMap<Integer, Slot>>> byTarget = new HashMap<>();
    private int size;

    TelemetryValue value(int target, int template, long seq) {
        HashMap<Long, TreeMap<Integer, Slot>> entries = byTarget.get(target);
        TreeMap<Integer, Slot> leaves = entries == null ? null : entries.get(seq);
        Slot slot = leaves == null ? null : leaves.get(template);
        return slot == null ? null : slot.value();
    }

    void set(int target, int template, long seq, TelemetryValue value, long timestampNs, int source) {
        Slot previous = byTarget.computeIfAbsent(target, t -> new HashMap<>())
                .computeIfAbsent(seq, s -> new TreeMap<>())
                .put(template, new Slot(value, timestampNs, source));
        if (previous == null) {
            size++;
        }
    }

    void remove(int target, int template, long seq) {
        HashMap<Long, TreeMap<Integer, Slot>> entries = byTarget.get(target);
        TreeMap<Integer, Slot> leaves = entries == null ? null : entries.get(seq);
        if (leaves != null && leaves.remove(template) != null) {
            size--;
            if (leaves.isEmpty()) {
                entries.remove(seq);
            }
        }
    }

    /** Every leaf of one entry (the agent evicted it from its ring). */
    void removeEntry(int target, long seq) {
        HashMap<Long, TreeMap<Integer, Slot>> entries = byTarget.get(target);
        TreeMap<Integer, Slot> leaves = entries == null ? null : entries.remove(seq);
        if (leaves != null) {
            size -= leaves.size();
        }
    }

    /** Every entry's leaf of {@code template} (a delete above the ring: the whole ring goes). */
    void removeAll(int target, int template) {
        HashMap<Long, TreeMap<Integer, Slot>> entries = byTarget.get(target);
        if (entries == null) {
            return;
        }
        Iterator<TreeMap<Integer, Slot>> it = entries.values().iterator();
        while (it.hasNext()) {
            TreeMap<Integer, Slot> leaves = it.next();
            if (leaves.remove(template) != null) {
                size--;
                if (leaves.isEmpty()) {
                    it.remove();
                }
            }
        }
    }

    int size() {
        return size;
    }

    void clear() {
        byTarget.clear();
        size = 0;
    }

    void forEach(Visitor visitor) {
        new TreeMap<>(byTarget).forEach((target, entries) -> new TreeMap<>(entries).forEach(
                (seq, leaves) -> leaves.forEach((template, slot) -> visitor.visit(target, seq, template, slot))));
    }
}
