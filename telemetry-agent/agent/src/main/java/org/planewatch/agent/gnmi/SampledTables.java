package org.planewatch.agent.gnmi;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.planewatch.agent.backend.LeafTable;

/**
 * suppress_redundant for devices sampled as tables: per target and subscription, which of the
 * device's tables ({@link LeafTable#generation}) the stream's last two samples read. A sample sends
 * the leaves that changed since the one before the last, so a leaf that stopped changing is sent
 * once more, at its new time and unchanged value, before it is held back: a client that makes
 * rates from successive samples (the console) then sees the counter stand still instead of
 * keeping its last rate. The specification says a suppressed leaf SHOULD NOT be sent unless it
 * changed; that one repeat is the latitude taken (ADR 0124). A sample of the very table sampled last
 * sends nothing. Two numbers per subscription and device instead of a value per leaf sent: per-leaf
 * memory for 137,216 devices' streams was more than the agent's heap.
 *
 * <p>Per target, one sweep at a time (a stream's sampling of a device is never concurrent with
 * itself); the map is concurrent because sweeps of different slices of targets run on different
 * threads.
 */
final class SampledTables {
    private static final long NONE = -1;

    private final int subscriptions;
    /** Per target: for each subscription, the generation sampled last, then the one before. */
    private final Map<String, long[]> byTarget = new ConcurrentHashMap<>();

    SampledTables(int subscriptions) {
        this.subscriptions = subscriptions;
    }

    /** The initial state sent {@code table} for every subscription. */
    void initial(String target, LeafTable table) {
        long[] sampled = sampled(target);
        for (int s = 0; s < subscriptions; s++) {
            sampled[2 * s] = table.generation();
            sampled[2 * s + 1] = NONE;
        }
    }

    /**
     * The leaves of {@code selected} that subscription {@code subscription}'s sample of {@code table}
     * sends; null when this table was sampled already. Records the sample.
     */
    int[] due(String target, int subscription, LeafTable table, int[] selected) {
        long[] sampled = sampled(target);
        long last = sampled[2 * subscription];
        if (last == table.generation()) {
            return null;
        }
        long since = sampled[2 * subscription + 1];
        int[] due = new int[selected.length];
        int count = 0;
        for (int leaf : selected) {
            if (table.changedSince(leaf, since)) {
                due[count++] = leaf;
            }
        }
        sampled[2 * subscription + 1] = last;
        sampled[2 * subscription] = table.generation();
        return count == due.length ? selected : Arrays.copyOf(due, count);
    }

    private long[] sampled(String target) {
        return byTarget.computeIfAbsent(target, t -> {
            long[] none = new long[2 * subscriptions];
            Arrays.fill(none, NONE);
            return none;
        });
    }
}
