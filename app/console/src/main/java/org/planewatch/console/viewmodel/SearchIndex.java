package org.planewatch.console.viewmodel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.planewatch.console.state.FabricSnapshot;

/**
 * The names the search box completes, sorted once per topology (ADR 0104): at full scale 137,216
 * device names and a million link ids, too many to filter on each keystroke. Device names match
 * by prefix (a binary search) and then anywhere in the name (one pass over the names, counted in
 * full, kept up to the cap); link ids by prefix only (a million substring tests would cost a
 * keystroke tens of milliseconds). Immutable, so it is built on any thread and read on the FX one.
 */
public final class SearchIndex {
    public static final SearchIndex EMPTY = new SearchIndex(List.of(), List.of(), 0);

    private final String[] devices;
    private final String[] devicesLower;
    private final String[] links;
    private final String[] linksLower;
    private final long fingerprint;

    /** What a query found: the first {@code shown} names in the order offered, and how many matched in all. */
    public record Matches(List<String> shown, int total) {
        public static final Matches NONE = new Matches(List.of(), 0);
    }

    private SearchIndex(List<String> deviceNames, List<String> linkIds, long fingerprint) {
        this.fingerprint = fingerprint;
        String[][] d = sorted(deviceNames);
        devices = d[0];
        devicesLower = d[1];
        String[][] l = sorted(linkIds);
        links = l[0];
        linksLower = l[1];
    }

    /** Hosts and switches, then links, of {@code snapshot}. Takes a second at full scale: build it off the FX thread. */
    public static SearchIndex of(FabricSnapshot snapshot) {
        List<String> deviceNames =
                new ArrayList<>(snapshot.hosts().size() + snapshot.switches().size());
        snapshot.hosts().forEach(h -> deviceNames.add(h.name()));
        snapshot.switches().forEach(s -> deviceNames.add(s.name()));
        List<String> linkIds = new ArrayList<>(snapshot.links().size());
        snapshot.links().forEach(l -> linkIds.add(l.id()));
        return new SearchIndex(deviceNames, linkIds, fingerprint(snapshot));
    }

    /**
     * Tells one topology from another without hashing a million names: the counts of hosts,
     * switches and links and the names at both ends of each list (sources keep their order).
     */
    public static long fingerprint(FabricSnapshot snapshot) {
        long h = 17;
        h = 31 * h + snapshot.hosts().size();
        h = 31 * h + snapshot.switches().size();
        h = 31 * h + snapshot.links().size();
        if (!snapshot.hosts().isEmpty()) {
            h = 31 * h + snapshot.hosts().getFirst().name().hashCode();
            h = 31 * h + snapshot.hosts().getLast().name().hashCode();
        }
        if (!snapshot.switches().isEmpty()) {
            h = 31 * h + snapshot.switches().getFirst().name().hashCode();
            h = 31 * h + snapshot.switches().getLast().name().hashCode();
        }
        if (!snapshot.links().isEmpty()) {
            h = 31 * h + snapshot.links().getFirst().id().hashCode();
            h = 31 * h + snapshot.links().getLast().id().hashCode();
        }
        return h;
    }

    public long fingerprint() {
        return fingerprint;
    }

    public int size() {
        return devices.length + links.length;
    }

    /**
     * Up to {@code limit} names for what was typed: device names that start with it, in name order,
     * then link ids that start with it, then device names that contain it elsewhere; {@code total}
     * counts every match.
     */
    public Matches query(String typed, int limit) {
        String q = typed == null ? "" : typed.strip().toLowerCase(Locale.ROOT);
        if (q.isEmpty()) {
            return Matches.NONE;
        }
        List<String> shown = new ArrayList<>(limit);
        int[] devicePrefix = prefixRange(devicesLower, q);
        int[] linkPrefix = prefixRange(linksLower, q);
        for (int i = devicePrefix[0]; i < devicePrefix[1] && shown.size() < limit; i++) {
            shown.add(devices[i]);
        }
        for (int i = linkPrefix[0]; i < linkPrefix[1] && shown.size() < limit; i++) {
            shown.add(links[i]);
        }
        int total = devicePrefix[1] - devicePrefix[0] + linkPrefix[1] - linkPrefix[0];
        for (int i = 0; i < devicesLower.length; i++) {
            if ((i < devicePrefix[0] || i >= devicePrefix[1]) && devicesLower[i].contains(q)) {
                total++;
                if (shown.size() < limit) {
                    shown.add(devices[i]);
                }
            }
        }
        return new Matches(List.copyOf(shown), total);
    }

    /** [from, to) of the names starting with {@code q} in {@code lower} (sorted). */
    private static int[] prefixRange(String[] lower, String q) {
        int from = lowerBound(lower, q);
        // Every name starting with q sorts before q followed by the highest char.
        int to = lowerBound(lower, q + Character.MAX_VALUE);
        return new int[] {from, to};
    }

    private static int lowerBound(String[] sorted, String key) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid].compareTo(key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Names in natural order of their lower-case form, with that form beside each. */
    private static String[][] sorted(List<String> names) {
        String[] lower = new String[names.size()];
        boolean allLower = true;
        for (int i = 0; i < lower.length; i++) {
            String name = names.get(i);
            lower[i] = name.toLowerCase(Locale.ROOT);
            allLower &= lower[i].equals(name);
        }
        if (allLower) {
            // The fabric's own names are lower case: sorting the strings themselves is several times
            // faster than sorting boxed positions through a comparator (two million links while a
            // fleet loads, ADR 0137).
            Arrays.sort(lower);
            return new String[][] {lower, lower};
        }
        Integer[] order = new Integer[names.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing((Integer i) -> lower[i]));
        String[] original = new String[order.length];
        String[] lowerSorted = new String[order.length];
        for (int k = 0; k < order.length; k++) {
            original[k] = names.get(order[k]);
            lowerSorted[k] = lower[order[k]];
        }
        return new String[][] {original, lowerSorted};
    }
}
