package org.planewatch.sim.transport;

import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.engine.Rng;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;

/**
 * Opens QPs: sizes each one's window to its path's bandwidth-delay product and gives it its EV set,
 * an equal share per plane spread over the T1s in a shuffled spray order (MRC and UEC), or one
 * hashed path (the ECMP baseline).
 */
final class QpOpener {
    private final QpTable qps;
    private final HostPlaneCounters hostPlaneCounters;
    private final Network network;
    private final Topology topology;
    private final TransportConfig config;
    private final boolean ecmp;
    private final int mtu;
    private final int headerBytes;
    private final double linkBytesPerPs;
    private final long seed;

    QpOpener(
            QpTable qps,
            HostPlaneCounters hostPlaneCounters,
            Network network,
            TransportConfig config,
            int mtu,
            int headerBytes,
            double linkGbps,
            long seed) {
        this.qps = qps;
        this.hostPlaneCounters = hostPlaneCounters;
        this.network = network;
        this.topology = network.topology();
        this.config = config;
        this.ecmp = config.mode() == TransportMode.ECMP;
        this.mtu = mtu;
        this.headerBytes = headerBytes;
        this.linkBytesPerPs = linkGbps / 8000.0;
        this.seed = seed;
    }

    /** Opens a QP from {@code src} to {@code dst}, adds it to the table and returns its id. */
    int open(int src, int dst) {
        if (src < 0 || src >= topology.hosts || dst < 0 || dst >= topology.hosts) {
            throw new IllegalArgumentException(
                    "QP endpoints " + src + "->" + dst + " outside hosts 0.." + (topology.hosts - 1));
        }
        if (src == dst) {
            throw new IllegalArgumentException("a QP needs two distinct hosts, got " + src + "->" + dst);
        }
        int id = qps.nextId();
        int evs = ecmp ? 1 : Math.min(config.evsPerQp(), Short.MAX_VALUE);
        int links = topology.switchHops(src, dst) + 1;
        long baseRtt = BaseRtt.ps(network, mtu + headerBytes, headerBytes, links);
        int planesUsed = ecmp ? 1 : topology.planes;
        long bdp = (long) (baseRtt * linkBytesPerPs * planesUsed);
        long maxCwnd = Math.max(mtu + headerBytes, (long) (config.nsccMaxCwndBdp() * bdp));
        QueuePair qp = new QueuePair(id, src, dst, evs, topology.planes, baseRtt, maxCwnd, Rng.seed(seed, 3, id));
        if (ecmp) {
            long hash = Rng.mix(seed ^ Rng.mix(((long) src << 32) | dst) ^ id);
            qp.evPlane[0] = config.ecmpAllPlanes() ? (int) Long.remainderUnsigned(hash, topology.planes) : 0;
            qp.evT1[0] = (int) Long.remainderUnsigned(hash >>> 20, topology.t1PerPlane);
        } else {
            spreadEvs(qp);
        }
        for (int ev = 0; ev < evs; ev++) {
            qp.sprayOrder[ev] = ev;
            qp.goodPerPlane[qp.evPlane[ev]]++;
            hostPlaneCounters.increment(src, qp.evPlane[ev], HostPlaneCounter.EVS_GOOD);
        }
        shuffleSprayOrder(qp);
        qps.add(qp);
        return id;
    }

    /** An equal share of EVs per plane, spread evenly over the T1s from a per-QP random offset. */
    private void spreadEvs(QueuePair qp) {
        int planes = topology.planes;
        int[] offset = new int[planes];
        for (int plane = 0; plane < planes; plane++) {
            qp.rng += 0x9E3779B97F4A7C15L;
            offset[plane] = (int) Long.remainderUnsigned(Rng.mix(qp.rng), topology.t1PerPlane);
        }
        for (int ev = 0; ev < qp.evCount; ev++) {
            int plane = ev % planes;
            qp.evPlane[ev] = plane;
            qp.evT1[ev] = (offset[plane] + ev / planes) % topology.t1PerPlane;
        }
    }

    /** Fisher-Yates from the QP's own random stream, so consecutive packets take unrelated paths. */
    private static void shuffleSprayOrder(QueuePair qp) {
        for (int i = qp.evCount - 1; i > 0; i--) {
            qp.rng += 0x9E3779B97F4A7C15L;
            int j = (int) Long.remainderUnsigned(Rng.mix(qp.rng), i + 1);
            int swapped = qp.sprayOrder[i];
            qp.sprayOrder[i] = qp.sprayOrder[j];
            qp.sprayOrder[j] = swapped;
        }
    }
}
