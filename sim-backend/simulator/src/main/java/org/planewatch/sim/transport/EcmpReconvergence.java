package org.planewatch.sim.transport;

import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;
import org.planewatch.sim.engine.Rng;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;

/**
 * How the ECMP baseline recovers from a link failure: not at all until routing reconverges, a
 * fixed delay after the link went down; then every QP whose one path crosses a link down that long
 * is rehashed onto a path that is up.
 */
final class EcmpReconvergence {
    private final QpTable qps;
    private final EvPaths paths;
    private final Engine engine;
    private final Network network;
    private final Topology topology;
    private final TransportConfig config;
    private final long seed;
    private final long[] linkDownAt;

    EcmpReconvergence(QpTable qps, EvPaths paths, Engine engine, Network network, TransportConfig config, long seed) {
        this.qps = qps;
        this.paths = paths;
        this.engine = engine;
        this.network = network;
        this.topology = network.topology();
        this.config = config;
        this.seed = seed;
        this.linkDownAt = new long[topology.linkCount];
    }

    /** Link {@code link} went down now: routing reconverges around it after the delay. */
    void linkDown(int link) {
        linkDownAt[link] = engine.now();
        engine.schedule(engine.now() + config.ecmpReconvergeNs() * 1000, EventKind.RECONVERGE, link, 0);
    }

    /** Routing moves every flow off links that have been down for the reconvergence delay. */
    void reconverge() {
        long now = engine.now();
        long delay = config.ecmpReconvergeNs() * 1000;
        for (int id = 0; id < qps.count(); id++) {
            QueuePair qp = qps.get(id);
            if (!pathBroken(paths.pathLinks(qp.src, qp.dst, qp.evPlane[0], qp.evT1[0]), now - delay)) {
                continue;
            }
            int planes = config.ecmpAllPlanes() ? topology.planes : 1;
            int choices = planes * topology.t1PerPlane;
            int start = (int) Long.remainderUnsigned(Rng.mix(seed ^ qp.id ^ now), choices);
            for (int k = 0; k < choices; k++) {
                int choice = (start + k) % choices;
                int plane = config.ecmpAllPlanes() ? choice / topology.t1PerPlane : qp.evPlane[0];
                int t1 = choice % topology.t1PerPlane;
                if (!pathBroken(paths.pathLinks(qp.src, qp.dst, plane, t1), Long.MAX_VALUE)) {
                    qp.evPlane[0] = plane;
                    qp.evT1[0] = t1;
                    break;
                }
            }
        }
    }

    /** Whether a link of {@code links} is down and went down at or before {@code downBefore}. */
    private boolean pathBroken(int[] links, long downBefore) {
        for (int link : links) {
            if (!network.linkUp(link) && linkDownAt[link] <= downBefore) {
                return true;
            }
        }
        return false;
    }
}
