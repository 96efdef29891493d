package org.planewatch.console.state;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.planewatch.telemetry.schema.PlaneLeaves;

/**
 * Which device is a host, a T0 or a T1 switch, and of which plane, learnt from the standard: the
 * LLDP neighbors ports announce (from either end of a link) and the MRC plane ports a host reports.
 * A host is a device that serves {@code mrc:/planes}; the LLDP neighbor of its plane-P port is plane
 * P's T0; a T0's other neighbors that are not hosts are plane P's T1s (in a store of part of a fleet,
 * only those it holds or the fleet told are, ADR 0139). Within a plane and tier, and
 * among hosts, devices are numbered in natural name order. Names say nothing here: a fabric named
 * {@code gpu-r12-n07}, {@code leaf-p2-017}, or anything at all, is learnt the same way. See
 * docs/adr/0094.
 */
final class FabricTopology {

    /** One end of a link: a port of a device. */
    record End(String device, String port) {}

    /**
     * What was learnt.
     *
     * @param names the devices LLDP and the plane ports place, by name; empty without LLDP
     * @param adjacency every port's far end that LLDP tells, from either end
     * @param local the roles learnt from these devices alone, for the rest of a fleet
     */
    record Learnt(Map<String, DeviceName> names, Map<End, End> adjacency, FleetRoles.Local local) {
        static final Learnt NOTHING = new Learnt(Map.of(), Map.of(), FleetRoles.Local.NONE);
    }

    private FabricTopology() {}

    /**
     * The devices LLDP and the plane ports place, by name (the devices whose agents report, and the
     * neighbors they name); empty when no device reports an LLDP neighbor.
     */
    static Learnt learn(Iterable<DeviceState> devices) {
        return learn(devices, FleetRoles.NONE);
    }

    /**
     * As {@link #learn(Iterable)}, with what the rest of a fleet knows: a neighbor {@code fleet} knows as
     * a host is one (not a T1 of the switch that names it), and a device it knows as a plane's T0 is
     * that, even when none of its hosts is among {@code devices} (ADR 0116).
     */
    static Learnt learn(Iterable<DeviceState> devices, FleetRoles fleet) {
        Map<End, End> adjacency = adjacency(devices);
        if (adjacency.isEmpty()) {
            return Learnt.NOTHING;
        }
        Map<String, List<String>> neighbors = new HashMap<>();
        Set<String> named = new HashSet<>();
        adjacency.forEach((from, to) -> {
            neighbors.computeIfAbsent(from.device(), d -> new ArrayList<>()).add(to.device());
            named.add(to.device());
        });
        named.addAll(neighbors.keySet());
        List<String> hosts = new ArrayList<>();
        Set<String> localSwitches = new HashSet<>();
        for (DeviceState device : devices) {
            (device.planes.isEmpty() ? localSwitches : hosts).add(device.name.name());
        }
        Set<String> localHosts = new HashSet<>(hosts);
        Predicate<String> isHost = name -> localHosts.contains(name) || fleet.isHost(name);
        Map<String, Integer> t0Plane = new LinkedHashMap<>();
        for (DeviceState device : devices) {
            if (device.planes.isEmpty()) {
                continue;
            }
            device.planes.forEach((plane, leaves) -> {
                End far = adjacency.get(new End(device.name.name(), leaves.text(PlaneLeaves.PORT_NAME, "")));
                if (far != null && !isHost.test(far.device())) {
                    t0Plane.putIfAbsent(far.device(), plane);
                }
            });
        }
        Map<String, Integer> localT0s = Map.copyOf(t0Plane);
        for (String device : named) {
            int plane = t0Plane.containsKey(device) || isHost.test(device) ? -1 : fleet.t0Plane(device);
            if (plane >= 0) {
                t0Plane.put(device, plane);
            }
        }
        Map<String, Integer> t1Plane = new LinkedHashMap<>();
        Map<String, Integer> localT1s = new HashMap<>();
        t0Plane.forEach((t0, plane) -> {
            for (String n : neighbors.getOrDefault(t0, List.of())) {
                if (isHost.test(n) || t0Plane.containsKey(n)) {
                    continue;
                }
                boolean own = localSwitches.contains(n);
                // Part of a fleet, a neighbor not heard of may be a host whose role has not come yet.
                if (own || !fleet.partOfFleet() || fleet.t1Plane(n) >= 0) {
                    t1Plane.putIfAbsent(n, plane);
                    if (own) {
                        localT1s.putIfAbsent(n, plane);
                    }
                }
            }
        });
        for (String device : named) {
            if (!localHosts.contains(device) && fleet.isHost(device)) {
                hosts.add(device); // named as hosts, as a store of the whole fleet would
            }
        }
        Map<String, DeviceName> out = new HashMap<>();
        hosts.sort(NaturalOrder.INSTANCE);
        for (int i = 0; i < hosts.size(); i++) {
            out.put(hosts.get(i), new DeviceName(hosts.get(i), DeviceName.Kind.HOST, -1, -1, i));
        }
        number(t0Plane, 0, out);
        number(t1Plane, 1, out);
        // Views, not copies: both maps are this call's own and never change after. Copying 100,000
        // links into an immutable map, and probing it for every switch port of every publication,
        // was a fifth of the state owner's time at 9,728 devices.
        return new Learnt(
                Collections.unmodifiableMap(out),
                Collections.unmodifiableMap(adjacency),
                new FleetRoles.Local(localHosts, localT0s, localT1s));
    }

    /** Numbers the switches of each plane of one tier in natural name order. */
    private static void number(Map<String, Integer> planeOf, int tier, Map<String, DeviceName> out) {
        Map<Integer, List<String>> byPlane = new TreeMap<>();
        planeOf.forEach((name, plane) ->
                byPlane.computeIfAbsent(plane, p -> new ArrayList<>()).add(name));
        byPlane.forEach((plane, names) -> {
            names.sort(NaturalOrder.INSTANCE);
            for (int i = 0; i < names.size(); i++) {
                out.put(names.get(i), new DeviceName(names.get(i), DeviceName.Kind.SWITCH, plane, tier, i));
            }
        });
    }

    /**
     * Every port's far end, from the neighbors devices announce; a link reported by one end only is
     * known from both (a host without lldpd under a switch that runs it).
     */
    static Map<End, End> adjacency(Iterable<DeviceState> devices) {
        Map<End, End> adjacency = new HashMap<>();
        for (DeviceState device : devices) {
            device.neighbors.forEach((port, neighbor) -> {
                if (!neighbor.system.isEmpty()) {
                    adjacency.put(new End(device.name.name(), port), new End(neighbor.system, neighbor.port));
                }
            });
        }
        for (Map.Entry<End, End> link : new ArrayList<>(adjacency.entrySet())) {
            if (!link.getValue().port().isEmpty()) {
                adjacency.putIfAbsent(link.getValue(), link.getKey());
            }
        }
        return adjacency;
    }

    /** The inputs {@link #learn} reads, summed up: when it changes, the topology must be learnt again. */
    static long signature(Iterable<DeviceState> devices) {
        long signature = 0;
        for (DeviceState device : devices) {
            signature += signature(device);
        }
        return signature;
    }

    /**
     * One device's term of {@link #signature(Iterable)}: a sum, so the devices' order (a hash map's)
     * does not matter and the fabric model keeps it as devices are touched (ADR 0123).
     */
    static long signature(DeviceState device) {
        if (device.planes.isEmpty()) {
            return 0;
        }
        long ports = 1;
        for (Map.Entry<Integer, LeafTable> plane : device.planes.entrySet()) {
            ports = ports * 31
                    + plane.getKey() * 17L
                    + plane.getValue().text(PlaneLeaves.PORT_NAME, "").hashCode();
        }
        return ports * 1_000_003L + device.name.name().hashCode();
    }
}
