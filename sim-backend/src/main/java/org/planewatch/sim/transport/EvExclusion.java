package org.planewatch.sim.transport;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.switching.PacketPool;

/**
 * The EV state machine of every QP: retirement (with the ev_min_active guard), probing with
 * back-off and re-admission, controller denials, and the exclusion event of every transition.
 */
final class EvExclusion {
    private static final int C = HostPlaneCounter.COUNT;

    private final Transport transport;
    private final Engine engine;
    private final Network net;
    private final PacketPool pool;
    private final Topology topo;
    private final TransportConfig config;
    private final long[] hostPlane;
    private final int header;
    private final boolean enabled;
    private final FabricController controller;
    private final long[] planeRetirements;
    private final long[] planeDenials;
    private ExclusionSink exclusions = event -> { };
    /**
     * Names of the links transitions named so far: the summary keeps up to a million transitions,
     * and one String per link instead of one per mention keeps them at about 120 bytes each.
     */
    private final Map<Integer, String> linkNames = new HashMap<>();

    /** {@code enabled} is false for the ECMP baseline, which has no EV states. */
    EvExclusion(Transport transport, Engine engine, Network net, TransportConfig config, long[] hostPlane,
            int headerBytes, boolean enabled) {
        this.transport = transport;
        this.engine = engine;
        this.net = net;
        this.pool = net.pool();
        this.topo = net.topology();
        this.config = config;
        this.hostPlane = hostPlane;
        this.header = headerBytes;
        this.enabled = enabled;
        this.controller = new FabricController(this, config.controllerDenyDistinctQps());
        this.planeRetirements = new long[topo.planes];
        this.planeDenials = new long[topo.planes];
    }

    void onExclusion(ExclusionSink sink) {
        this.exclusions = sink;
    }

    long planeRetirements(int plane) {
        return planeRetirements[plane];
    }

    long planeDenials(int plane) {
        return planeDenials[plane];
    }

    /** A link came back: EVs the controller denied for it return to GOOD. */
    void linkUp(int link) {
        if (controller.denies(link)) {
            allowLink(link);
        }
    }

    void retire(QueuePair q, int ev, ExclusionReason reason) {
        if (q.evState[ev] != EvState.GOOD.ordinal()) {
            return;
        }
        if (q.outOfService >= q.evCount - config.evMinActive()) {
            if (!q.guardAlarm) {
                q.guardAlarm = true;
                emit(q, ev, EvState.GOOD, EvState.GOOD, ExclusionReason.MIN_ACTIVE_GUARD);
            }
            return;
        }
        setState(q, ev, EvState.ASSUMED_BAD, reason);
        long now = engine.now();
        q.ensureProbeState();
        q.probeBackoff[ev] = config.probeInitialNs() * 1000;
        q.probeOutstanding[ev] = false;
        q.probeAt[ev] = now + q.probeBackoff[ev];
        engine.schedule(q.probeAt[ev], EventKind.PROBE, q.id, ev);
        controller.retired(q, ev);
    }

    void onProbeDue(QueuePair q, int ev) {
        long now = engine.now();
        if (q.probeAt[ev] != now || !probing(q, ev) || q.failed) {
            return;
        }
        int base = (q.src * topo.planes + q.evPlane[ev]) * C;
        if (q.probeOutstanding[ev]) {
            hostPlane[base + HostPlaneCounter.PROBES_TIMED_OUT.ordinal()]++;
            long cap = config.probeMaxNs() * 1000;
            if (q.probeBackoff[ev] < cap) {
                emit(q, ev, EvState.ASSUMED_BAD, EvState.ASSUMED_BAD, ExclusionReason.PROBE_TIMEOUT);
            } else if (q.evState[ev] == EvState.ASSUMED_BAD.ordinal()) {
                // The back-off gave up at its cap: the loss that retired the path is old news and
                // no probe came back since, so the NIC has no verdict on it (mrc_ctl.h UNKNOWN). It
                // keeps probing at the cap, silently, so a dead link does not produce an event per
                // probe forever; an answer re-admits it.
                setState(q, ev, EvState.UNKNOWN, ExclusionReason.PROBE_TIMEOUT);
            }
            q.probeBackoff[ev] = Math.min(2 * q.probeBackoff[ev], cap);
        }
        q.probeOutstanding[ev] = true;
        hostPlane[base + HostPlaneCounter.PROBES_SENT.ordinal()]++;
        int p = pool.allocate();
        PacketPool pk = pool;
        pk.kind[p] = PacketPool.PROBE;
        pk.qp[p] = q.id;
        pk.ev[p] = ev;
        pk.psn[p] = 0;
        pk.seq[p] = 0;
        pk.wireBytes[p] = header;
        pk.payloadBytes[p] = 0;
        pk.route[p] = topo.route(q.src, q.dst, q.evT1[ev]);
        pk.stamp[p] = now;
        net.sendFromHost(q.src, q.evPlane[ev], p);
        q.probeAt[ev] = now + q.probeBackoff[ev];
        engine.schedule(q.probeAt[ev], EventKind.PROBE, q.id, ev);
    }

    void onProbeReply(int p) {
        QueuePair q = transport.qp(pool.qp[p]);
        int ev = pool.ev[p];
        if (probing(q, ev)) {
            hostPlane[(q.src * topo.planes + q.evPlane[ev]) * C + HostPlaneCounter.PROBES_ANSWERED.ordinal()]++;
            q.probeOutstanding[ev] = false;
            setState(q, ev, EvState.GOOD, ExclusionReason.PROBE_OK);
        }
        pool.release(p);
    }

    /** EVs the NIC probes: retired ones, and those whose probing gave up on a verdict. */
    private static boolean probing(QueuePair q, int ev) {
        return q.evState[ev] == EvState.ASSUMED_BAD.ordinal() || q.evState[ev] == EvState.UNKNOWN.ordinal();
    }

    private void setState(QueuePair q, int ev, EvState to, ExclusionReason reason) {
        EvState from = q.state(ev);
        int plane = q.evPlane[ev];
        int base = (q.src * topo.planes + plane) * C;
        hostPlane[base + HostPlaneCounter.evsIn(from).ordinal()]--;
        hostPlane[base + HostPlaneCounter.evsIn(to).ordinal()]++;
        if (from == EvState.GOOD) {
            q.outOfService++;
            q.goodPerPlane[plane]--;
        }
        if (to == EvState.GOOD) {
            q.outOfService--;
            q.goodPerPlane[plane]++;
            q.guardAlarm = false;
            q.evPenalty[ev] = 0;
        } else if (to == EvState.ASSUMED_BAD) {
            planeRetirements[plane]++;
        } else if (to == EvState.DENIED) {
            planeDenials[plane]++;
        }
        q.evState[ev] = (byte) to.ordinal();
        q.evSince[ev] = engine.now();
        emit(q, ev, from, to, reason);
    }

    private void emit(QueuePair q, int ev, EvState from, EvState to, ExclusionReason reason) {
        int[] links = evLinks(q, ev);
        List<String> names = new ArrayList<>(links.length);
        for (int link : links) {
            names.add(linkNames.computeIfAbsent(link, topo::linkName));
        }
        exclusions.excluded(new ExclusionEvent(engine.now(), q.src, q.id, ev, q.evPlane[ev], names, from, to, reason));
    }

    /** Links on the path of EV {@code ev}, sender to receiver. */
    int[] evLinks(QueuePair q, int ev) {
        return pathLinks(q.src, q.dst, q.evPlane[ev], q.evT1[ev]);
    }

    int[] pathLinks(int src, int dst, int plane, int t1) {
        int a = topo.t0Of(src);
        int b = topo.t0Of(dst);
        if (a == b) {
            return new int[] {topo.hostLink(src, plane), topo.hostLink(dst, plane)};
        }
        return new int[] {topo.hostLink(src, plane), topo.fabricLink(plane, a, t1),
                topo.fabricLink(plane, b, t1), topo.hostLink(dst, plane)};
    }

    boolean crosses(QueuePair q, int ev, int link) {
        for (int l : evLinks(q, ev)) {
            if (l == link) {
                return true;
            }
        }
        return false;
    }

    /** Controller command: every EV whose path crosses {@code link} becomes DENIED. */
    void denyLink(int link) {
        for (int i = 0; i < transport.qpCountInternal(); i++) {
            QueuePair q = transport.qp(i);
            for (int ev = 0; ev < q.evCount && enabled; ev++) {
                if (q.evState[ev] != EvState.DENIED.ordinal() && crosses(q, ev, link)) {
                    setState(q, ev, EvState.DENIED, ExclusionReason.CONTROLLER_DENY);
                }
            }
        }
    }

    /** Controller command: EVs denied for {@code link} (and no other denied link) are GOOD again. */
    void allowLink(int link) {
        controller.allowed(link);
        for (int i = 0; i < transport.qpCountInternal(); i++) {
            QueuePair q = transport.qp(i);
            for (int ev = 0; ev < q.evCount && enabled; ev++) {
                if (q.evState[ev] == EvState.DENIED.ordinal() && crosses(q, ev, link) && !controller.deniesAny(evLinks(q, ev))) {
                    setState(q, ev, EvState.GOOD, ExclusionReason.CONTROLLER_ALLOW);
                }
            }
        }
    }

    /** Operator command through the controller: deny and remember it until {@link #allowLink}. */
    void operatorDeny(int link) {
        controller.denied(link);
        denyLink(link);
    }
}
