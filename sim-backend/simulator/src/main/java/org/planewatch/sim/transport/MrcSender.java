package org.planewatch.sim.transport;

import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.switching.PacketPool;

/**
 * The sending side of every QP: turns posted messages into data packets as the window allows,
 * sprays them over the EVs and resends what was lost. ACKs and NACKs reach it through the
 * {@link AckProcessor}, its timers through {@link SenderTimers}. (The ECMP baseline is the same
 * sender with one EV and no EV states.)
 */
final class MrcSender {
    private final Engine engine;
    private final Network network;
    private final PacketPool packets;
    private final Topology topology;
    private final EvSprayer sprayer;
    private final EvExclusion exclusion;
    private final Nscc nscc;
    private final HostPlaneCounters hostPlaneCounters;
    private final boolean ecmp;
    private final int mtu;
    private final int headerBytes;

    MrcSender(
            Engine engine,
            Network network,
            EvSprayer sprayer,
            EvExclusion exclusion,
            Nscc nscc,
            HostPlaneCounters hostPlaneCounters,
            boolean ecmp,
            int mtu,
            int headerBytes) {
        this.engine = engine;
        this.network = network;
        this.packets = network.pool();
        this.topology = network.topology();
        this.sprayer = sprayer;
        this.exclusion = exclusion;
        this.nscc = nscc;
        this.hostPlaneCounters = hostPlaneCounters;
        this.ecmp = ecmp;
        this.mtu = mtu;
        this.headerBytes = headerBytes;
    }

    /** Appends a message of {@code bytes} to the QP's PSNs and sends what the window allows. */
    void post(QueuePair qp, long bytes) {
        long now = engine.now();
        if (qp.ringSize == 0) {
            qp.lastProgress = now;
        }
        qp.post(bytes, mtu, now);
        trySend(qp);
    }

    /**
     * Sends what the window allows: retransmissions of trimmed PSNs first (each on another EV than
     * the one that trimmed it), then new PSNs. A NACK frees the window by the trimmed packet, so its
     * retransmission normally leaves at once; after a quick adapt it waits for the window instead
     * of keeping the old burst circulating. (Losses are rare and resent at once.)
     */
    void trySend(QueuePair qp) {
        while (qp.rtxSize > 0) {
            int psn = qp.rtxPeek();
            if (psn < qp.sndCum || qp.psnState[qp.slot(psn)] != QueuePair.PSN_LOST) {
                qp.rtxPop();
                continue;
            }
            // A retransmission may overshoot the window by itself: with a one-packet window and that
            // packet waiting for a coalesced ACK, nothing else would ever move.
            if (qp.inflight > qp.cwnd) {
                return;
            }
            qp.rtxPop();
            send(qp, psn, qp.psnEv[qp.slot(psn)], PacketPool.FLAG_RETRANSMIT | PacketPool.FLAG_ACK_REQUEST);
        }
        while (qp.nextNew < qp.posted) {
            int psn = qp.nextNew;
            int wire = qp.psnBytes[qp.slot(psn)] + headerBytes;
            if (qp.inflight > 0 && qp.inflight + wire > qp.cwnd) {
                return;
            }
            qp.nextNew++;
            int following = qp.nextNew;
            boolean more = following < qp.posted
                    && qp.inflight + wire + qp.psnBytes[qp.slot(following)] + headerBytes <= qp.cwnd;
            send(qp, psn, -1, more ? 0 : PacketPool.FLAG_ACK_REQUEST);
        }
    }

    /**
     * Declares PSN {@code psn} lost and resends it at once on another EV. With a {@code reason}
     * (not for a QP timer expiry, which blames no path) the EV it was lost on is retired.
     */
    void retransmitLost(QueuePair qp, int psn, ExclusionReason reason, HostPlaneCounter retransmitKind) {
        int ev = qp.psnEv[qp.slot(psn)];
        qp.inflight -= qp.psnBytes[qp.slot(psn)] + headerBytes;
        qp.evLosses[ev]++;
        qp.retransmits++;
        hostPlaneCounters.increment(qp.src, qp.evPlane[ev], retransmitKind);
        if (reason != null && !ecmp) {
            exclusion.retire(qp, ev, reason);
        }
        nscc.quickAdapt(qp, engine.now());
        send(qp, psn, ev, PacketPool.FLAG_RETRANSMIT | PacketPool.FLAG_ACK_REQUEST);
    }

    /** The NIC put data packet {@code packet} on the wire: its loss timer starts now. */
    void transmitted(QueuePair qp, int packet) {
        int psn = packets.psn[packet];
        long now = engine.now();
        if (qp.psnSeq[qp.slot(psn)] == packets.seq[packet]) {
            qp.psnSentAt[qp.slot(psn)] = now;
        }
        packets.stamp[packet] = now;
    }

    private void send(QueuePair qp, int psn, int excludeEv, int flags) {
        int ev = ecmp ? 0 : sprayer.pick(qp, excludeEv);
        int seq = ++qp.txSeq;
        qp.psnSeq[qp.slot(psn)] = seq;
        qp.psnEv[qp.slot(psn)] = (short) ev;
        qp.psnState[qp.slot(psn)] = QueuePair.PSN_IN_FLIGHT;
        qp.psnSentAt[qp.slot(psn)] = QueuePair.NOT_SENT;
        qp.ringPush(psn, seq);
        int payload = qp.psnBytes[qp.slot(psn)];
        qp.inflight += payload + headerBytes;
        qp.evSent[ev]++;
        qp.packetsSent++;
        int packet = packets.allocate();
        packets.kind[packet] = PacketPool.DATA;
        packets.flags[packet] = (byte) flags;
        packets.qp[packet] = qp.id;
        packets.psn[packet] = psn;
        packets.ev[packet] = ev;
        packets.seq[packet] = seq;
        packets.wireBytes[packet] = payload + headerBytes;
        packets.payloadBytes[packet] = payload;
        packets.route[packet] = topology.route(qp.src, qp.dst, qp.evT1[ev]);
        packets.stamp[packet] = engine.now();
        network.sendFromHost(qp.src, qp.evPlane[ev], packet);
    }
}
