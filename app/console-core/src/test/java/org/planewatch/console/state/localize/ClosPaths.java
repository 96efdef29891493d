package org.planewatch.console.state.localize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planewatch.sim.scenario.FabricNames;

/**
 * A small two-tier Clos fabric of several planes, named by the simulator's {@link FabricNames}, and the paths of its
 * EVs (sender, receiver, spine): the links each crosses, sender to receiver. It answers the
 * localization's questions about names from the topology it built, not by reading them.
 */
public final class ClosPaths implements FabricElements {
    private final int t0PerPlane;
    private final int t1PerPlane;
    private final int hostsPerT0;
    private final Map<String, List<String>> ends = new HashMap<>();
    private final Set<String> hosts = new HashSet<>();
    private final Set<String> switches = new HashSet<>();

    public ClosPaths(int planes, int t0PerPlane, int t1PerPlane, int hostsPerT0) {
        this.t0PerPlane = t0PerPlane;
        this.t1PerPlane = t1PerPlane;
        this.hostsPerT0 = hostsPerT0;
        for (int plane = 0; plane < planes; plane++) {
            for (int t0 = 0; t0 < t0PerPlane; t0++) {
                for (int h = 0; h < hostsPerT0; h++) {
                    int host = t0 * hostsPerT0 + h;
                    hosts.add(host(host));
                    ends.put(hostLink(plane, host), List.of(host(host), t0(plane, t0)));
                }
                for (int t1 = 0; t1 < t1PerPlane; t1++) {
                    switches.add(t0(plane, t0));
                    switches.add(t1(plane, t1));
                    ends.put(fabricLink(plane, t0, t1), List.of(t0(plane, t0), t1(plane, t1)));
                }
            }
        }
    }

    public int hosts() {
        return t0PerPlane * hostsPerT0;
    }

    public int spines() {
        return t1PerPlane;
    }

    public static String host(int host) {
        return FabricNames.host(host);
    }

    public static String t0(int plane, int index) {
        return FabricNames.t0(plane, index);
    }

    public static String t1(int plane, int index) {
        return FabricNames.t1(plane, index);
    }

    public String hostLink(int plane, int host) {
        return FabricNames.link(host(host), t0(plane, host / hostsPerT0));
    }

    public static String fabricLink(int plane, int t0, int t1) {
        return FabricNames.link(t0(plane, t0), t1(plane, t1));
    }

    /** The links of the EV from {@code src} to {@code dst} through spine {@code spine}. */
    public List<String> path(int plane, int src, int dst, int spine) {
        int a = src / hostsPerT0;
        int b = dst / hostsPerT0;
        List<String> links = new ArrayList<>(4);
        links.add(hostLink(plane, src));
        if (a != b) {
            links.add(fabricLink(plane, a, spine));
            links.add(fabricLink(plane, b, spine));
        }
        links.add(hostLink(plane, dst));
        return List.copyOf(links);
    }

    /** Whether the EV's path crosses {@code link}. */
    public boolean crosses(int plane, int src, int dst, int spine, String link) {
        return path(plane, src, dst, spine).contains(link);
    }

    @Override
    public List<String> ends(String link) {
        return ends.getOrDefault(link, List.of());
    }

    @Override
    public boolean isSwitch(String device) {
        return switches.contains(device);
    }

    @Override
    public boolean isHost(String device) {
        return hosts.contains(device);
    }
}
