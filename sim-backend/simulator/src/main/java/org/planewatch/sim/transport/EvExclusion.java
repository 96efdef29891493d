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
    private final QpTable qps;
    private final EvPaths paths;
    private final Engine engine;
    private final Network network;
    private final PacketPool packets;
    private final Topology topology;
    private final TransportConfig config;
    private final HostPlaneCounters hostPlaneCounters;
    private final int headerBytes;
    private final boolean enabled;
    private final FabricController controller;
    private final long[] planeRetirements;
    private final long[] planeDenials;
    private ExclusionSink exclusions = event -> {};
    /**
     * Names of the links transitions named so far: the summary keeps up to a million transitions,
     * and one String per link instead of one per mention keeps them at about 120 bytes each.
     */
    private final Map<Integer, String> linkNames = new HashMap<>();

    /** {@code enabled} is false for the ECMP baseline, which has no EV states. */
    EvExclusion(
            QpTable qps,
            EvPaths paths,
            Engine engine,
            Network network,
            TransportConfig config,
            HostPlaneCounters hostPlaneCounters,
            int headerBytes,
            boolean enabled) {
        this.qps = qps;
        this.paths = paths;
        this.engine = engine;
        this.network = network;
        this.packets = network.pool();
        this.topology = network.topology();
        this.config = config;
        this.hostPlaneCounters = hostPlaneCounters;
        this.headerBytes = headerBytes;
        this.enabled = enabled;
        this.controller = new FabricController(paths, new LinkEvidence(network), config.controllerDenyDistinctQps());
        this.planeRetirements = new long[topology.planes];
        this.planeDenials = new long[topology.planes];
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

    /**
     * A link came back: EVs the controller's rule denied for it return to GOOD; an operator's
     * denial of it holds until the operator allows the link.
     */
    void linkUp(int link) {
        if (controller.recovered(link)) {
            readmitDenied(link);
        }
    }

    void retire(QueuePair qp, int ev, ExclusionReason reason) {
        if (qp.evState[ev] != EvState.GOOD.ordinal()) {
            return;
        }
        if (qp.outOfService >= qp.evCount - config.evMinActive()) {
            if (!qp.guardAlarm) {
                qp.guardAlarm = true;
                emit(qp, ev, EvState.GOOD, EvState.GOOD, ExclusionReason.MIN_ACTIVE_GUARD);
            }
            return;
        }
        setState(qp, ev, EvState.ASSUMED_BAD, reason);
        long now = engine.now();
        qp.ensureProbeState();
        qp.probeBackoff[ev] = config.probeInitialNs() * 1000;
        qp.probeOutstanding[ev] = false;
        qp.probeAt[ev] = now + qp.probeBackoff[ev];
        engine.schedule(qp.probeAt[ev], EventKind.PROBE, qp.id, ev);
        for (int link : controller.retired(qp, ev)) {
            denyLink(link);
        }
    }

    void onProbeDue(QueuePair qp, int ev) {
        long now = engine.now();
        if (qp.probeAt[ev] != now || !probing(qp, ev) || qp.failed) {
            return;
        }
        int plane = qp.evPlane[ev];
        if (qp.probeOutstanding[ev]) {
            hostPlaneCounters.increment(qp.src, plane, HostPlaneCounter.PROBES_TIMED_OUT);
            long cap = config.probeMaxNs() * 1000;
            if (qp.probeBackoff[ev] < cap) {
                emit(qp, ev, EvState.ASSUMED_BAD, EvState.ASSUMED_BAD, ExclusionReason.PROBE_TIMEOUT);
            } else if (qp.evState[ev] == EvState.ASSUMED_BAD.ordinal()) {
                // The back-off gave up at its cap: the loss that retired the path is old news and
                // no probe came back since, so the NIC has no verdict on it (mrc_ctl.h UNKNOWN). It
                // keeps probing at the cap, silently, so a dead link does not produce an event per
                // probe forever; an answer re-admits it.
                setState(qp, ev, EvState.UNKNOWN, ExclusionReason.PROBE_TIMEOUT);
            }
            qp.probeBackoff[ev] = Math.min(2 * qp.probeBackoff[ev], cap);
        }
        qp.probeOutstanding[ev] = true;
        hostPlaneCounters.increment(qp.src, plane, HostPlaneCounter.PROBES_SENT);
        int packet = packets.allocate();
        packets.kind[packet] = PacketPool.PROBE;
        packets.qp[packet] = qp.id;
        packets.ev[packet] = ev;
        packets.psn[packet] = 0;
        packets.seq[packet] = 0;
        packets.wireBytes[packet] = headerBytes;
        packets.payloadBytes[packet] = 0;
        packets.route[packet] = topology.route(qp.src, qp.dst, qp.evT1[ev]);
        packets.stamp[packet] = now;
        network.sendFromHost(qp.src, plane, packet);
        qp.probeAt[ev] = now + qp.probeBackoff[ev];
        engine.schedule(qp.probeAt[ev], EventKind.PROBE, qp.id, ev);
    }

    void onProbeReply(int packet) {
        QueuePair qp = qps.get(packets.qp[packet]);
        int ev = packets.ev[packet];
        if (probing(qp, ev)) {
            hostPlaneCounters.increment(qp.src, qp.evPlane[ev], HostPlaneCounter.PROBES_ANSWERED);
            qp.probeOutstanding[ev] = false;
            setState(qp, ev, EvState.GOOD, ExclusionReason.PROBE_OK);
        }
        packets.release(packet);
    }

    /** EVs the NIC probes: retired ones, and those whose probing gave up on a verdict. */
    private static boolean probing(QueuePair qp, int ev) {
        return qp.evState[ev] == EvState.ASSUMED_BAD.ordinal() || qp.evState[ev] == EvState.UNKNOWN.ordinal();
    }

    private void setState(QueuePair qp, int ev, EvState to, ExclusionReason reason) {
        EvState from = qp.state(ev);
        int plane = qp.evPlane[ev];
        hostPlaneCounters.decrement(qp.src, plane, HostPlaneCounter.evsIn(from));
        hostPlaneCounters.increment(qp.src, plane, HostPlaneCounter.evsIn(to));
        if (from == EvState.GOOD) {
            qp.outOfService++;
            qp.goodPerPlane[plane]--;
        }
        if (to == EvState.GOOD) {
            qp.outOfService--;
            qp.goodPerPlane[plane]++;
            qp.guardAlarm = false;
            qp.evPenalty[ev] = 0;
        } else if (to == EvState.ASSUMED_BAD) {
            planeRetirements[plane]++;
        } else if (to == EvState.DENIED) {
            planeDenials[plane]++;
        }
        qp.evState[ev] = (byte) to.ordinal();
        qp.evSince[ev] = engine.now();
        emit(qp, ev, from, to, reason);
    }

    private void emit(QueuePair qp, int ev, EvState from, EvState to, ExclusionReason reason) {
        int[] links = paths.evLinks(qp, ev);
        List<String> names = new ArrayList<>(links.length);
        for (int link : links) {
            names.add(linkNames.computeIfAbsent(link, topology::linkName));
        }
        exclusions.excluded(
                new ExclusionEvent(engine.now(), qp.src, qp.id, ev, qp.evPlane[ev], names, from, to, reason));
    }

    /** Controller command: every EV whose path crosses {@code link} becomes DENIED. */
    private void denyLink(int link) {
        for (int id = 0; id < qps.count(); id++) {
            QueuePair qp = qps.get(id);
            for (int ev = 0; ev < qp.evCount && enabled; ev++) {
                if (qp.evState[ev] != EvState.DENIED.ordinal() && paths.crosses(qp, ev, link)) {
                    setState(qp, ev, EvState.DENIED, ExclusionReason.CONTROLLER_DENY);
                }
            }
        }
    }

    /** Operator command: EVs denied for {@code link} (and no other denied link) are GOOD again. */
    void allowLink(int link) {
        controller.allowed(link);
        readmitDenied(link);
    }

    /** EVs denied for {@code link} whose path crosses no link still denied return to GOOD. */
    private void readmitDenied(int link) {
        for (int id = 0; id < qps.count(); id++) {
            QueuePair qp = qps.get(id);
            for (int ev = 0; ev < qp.evCount && enabled; ev++) {
                if (qp.evState[ev] == EvState.DENIED.ordinal()
                        && paths.crosses(qp, ev, link)
                        && !controller.deniesAny(paths.evLinks(qp, ev))) {
                    setState(qp, ev, EvState.GOOD, ExclusionReason.CONTROLLER_ALLOW);
                }
            }
        }
    }

    /** Operator command through the controller: deny and remember it until {@link #allowLink}. */
    void operatorDeny(int link) {
        controller.operatorDenied(link);
        denyLink(link);
    }
}
