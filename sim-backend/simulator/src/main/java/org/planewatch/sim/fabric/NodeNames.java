package org.planewatch.sim.fabric;

import java.util.HashMap;
import java.util.Map;
import org.planewatch.sim.config.DeviceNaming;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.input.Echo;

/**
 * The name of every node (host or switch) of a fabric and the node of every name, by the numbering
 * of {@link Topology}: hosts {@code 0..H-1}, then per plane its T0s and then its T1s. Default names
 * are arithmetic (nothing stored); chosen names ({@link DeviceNaming}) are computed once, checked to
 * be valid and distinct, and held in an array and a map.
 */
public final class NodeNames {
    private final int planes;
    private final int hostsPerT0;
    private final int t0PerPlane;
    private final int t1PerPlane;
    private final int hosts;
    /** Null for the default names. */
    private final String[] chosen;

    private final Map<String, Integer> byName;

    /**
     * @throws IllegalArgumentException naming the device and the problem: an invalid name, two devices
     *     with one name, or an explicit entry for a device the fabric does not have
     */
    public NodeNames(FabricConfig fabric, DeviceNaming naming) {
        planes = fabric.planes();
        hostsPerT0 = fabric.hostsPerT0();
        t0PerPlane = fabric.t0PerPlane();
        t1PerPlane = fabric.t1PerPlane();
        hosts = hostsPerT0 * t0PerPlane;
        if (naming.isDefault()) {
            chosen = null;
            byName = null;
            return;
        }
        int nodes = hosts + planes * (t0PerPlane + t1PerPlane);
        chosen = new String[nodes];
        byName = new HashMap<>(nodes * 2);
        Map<String, Integer> byDefault = new HashMap<>();
        for (int node = 0; node < nodes; node++) {
            chosen[node] = templated(naming, node);
            if (!naming.explicit().isEmpty()) {
                byDefault.put(defaultName(node), node);
            }
        }
        naming.explicit().forEach((from, to) -> {
            Integer node = byDefault.get(from);
            if (node == null) {
                throw new IllegalArgumentException("names.map: no device " + Echo.quoted(from)
                        + " (keys are default names: host-<n>, p<plane>-t0-<i>, p<plane>-t1-<j>)");
            }
            chosen[node] = to;
        });
        for (int node = 0; node < nodes; node++) {
            String name = chosen[node];
            String problem = DeviceNaming.problem(name);
            if (problem != null) {
                throw new IllegalArgumentException(
                        "the name of " + defaultName(node) + ", " + Echo.quoted(name) + ", is " + problem);
            }
            Integer other = byName.putIfAbsent(name, node);
            if (other != null) {
                throw new IllegalArgumentException(defaultName(other) + " and " + defaultName(node)
                        + " would both be named " + Echo.quoted(name)
                        + " (a template needs a field that tells them apart)");
            }
        }
    }

    private String templated(DeviceNaming naming, int node) {
        if (node < hosts) {
            return naming.host() == null
                    ? defaultName(node)
                    : naming.host().render(Map.of("n", node, "t0", node / hostsPerT0, "k", node % hostsPerT0));
        }
        int s = node - hosts;
        int plane = s / (t0PerPlane + t1PerPlane);
        int r = s % (t0PerPlane + t1PerPlane);
        if (r < t0PerPlane) {
            return naming.t0() == null ? defaultName(node) : naming.t0().render(Map.of("plane", plane, "i", r));
        }
        return naming.t1() == null
                ? defaultName(node)
                : naming.t1().render(Map.of("plane", plane, "j", r - t0PerPlane));
    }

    /** Whether the fabric uses the default names. */
    public boolean isDefault() {
        return chosen == null;
    }

    public String name(int node) {
        return chosen == null ? defaultName(node) : chosen[node];
    }

    /** The node of a chosen name, or -1; only for fabrics with chosen names ({@link #isDefault()} false). */
    public int node(String name) {
        Integer node = byName.get(name);
        return node == null ? -1 : node;
    }

    /** {@code host-<n>}, {@code p<plane>-t0-<i>} or {@code p<plane>-t1-<j>}. */
    public String defaultName(int node) {
        if (node < hosts) {
            return "host-" + node;
        }
        int s = node - hosts;
        int plane = s / (t0PerPlane + t1PerPlane);
        int r = s % (t0PerPlane + t1PerPlane);
        return r < t0PerPlane ? "p" + plane + "-t0-" + r : "p" + plane + "-t1-" + (r - t0PerPlane);
    }
}
