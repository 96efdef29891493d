package org.planewatch.sim.fabric;

import org.planewatch.sim.config.DeviceNaming;
import org.planewatch.sim.config.FabricConfig;

/**
 * Indices and names of every host, switch, port and link of a multi-plane two-tier Clos.
 *
 * <p>Nodes: hosts {@code 0..H-1}, then per plane its T0 switches followed by its T1 switches.
 * Ports are egress directions: host NIC ports ({@code host * P + plane}), then every T0's ports
 * ({@code D} down to its hosts, then {@code U} up, port {@code D + j} to T1 {@code j}), then every
 * T1's ports (port {@code i} down to T0 {@code i}). Links are undirected: host links
 * ({@code host * P + plane}) then T0-T1 links. Everything is arithmetic or a flat int array, so the
 * full 131,072-host fabric costs a few tens of megabytes.
 */
public final class Topology {
    public final int planes;
    public final int hostsPerT0;
    public final int t0PerPlane;
    public final int t1PerPlane;
    public final int hosts;
    public final int switches;
    public final int t0PortBase;
    public final int t1PortBase;
    public final int portCount;
    public final int linkCount;
    private final int hostLinks;
    private final int[] portPeer;
    private final int[] portLink;
    private final int[] switchFirstPort;
    private final int[] switchPortCount;
    private final NodeNames names;

    public Topology(FabricConfig config) {
        this(config, new NodeNames(config, DeviceNaming.DEFAULT));
    }

    /** A fabric whose devices carry {@code names} (the scenario's {@code names} section). */
    public Topology(FabricConfig config, NodeNames names) {
        this.names = names;
        planes = config.planes();
        hostsPerT0 = config.hostsPerT0();
        t0PerPlane = config.t0PerPlane();
        t1PerPlane = config.t1PerPlane();
        hosts = hostsPerT0 * t0PerPlane;
        switches = planes * (t0PerPlane + t1PerPlane);
        long t0Base = (long) hosts * planes;
        long t1Base = t0Base + (long) planes * t0PerPlane * (hostsPerT0 + t1PerPlane);
        long ports = t1Base + (long) planes * t1PerPlane * t0PerPlane;
        if (ports > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("fabric too large: " + ports + " ports");
        }
        t0PortBase = (int) t0Base;
        t1PortBase = (int) t1Base;
        portCount = (int) ports;
        hostLinks = hosts * planes;
        linkCount = hostLinks + planes * t0PerPlane * t1PerPlane;
        portPeer = new int[portCount];
        portLink = new int[portCount];
        switchFirstPort = new int[switches];
        switchPortCount = new int[switches];
        wire();
    }

    private void wire() {
        int d = hostsPerT0;
        int u = t1PerPlane;
        for (int h = 0; h < hosts; h++) {
            for (int p = 0; p < planes; p++) {
                int port = hostPort(h, p);
                portPeer[port] = t0Node(p, h / d);
                portLink[port] = hostLink(h, p);
            }
        }
        for (int p = 0; p < planes; p++) {
            for (int i = 0; i < t0PerPlane; i++) {
                int sw = t0Node(p, i) - hosts;
                int base = t0Port(p, i, 0);
                switchFirstPort[sw] = base;
                switchPortCount[sw] = d + u;
                for (int k = 0; k < d; k++) {
                    portPeer[base + k] = i * d + k;
                    portLink[base + k] = hostLink(i * d + k, p);
                }
                for (int j = 0; j < u; j++) {
                    portPeer[base + d + j] = t1Node(p, j);
                    portLink[base + d + j] = fabricLink(p, i, j);
                }
            }
            for (int j = 0; j < u; j++) {
                int sw = t1Node(p, j) - hosts;
                int base = t1Port(p, j, 0);
                switchFirstPort[sw] = base;
                switchPortCount[sw] = t0PerPlane;
                for (int i = 0; i < t0PerPlane; i++) {
                    portPeer[base + i] = t0Node(p, i);
                    portLink[base + i] = fabricLink(p, i, j);
                }
            }
        }
    }

    // ---- nodes

    public int t0Node(int plane, int i) {
        return hosts + plane * (t0PerPlane + t1PerPlane) + i;
    }

    public int t1Node(int plane, int j) {
        return hosts + plane * (t0PerPlane + t1PerPlane) + t0PerPlane + j;
    }

    public boolean isHost(int node) {
        return node < hosts;
    }

    /** T0 index of a host (the same in every plane). */
    public int t0Of(int host) {
        return host / hostsPerT0;
    }

    public int switchPlane(int sw) {
        return sw / (t0PerPlane + t1PerPlane);
    }

    public boolean switchIsT0(int sw) {
        return sw % (t0PerPlane + t1PerPlane) < t0PerPlane;
    }

    /** Index of a switch within its tier and plane. */
    public int switchOrdinal(int sw) {
        int r = sw % (t0PerPlane + t1PerPlane);
        return r < t0PerPlane ? r : r - t0PerPlane;
    }

    // ---- ports

    public int hostPort(int host, int plane) {
        return host * planes + plane;
    }

    public int t0Port(int plane, int i, int k) {
        return t0PortBase + (plane * t0PerPlane + i) * (hostsPerT0 + t1PerPlane) + k;
    }

    public int t1Port(int plane, int j, int k) {
        return t1PortBase + (plane * t1PerPlane + j) * t0PerPlane + k;
    }

    /** Node that receives what this egress port sends. */
    public int portPeer(int port) {
        return portPeer[port];
    }

    public int portLink(int port) {
        return portLink[port];
    }

    /** Node that owns this egress port. */
    public int portOwner(int port) {
        if (port < t0PortBase) {
            return port / planes;
        }
        if (port < t1PortBase) {
            int s = (port - t0PortBase) / (hostsPerT0 + t1PerPlane);
            return t0Node(s / t0PerPlane, s % t0PerPlane);
        }
        int s = (port - t1PortBase) / t0PerPlane;
        return t1Node(s / t1PerPlane, s % t1PerPlane);
    }

    public int portPlane(int port) {
        int link = portLink[port];
        return link < hostLinks ? link % planes : (link - hostLinks) / (t0PerPlane * t1PerPlane);
    }

    public boolean isHostPort(int port) {
        return port < t0PortBase;
    }

    /** A T0 port facing a host: the last hop of every data path. */
    public boolean isLastHopPort(int port) {
        return port >= t0PortBase && port < t1PortBase && (port - t0PortBase) % (hostsPerT0 + t1PerPlane) < hostsPerT0;
    }

    /** The egress port at the other end of this port's link: its TX counters are this port's RX. */
    public int facingPort(int port) {
        int link = portLink[port];
        int lower = linkLowerPort(link);
        return lower == port ? linkUpperPort(link) : lower;
    }

    public int switchFirstPort(int sw) {
        return switchFirstPort[sw];
    }

    public int switchPortCount(int sw) {
        return switchPortCount[sw];
    }

    // ---- links

    public int hostLink(int host, int plane) {
        return host * planes + plane;
    }

    public int fabricLink(int plane, int t0, int t1) {
        return hostLinks + (plane * t0PerPlane + t0) * t1PerPlane + t1;
    }

    public boolean isHostLink(int link) {
        return link < hostLinks;
    }

    public int linkPlane(int link) {
        return link < hostLinks ? link % planes : (link - hostLinks) / (t0PerPlane * t1PerPlane);
    }

    /** Egress port of the lower end (host or T0) of a link. */
    public int linkLowerPort(int link) {
        if (link < hostLinks) {
            return link;
        }
        int r = link - hostLinks;
        int j = r % t1PerPlane;
        int s = r / t1PerPlane;
        return t0Port(s / t0PerPlane, s % t0PerPlane, hostsPerT0 + j);
    }

    /** Egress port of the upper end (T0 or T1) of a link. */
    public int linkUpperPort(int link) {
        if (link < hostLinks) {
            int h = link / planes;
            return t0Port(link % planes, h / hostsPerT0, h % hostsPerT0);
        }
        int r = link - hostLinks;
        int j = r % t1PerPlane;
        int s = r / t1PerPlane;
        return t1Port(s / t0PerPlane, j, s % t0PerPlane);
    }

    // ---- names

    public String hostName(int host) {
        return names.name(host);
    }

    public String nodeName(int node) {
        return node < hosts ? hostName(node) : switchName(node - hosts);
    }

    public String switchName(int sw) {
        return names.name(hosts + sw);
    }

    /** The names of the nodes. */
    public NodeNames names() {
        return names;
    }

    public String linkName(int link) {
        return nodeName(portOwner(linkLowerPort(link))) + "~" + nodeName(portOwner(linkUpperPort(link)));
    }

    /** Switch index of a name such as {@code p2-t0-3} (or the name the scenario chose), or -1. */
    public int switchIndex(String name) {
        if (name != null && !names.isDefault()) {
            int node = names.node(name);
            return node < hosts ? -1 : node - hosts;
        }
        if (name == null || !name.startsWith("p")) {
            return -1;
        }
        String[] parts = name.substring(1).split("-");
        if (parts.length != 3 || !(parts[1].equals("t0") || parts[1].equals("t1"))) {
            return -1;
        }
        int plane = parseIndex(parts[0], planes);
        boolean t0 = parts[1].equals("t0");
        int ordinal = parseIndex(parts[2], t0 ? t0PerPlane : t1PerPlane);
        if (plane < 0 || ordinal < 0) {
            return -1;
        }
        return (t0 ? t0Node(plane, ordinal) : t1Node(plane, ordinal)) - hosts;
    }

    /**
     * Link index of a name such as {@code p2-t0-3~p2-t1-5} or {@code host-17~p2-t0-1} (either order; the
     * names the scenario chose when it chose some), or -1.
     */
    public int linkIndex(String name) {
        if (name == null) {
            return -1;
        }
        int tilde = name.indexOf('~');
        if (tilde < 0) {
            return -1;
        }
        int a = nodeIndex(name.substring(0, tilde));
        int b = nodeIndex(name.substring(tilde + 1));
        if (a < 0 || b < 0) {
            return -1;
        }
        int link = linkBetween(a, b);
        return link >= 0 ? link : linkBetween(b, a);
    }

    private int linkBetween(int lower, int upper) {
        if (upper < hosts) {
            return -1;
        }
        int sw = upper - hosts;
        int plane = switchPlane(sw);
        if (lower < hosts) {
            return switchIsT0(sw) && t0Of(lower) == switchOrdinal(sw) ? hostLink(lower, plane) : -1;
        }
        int lowerSw = lower - hosts;
        if (!switchIsT0(lowerSw) || switchIsT0(sw) || switchPlane(lowerSw) != plane) {
            return -1;
        }
        return fabricLink(plane, switchOrdinal(lowerSw), switchOrdinal(sw));
    }

    private int nodeIndex(String name) {
        if (!names.isDefault()) {
            return names.node(name);
        }
        if (name.startsWith("host-")) {
            return parseIndex(name.substring(5), hosts);
        }
        int sw = switchIndex(name);
        return sw < 0 ? -1 : sw + hosts;
    }

    private static int parseIndex(String text, int bound) {
        if (text.isEmpty() || text.length() > 9) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return -1;
            }
        }
        int value = Integer.parseInt(text);
        return value < bound ? value : -1;
    }

    /**
     * Source route from {@code src} to {@code dst} through T1 {@code t1} as packed uSIDs (21 bits
     * each, the active one lowest): each uSID is the egress port number on the switch it reaches.
     */
    public long route(int src, int dst, int t1) {
        int srcT0 = src / hostsPerT0;
        int dstT0 = dst / hostsPerT0;
        long local = dst % hostsPerT0;
        if (srcT0 == dstT0) {
            return local;
        }
        return (hostsPerT0 + t1) | ((long) dstT0 << 21) | (local << 42);
    }

    /** Switch hops of the path between two hosts (1 under one T0, else 3). */
    public int switchHops(int src, int dst) {
        return src / hostsPerT0 == dst / hostsPerT0 ? 1 : 3;
    }
}
