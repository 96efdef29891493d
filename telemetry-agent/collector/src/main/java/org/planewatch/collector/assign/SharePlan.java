package org.planewatch.collector.assign;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which share each entry of the targets file goes to, so that the shares carry about the same
 * number of devices (ADR 0133). Collectors are given whole shares by the group, a balanced number
 * each; the devices behind a share are what a collector's CPU and memory go to. Placed by the
 * entries' hash, the full fabric's 34 entries of 4,096 devices fell 26 to one collector and 8 to the
 * other; here the heaviest entries go first, each to the lightest share so far (ties: the lower
 * share, then the name), which is the same placement for the same list wherever it is computed.
 */
public final class SharePlan {
    private SharePlan() {}

    /** One entry of the list: its name (the record's key) and how many devices it brings, at least 1. */
    public record Entry(String name, int devices) {
        public Entry {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("a targets entry needs a name");
            }
            devices = Math.max(1, devices);
        }
    }

    /** Each entry's share, in {@code 0 .. shares - 1}, in the order of {@code entries}. */
    public static Map<String, Integer> place(List<Entry> entries, int shares) {
        if (shares < 1) {
            throw new IllegalArgumentException("shares must be at least 1, got " + shares);
        }
        List<Entry> heaviestFirst = new ArrayList<>(entries);
        heaviestFirst.sort(Comparator.comparingInt(Entry::devices).reversed().thenComparing(Entry::name));
        long[] load = new long[shares];
        Map<String, Integer> placed = new LinkedHashMap<>();
        for (Entry entry : heaviestFirst) {
            if (placed.containsKey(entry.name())) {
                throw new IllegalArgumentException("targets entry '" + entry.name() + "' is listed twice");
            }
            int lightest = 0;
            for (int share = 1; share < shares; share++) {
                if (load[share] < load[lightest]) {
                    lightest = share;
                }
            }
            load[lightest] += entry.devices();
            placed.put(entry.name(), lightest);
        }
        Map<String, Integer> inListOrder = new LinkedHashMap<>();
        entries.forEach(e -> inListOrder.put(e.name(), placed.get(e.name())));
        return inListOrder;
    }
}
