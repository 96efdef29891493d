package org.planewatch.agent.gnmi;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The bounded buffer between producers (sampling, changes, polls) and one slow or fast client.
 * It holds at most one entry per (target, path): a newer value replaces the waiting one in place
 * and the entry counts the coalesced duplicates, which the client sees in {@code Update.duplicates}.
 * A new path that finds the buffer full is dropped and counted. Sync markers are never dropped.
 */
final class OutboundBuffer {

    /** A waiting update ({@code value != null}), delete ({@code value == null}) or sync marker. */
    static final class Pending {
        final String target;
        long timestampNs;
        final TelemetryPath path;
        TelemetryValue value;
        int duplicates;
        final boolean sync;

        private Pending(String target, long timestampNs, TelemetryPath path, TelemetryValue value, boolean sync) {
            this.target = target;
            this.timestampNs = timestampNs;
            this.path = path;
            this.value = value;
            this.sync = sync;
        }
    }

    /**
     * Waiting entries per target and path, for coalescing; {@link #order} holds the same entries (and
     * the sync markers) in arrival order. Two levels instead of one map keyed by (target, path): no key
     * object per put, and no hash collisions between the same leaf of different devices.
     */
    private final HashMap<String, HashMap<TelemetryPath, Pending>> waiting = new HashMap<>();
    private final ArrayDeque<Pending> order = new ArrayDeque<>();
    private final int maxPaths;
    private final AgentStats stats;
    private int paths;

    OutboundBuffer(int maxPaths, AgentStats stats) {
        this.maxPaths = maxPaths;
        this.stats = stats;
    }

    synchronized void update(String target, long timestampNs, TelemetryPath path, TelemetryValue value) {
        put(target, timestampNs, path, value);
    }

    synchronized void delete(String target, long timestampNs, TelemetryPath path) {
        put(target, timestampNs, path, null);
    }

    private void put(String target, long timestampNs, TelemetryPath path, TelemetryValue value) {
        HashMap<TelemetryPath, Pending> device = waiting.get(target);
        if (device == null) {
            device = new HashMap<>();
            waiting.put(target, device);
        }
        Pending old = device.get(path);
        if (old != null) {
            stats.coalesced();
            if (timestampNs >= old.timestampNs) { // never let an older reading replace a newer one
                old.timestampNs = timestampNs;
                old.value = value;
            }
            old.duplicates = old.duplicates == Integer.MAX_VALUE ? old.duplicates : old.duplicates + 1;
            return;
        }
        if (paths >= maxPaths) {
            stats.dropped();
            return;
        }
        paths++;
        Pending entry = new Pending(target, timestampNs, path, value, false);
        device.put(path, entry);
        order.add(entry);
    }

    synchronized void sync() {
        order.add(new Pending("", 0, null, null, true));
    }

    /** Removes up to {@code max} entries from the head; stops after a sync marker so it goes out in order. */
    synchronized List<Pending> take(int max) {
        List<Pending> out = new ArrayList<>(Math.min(max, order.size()));
        while (!order.isEmpty() && out.size() < max) {
            Pending p = order.poll();
            out.add(p);
            if (p.sync) {
                break;
            }
            waiting.get(p.target).remove(p.path);
            paths--;
        }
        return out;
    }

    synchronized boolean isEmpty() {
        return order.isEmpty();
    }

    synchronized int size() {
        return order.size();
    }
}
