package org.planewatch.console.state;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.schema.QueueLeaves;

/**
 * Every path's {@link LeafRoute}, for all devices at once, and the layouts of the kinds of tables.
 * Agents send the same paths for every device of a kind (a decoder hands over one path object per
 * distinct path of a stream), so a fabric of 6.7 million leaves has about 80,000 distinct paths:
 * resolving paths once for the fabric instead of once per device leaf is what lets a device hold no
 * more than its values (ADR 0108). Open addressing in two arrays; a probe compares by identity
 * first. Bounded: paths that never repeat (list keys that keep changing) start it over. Owned by the
 * state thread.
 */
final class LeafRoutes {
    static final int MAX_ROUTES = 1 << 18;

    final LeafLayout ports = new LeafLayout(DeviceState.PORT_LEAVES, DeviceState.PORT_RATES);
    final LeafLayout queues = new LeafLayout(DeviceState.QUEUE_LEAVES, DeviceState.QUEUE_RATES);
    final LeafLayout planes = new LeafLayout(DeviceState.PLANE_LEAVES, DeviceState.PLANE_RATES);
    final LeafLayout qps = new LeafLayout(DeviceState.QP_LEAVES, DeviceState.QP_RATES);
    final LeafLayout evs = new LeafLayout(DeviceState.EV_LEAVES, DeviceState.EV_RATES);

    private TelemetryPath[] paths = new TelemetryPath[1024];
    private LeafRoute[] routes = new LeafRoute[1024];
    private int size;
    /** One object per distinct row, shared by the routes of its leaves. */
    private final Map<LeafRoute.Row, LeafRoute.Row> rows = new HashMap<>();

    /*
     * The routes of paths that are no table's leaf: this model's own, never shared with another (a
     * static one would carry, in its next route, a route of another model, with that model's rows and
     * column numbers: ADR 0144).
     */
    private final LeafRoute ignored = new LeafRoute(LeafRoute.Other.IGNORED);

    private final LeafRoute neighbor = new LeafRoute(LeafRoute.Other.NEIGHBOR);
    private final LeafRoute event = new LeafRoute(LeafRoute.Other.EVENT);

    int size() {
        return size;
    }

    /**
     * The route of {@code path}: first the one that followed {@code previous} (the route of the
     * update before it in the notification) last time, then by path, then read from the path.
     */
    LeafRoute route(LeafRoute previous, TelemetryPath path) {
        if (previous != null && previous.nextPath == path) {
            return previous.next;
        }
        LeafRoute route = get(path);
        if (route == null) {
            route = read(path);
            // An event ring entry's path is new with every decision: kept, it would only crowd the others out.
            if (route != event) {
                put(path, route);
            }
        }
        if (previous != null && route != event) {
            previous.nextPath = path;
            previous.next = route;
        }
        return route;
    }

    private LeafRoute get(TelemetryPath path) {
        int mask = paths.length - 1;
        for (int i = spread(path.hashCode()) & mask; ; i = (i + 1) & mask) {
            TelemetryPath p = paths[i];
            if (p == null) {
                return null;
            }
            if (p == path || p.equals(path)) {
                return routes[i];
            }
        }
    }

    private void put(TelemetryPath path, LeafRoute route) {
        if (size >= MAX_ROUTES) {
            Arrays.fill(paths, null);
            Arrays.fill(routes, null);
            rows.clear();
            size = 0;
        } else if ((size + 1) * 4 > paths.length * 3) { // at most three quarters full
            grow();
        }
        int mask = paths.length - 1;
        for (int i = spread(path.hashCode()) & mask; ; i = (i + 1) & mask) {
            if (paths[i] == null) {
                paths[i] = path;
                routes[i] = route;
                size++;
                return;
            }
        }
    }

    private void grow() {
        TelemetryPath[] oldPaths = paths;
        LeafRoute[] oldRoutes = routes;
        paths = new TelemetryPath[oldPaths.length * 2];
        routes = new LeafRoute[oldPaths.length * 2];
        size = 0;
        for (int i = 0; i < oldPaths.length; i++) {
            if (oldPaths[i] != null) {
                put(oldPaths[i], oldRoutes[i]);
            }
        }
    }

    /** Paths of one device differ in a key or the last name: mixes the hash's high bits into the low ones. */
    private static int spread(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /**
     * Reads what a path is by its names and keys: a leaf of a port's state or Ethernet state (not its
     * subinterfaces' counters), of a queue, a plane, a QP or an EV; an LLDP neighbor leaf; an event
     * ring leaf; or something the console does not show.
     */
    private LeafRoute read(TelemetryPath path) {
        if (path.size() == 0) {
            return ignored;
        }
        switch (name(path, 0)) {
            case PathNames.INTERFACES -> {
                String port = key(path, 1, PathNames.NAME);
                String container = name(path, 2);
                if (port == null || !(container.equals(PathNames.STATE) || container.equals(PathNames.ETHERNET))) {
                    return ignored;
                }
                return leaf(path, new LeafRoute.Row(LeafRoute.Kind.PORT, port.intern(), null, 0, 0), ports);
            }
            case PathNames.LLDP -> {
                return neighbor;
            }
            case PathNames.QOS -> {
                String port = key(path, QueueLeaves.INTERFACE_ELEM, PathNames.INTERFACE_ID);
                String queue = key(path, QueueLeaves.QUEUE_ELEM, PathNames.NAME);
                if (port == null || queue == null) {
                    return ignored;
                }
                return leaf(path, new LeafRoute.Row(LeafRoute.Kind.QUEUE, port.intern(), queue.intern(), 0, 0), queues);
            }
            case PathNames.PLANES -> {
                Long plane = intKey(path, 1, PathNames.ID);
                return plane == null
                        ? ignored
                        : leaf(path, new LeafRoute.Row(LeafRoute.Kind.PLANE, null, null, plane, 0), planes);
            }
            case PathNames.QPS -> {
                Long qpn = longKey(path, 1, PathNames.QPN);
                if (qpn == null) {
                    return ignored;
                }
                if (PathNames.EVS.equals(name(path, 2))) {
                    Long ev = intKey(path, 3, PathNames.ID);
                    return ev == null
                            ? ignored
                            : leaf(path, new LeafRoute.Row(LeafRoute.Kind.EV, null, null, qpn, ev), evs);
                }
                return leaf(path, new LeafRoute.Row(LeafRoute.Kind.QP, null, null, qpn, 0), qps);
            }
            case PathNames.EVENTS -> {
                return event;
            }
            default -> {
                return ignored;
            }
        }
    }

    private LeafRoute leaf(TelemetryPath path, LeafRoute.Row row, LeafLayout layout) {
        String leaf = path.last().name();
        if (!layout.keeps(leaf)) {
            return ignored; // no view reads it (the recording keeps it)
        }
        // Interned, as the names the summaries look leaves up by are.
        return new LeafRoute(rows.computeIfAbsent(row, r -> r), leaf.intern(), layout);
    }

    static String name(TelemetryPath path, int index) {
        return index < path.size() ? path.elem(index).name() : "";
    }

    static String key(TelemetryPath path, int index, String key) {
        return index < path.size() ? path.elem(index).key(key) : null;
    }

    /** A list key that is an int, as a long; null when absent or not a number. */
    static Long intKey(TelemetryPath path, int index, String key) {
        Long value = longKey(path, index, key);
        return value == null ? null : (long) value.intValue();
    }

    static Long longKey(TelemetryPath path, int index, String key) {
        String text = key(path, index, key);
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether {@code path} is at or below an event ring entry ({@code events/event[...]}). */
    static boolean isRingEntry(TelemetryPath path) {
        return ExclusionEventRing.isInEntry(path);
    }

    /** The port an LLDP neighbor path is about, null when it names none. */
    static String neighborPort(TelemetryPath path) {
        return key(path, LldpLeaves.INTERFACE_ELEM, PathNames.NAME);
    }
}
