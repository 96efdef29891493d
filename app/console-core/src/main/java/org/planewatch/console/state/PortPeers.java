package org.planewatch.console.state;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.planewatch.telemetry.schema.InterfaceLeaves;

/**
 * Finds the device at the far end of a switch port, from telemetry alone, in this order:
 * <ol>
 *   <li>the LLDP neighbor of the port, announced by either end of its link (openconfig-lldp);
 *   <li>the port is named after its peer ({@code p2-t1-5});
 *   <li>its OpenConfig {@code description} names the peer (how cabling databases and LLDP-fed
 *       configs usually label ports);
 *   <li>the two-tier Clos port convention for ports named {@code ethK}: a T0 with D host ports and
 *       U up-ports has ports {@code 0..D-1} down to its hosts and {@code D+j} up to T1 {@code j}; a T1
 *       has port {@code i} down to T0 {@code i}. U is the number of T1 switches seen in the plane. Only
 *       when no device reports LLDP neighbors.
 * </ol>
 * Names are classified (host, T0, T1, plane) by the fabric model: from LLDP first, name patterns only
 * as a fallback.
 * See docs/adr/0031.
 */
final class PortPeers {
    private final Map<Integer, Integer> t1PerPlane = new HashMap<>();
    /** Digits of zero-padded host names ({@code host-0007}: 4); 0 when the names are not padded ({@code host-7}). */
    private int hostNameWidth;

    private int generation;
    /** Names repeat on every snapshot; parsing each once keeps regexes off the publish path. */
    private final Map<String, DeviceName> parsed = new HashMap<>();

    private final Map<String, DeviceName> conventional = new HashMap<>();

    private Map<FabricTopology.End, FabricTopology.End> adjacency = Map.of();
    private Function<String, DeviceName> classify = DeviceName::parse;

    private DeviceName parse(String name) {
        return parsed.computeIfAbsent(name, classify);
    }

    /**
     * Takes what the fabric model learnt of the topology: the LLDP adjacency and how names classify.
     * Every peer is found again.
     */
    void learn(
            Iterable<DeviceState> devices,
            Map<FabricTopology.End, FabricTopology.End> newAdjacency,
            Function<String, DeviceName> newClassify) {
        adjacency = newAdjacency;
        classify = newClassify;
        parsed.clear();
        conventional.clear();
        learnPlaneSizes(devices);
        generation++;
    }

    /** Re-learns the plane sizes; returns whether anything changed (cached summaries must then rebuild). */
    boolean learnPlaneSizes(Iterable<DeviceState> devices) {
        Map<Integer, Integer> t1 = new HashMap<>();
        int width = 0;
        for (DeviceState device : devices) {
            if (device.name.isSwitch() && device.name.tier() == 1) {
                t1.merge(device.name.plane(), 1, Integer::sum);
            } else if (device.name.isHost() && device.name.name().startsWith("host-")) {
                // Only a leading zero shows padding: unpadded names ("host-9", "host-10") differ in
                // length, and taking the last one's length made "host-09" of "host-9".
                String digits = device.name.name().substring("host-".length());
                if (digits.length() > 1 && digits.charAt(0) == '0') {
                    width = Math.max(width, digits.length());
                }
            }
        }
        boolean changed = !t1.equals(t1PerPlane) || hostNameWidth != width;
        if (changed) {
            t1PerPlane.clear();
            t1PerPlane.putAll(t1);
            hostNameWidth = width;
            conventional.clear();
            generation++;
        }
        return changed;
    }

    int generation() {
        return generation;
    }

    /** The peer of {@code port} on switch {@code self}, or an OTHER name when it cannot be told. */
    DeviceName peer(DeviceName self, String port, LeafTable leaves, int portCount) {
        FabricTopology.End far = adjacency.get(new FabricTopology.End(self.name(), port));
        if (far != null) {
            return parse(far.device());
        }
        DeviceName named = parse(port);
        if (named.kind() != DeviceName.Kind.OTHER) {
            return named;
        }
        DeviceName described = parse(leaves.text(InterfaceLeaves.DESCRIPTION, ""));
        if (described.kind() != DeviceName.Kind.OTHER) {
            return described;
        }
        if (!port.startsWith("eth") || !self.isSwitch() || !adjacency.isEmpty()) {
            return named;
        }
        String key = self.name() + '/' + port + '/' + portCount;
        DeviceName known = conventional.get(key);
        if (known != null) {
            return known;
        }
        DeviceName peer = byConvention(self, port, portCount, named);
        conventional.put(key, peer);
        return peer;
    }

    private DeviceName byConvention(DeviceName self, String port, int portCount, DeviceName named) {
        int k;
        try {
            k = Integer.parseInt(port.substring(3));
        } catch (NumberFormatException e) {
            return named;
        }
        if (self.tier() == 1) {
            return parse("p" + self.plane() + "-t0-" + k);
        }
        int up = t1PerPlane.getOrDefault(self.plane(), 0);
        int down = portCount - up;
        if (up == 0 || down <= 0) {
            return named;
        }
        if (k >= down) {
            return parse("p" + self.plane() + "-t1-" + (k - down));
        }
        int host = self.index() * down + k;
        int width = hostNameWidth;
        String digits = Integer.toString(host);
        return parse("host-" + (digits.length() < width ? "0".repeat(width - digits.length()) : "") + digits);
    }
}
