package org.planewatch.sim.transport;

import org.planewatch.sim.fabric.Topology;

/**
 * The links an EV's packets cross, sender to receiver. Allocates a small array per call: for EV
 * transitions, controller decisions and views, never per packet.
 */
final class EvPaths {
    private final Topology topology;

    EvPaths(Topology topology) {
        this.topology = topology;
    }

    /** Links on the path of EV {@code ev} of {@code qp}. */
    int[] evLinks(QueuePair qp, int ev) {
        return pathLinks(qp.src, qp.dst, qp.evPlane[ev], qp.evT1[ev]);
    }

    /** Links from {@code src} to {@code dst} on {@code plane} through T1 {@code t1} (unused under one T0). */
    int[] pathLinks(int src, int dst, int plane, int t1) {
        int srcT0 = topology.t0Of(src);
        int dstT0 = topology.t0Of(dst);
        if (srcT0 == dstT0) {
            return new int[] {topology.hostLink(src, plane), topology.hostLink(dst, plane)};
        }
        return new int[] {
            topology.hostLink(src, plane),
            topology.fabricLink(plane, srcT0, t1),
            topology.fabricLink(plane, dstT0, t1),
            topology.hostLink(dst, plane)
        };
    }

    boolean crosses(QueuePair qp, int ev, int link) {
        for (int onPath : evLinks(qp, ev)) {
            if (onPath == link) {
                return true;
            }
        }
        return false;
    }
}
