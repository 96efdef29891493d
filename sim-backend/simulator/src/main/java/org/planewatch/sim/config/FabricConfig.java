package org.planewatch.sim.config;

/**
 * Shape and physics of the simulated fabric: P planes, each a two-tier Clos of T0 and T1 switches.
 *
 * <p>Every host has one NIC port per plane; T0 {@code i} of every plane serves the same hosts
 * {@code i * hostsPerT0 .. (i + 1) * hostsPerT0 - 1}. A T0 has one up-port to each T1 of its plane.
 *
 * @param planes number of planes (NIC ports per host)
 * @param hostsPerT0 down-ports of a T0 switch
 * @param t0PerPlane T0 switches per plane
 * @param t1PerPlane T1 switches per plane (= up-ports of a T0)
 * @param linkGbps rate of every link
 * @param linkDelayNs propagation delay of every link
 * @param mtuBytes payload bytes of a full data packet
 * @param headerBytes bytes of a header on the wire: added to every data packet, and the size of a
 *     trimmed packet, an ACK, a NACK or a probe
 * @param queueBytes egress data queue limit per switch port
 * @param headerQueueBytes egress header (priority) queue limit per switch port
 * @param ecnKminBytes queue depth where ECN marking starts
 * @param ecnKmaxBytes queue depth where every packet is marked
 * @param trimming whether switches trim (MRC) or drop at the tail (ECMP baseline)
 * @param switchLatencyNs forwarding latency inside a switch
 * @param headerBurstPackets header-queue weight [choice]: the priority header queue is served first
 *     but never more than this many packets in a row while data waits, so data is never starved
 */
public record FabricConfig(
        int planes,
        int hostsPerT0,
        int t0PerPlane,
        int t1PerPlane,
        double linkGbps,
        long linkDelayNs,
        int mtuBytes,
        int headerBytes,
        long queueBytes,
        long headerQueueBytes,
        long ecnKminBytes,
        long ecnKmaxBytes,
        boolean trimming,
        long switchLatencyNs,
        int headerBurstPackets) {

    public FabricConfig {
        requirePositive("planes", planes);
        requirePositive("hostsPerT0", hostsPerT0);
        requirePositive("t0PerPlane", t0PerPlane);
        requirePositive("t1PerPlane", t1PerPlane);
        requireSize(planes, hostsPerT0, t0PerPlane, t1PerPlane);
        if (!(linkGbps >= Limits.MIN_LINK_GBPS && linkGbps <= Limits.MAX_LINK_GBPS)) {
            throw new IllegalArgumentException("linkGbps must be in [" + Limits.MIN_LINK_GBPS + ", "
                    + Limits.grouped((long) Limits.MAX_LINK_GBPS) + "], got " + linkGbps);
        }
        requireNonNegative("linkDelayNs", linkDelayNs);
        Limits.requireTime("linkDelayNs", linkDelayNs);
        requirePositive("mtuBytes", mtuBytes);
        Limits.requireAtMost("mtuBytes", mtuBytes, Limits.MAX_PACKET_BYTES, "1 MiB");
        requirePositive("headerBytes", headerBytes);
        Limits.requireAtMost("headerBytes", headerBytes, Limits.MAX_PACKET_BYTES, "1 MiB");
        requirePositive("queueBytes", queueBytes);
        requirePositive("headerQueueBytes", headerQueueBytes);
        requireNonNegative("ecnKminBytes", ecnKminBytes);
        if (ecnKmaxBytes < ecnKminBytes) {
            throw new IllegalArgumentException(
                    "ecnKmaxBytes (" + ecnKmaxBytes + ") must be >= ecnKminBytes (" + ecnKminBytes + ")");
        }
        requireNonNegative("switchLatencyNs", switchLatencyNs);
        Limits.requireTime("switchLatencyNs", switchLatencyNs);
        requirePositive("headerBurstPackets", headerBurstPackets);
    }

    /** Switch and NIC ports (two per link): host links plus T0-T1 links, in every plane. */
    public static long portCount(int planes, int hostsPerT0, int t0PerPlane, int t1PerPlane) {
        long hosts = (long) hostsPerT0 * t0PerPlane;
        return 2L * planes * (hosts + (long) t0PerPlane * t1PerPlane);
    }

    /** The hard limits of the fabric's shape: ports indexed by an int, switch ports by a 21-bit uSID. */
    private static void requireSize(int planes, int hostsPerT0, int t0PerPlane, int t1PerPlane) {
        long t0Ports = (long) hostsPerT0 + t1PerPlane;
        if (t0Ports > Limits.MAX_SWITCH_PORTS) {
            throw new IllegalArgumentException("a T0 switch has hostsPerT0 + t1PerPlane = " + Limits.grouped(t0Ports)
                    + " ports; the limit is " + Limits.grouped(Limits.MAX_SWITCH_PORTS)
                    + " (source routes carry port numbers in 21 bits)");
        }
        if (t0PerPlane > Limits.MAX_SWITCH_PORTS) {
            throw new IllegalArgumentException("a T1 switch has t0PerPlane = " + Limits.grouped(t0PerPlane)
                    + " ports; the limit is " + Limits.grouped(Limits.MAX_SWITCH_PORTS)
                    + " (source routes carry port numbers in 21 bits)");
        }
        long ports = portCount(planes, hostsPerT0, t0PerPlane, t1PerPlane);
        if (ports > Limits.MAX_PORTS) {
            throw new IllegalArgumentException("fabric too large: planes " + Limits.grouped(planes)
                    + " x (hostsPerT0 x t0PerPlane = " + Limits.grouped((long) hostsPerT0 * t0PerPlane)
                    + " hosts + t0PerPlane x t1PerPlane = " + Limits.grouped((long) t0PerPlane * t1PerPlane)
                    + " T0-T1 links) x 2 = " + Limits.grouped(ports) + " switch and NIC ports; the limit is "
                    + Limits.grouped(Limits.MAX_PORTS) + " (per-port state is one array of "
                    + Limits.LONGS_PER_PORT + " longs a port)");
        }
    }

    /** The spec's defaults for a small lab fabric; queue and ECN limits derived from the MTU. */
    public static FabricConfig defaults() {
        long queue = 262_144;
        return new FabricConfig(
                8, 16, 4, 16, 100.0, 1_000, 4_096, 64, queue, 2 * queue, queue / 5, queue * 4 / 5, true, 0, 8);
    }

    public int hostCount() {
        return hostsPerT0 * t0PerPlane;
    }

    public int switchCount() {
        return planes * (t0PerPlane + t1PerPlane);
    }

    public FabricConfig withPlanes(int newPlanes) {
        return new FabricConfig(
                newPlanes,
                hostsPerT0,
                t0PerPlane,
                t1PerPlane,
                linkGbps,
                linkDelayNs,
                mtuBytes,
                headerBytes,
                queueBytes,
                headerQueueBytes,
                ecnKminBytes,
                ecnKmaxBytes,
                trimming,
                switchLatencyNs,
                headerBurstPackets);
    }

    public FabricConfig withTrimming(boolean newTrimming) {
        return new FabricConfig(
                planes,
                hostsPerT0,
                t0PerPlane,
                t1PerPlane,
                linkGbps,
                linkDelayNs,
                mtuBytes,
                headerBytes,
                queueBytes,
                headerQueueBytes,
                ecnKminBytes,
                ecnKmaxBytes,
                newTrimming,
                switchLatencyNs,
                headerBurstPackets);
    }

    static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0, got " + value);
        }
    }

    static void requireNonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
    }
}
