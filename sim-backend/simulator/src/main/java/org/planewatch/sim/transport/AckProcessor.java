package org.planewatch.sim.transport;

import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.switching.PacketPool;

/**
 * What a sender does with the ACKs and NACKs that reach it: acknowledge PSNs (cumulative point and
 * SACK bitmaps), sample the RTT, feed NSCC, find SACK gaps, queue trimmed PSNs for retransmission,
 * penalise EVs that saw ECN or a fabric trim, then send what the window allows and re-arm the timers.
 */
final class AckProcessor {
    private final Engine engine;
    private final PacketPool packets;
    private final TransportConfig config;
    private final MrcSender sender;
    private final SenderTimers timers;
    private final Nscc nscc;
    private final HostPlaneCounters hostPlaneCounters;
    private final boolean ecmp;
    private final int headerBytes;

    AckProcessor(
            Engine engine,
            PacketPool packets,
            TransportConfig config,
            MrcSender sender,
            SenderTimers timers,
            Nscc nscc,
            HostPlaneCounters hostPlaneCounters,
            boolean ecmp,
            int headerBytes) {
        this.engine = engine;
        this.packets = packets;
        this.config = config;
        this.sender = sender;
        this.timers = timers;
        this.nscc = nscc;
        this.hostPlaneCounters = hostPlaneCounters;
        this.ecmp = ecmp;
        this.headerBytes = headerBytes;
    }

    void onAck(QueuePair qp, int packet) {
        long now = engine.now();
        int ev = packets.ev[packet];
        boolean ecn = (packets.flags[packet] & PacketPool.FLAG_ECN) != 0;
        long rtt = now - packets.stamp[packet];
        if (rtt > 0) {
            qp.minRttPs = Math.min(qp.minRttPs, rtt);
            qp.srttPs = qp.srttPs == 0 ? rtt : (7 * qp.srttPs + rtt) >> 3;
            qp.lastRttPs = rtt;
        }
        long acked = applyAcks(qp, packet, now);
        if (ecn) {
            hostPlaneCounters.increment(qp.src, qp.evPlane[ev], HostPlaneCounter.ECN_ECHOES);
            qp.evEcn[ev]++;
            if (!ecmp) {
                EvSprayer.penalize(qp, ev, config.penaltyEcn());
            }
        }
        nscc.onAck(qp, acked, rtt, ecn, now);
        detectSackGaps(qp);
        sender.trySend(qp);
        timers.arm(qp);
        packets.release(packet);
    }

    void onNack(QueuePair qp, int packet) {
        long now = engine.now();
        long acked = applyAcks(qp, packet, now);
        if (acked > 0) {
            nscc.onAck(qp, acked, 0, false, now);
            detectSackGaps(qp);
        }
        int psn = packets.psn[packet];
        if (qp.psnState[qp.slot(psn)] == QueuePair.PSN_IN_FLIGHT && qp.psnSeq[qp.slot(psn)] == packets.seq[packet]) {
            int ev = qp.psnEv[qp.slot(psn)];
            qp.inflight -= qp.psnBytes[qp.slot(psn)] + headerBytes;
            qp.evTrims[ev]++;
            if ((packets.flags[packet] & PacketPool.FLAG_LAST_HOP) == 0 && !ecmp) {
                EvSprayer.penalize(qp, ev, config.penaltyTrim());
            }
            hostPlaneCounters.increment(qp.src, qp.evPlane[ev], HostPlaneCounter.NACKS_RECEIVED);
            hostPlaneCounters.increment(qp.src, qp.evPlane[ev], HostPlaneCounter.RETRANSMITS_NACK);
            qp.retransmits++;
            nscc.quickAdapt(qp, now);
            qp.queueRetransmit(psn);
        } else {
            hostPlaneCounters.increment(qp.src, qp.evPlane[packets.ev[packet]], HostPlaneCounter.NACKS_RECEIVED);
        }
        sender.trySend(qp);
        timers.arm(qp);
        packets.release(packet);
    }

    /** Applies the cumulative PSN and SACK bitmap an ACK or NACK carries; returns the payload newly acknowledged. */
    private long applyAcks(QueuePair qp, int packet, long now) {
        long acked = 0;
        int cumulative = Math.min(packets.cumulative[packet], qp.nextNew);
        for (int psn = qp.sndCum; psn < cumulative; psn++) {
            acked += ackPsn(qp, psn);
        }
        acked += ackBits(qp, packets.sack[packet], packets.psn[packet] - 63);
        acked += ackBits(qp, packets.sackLow[packet], packets.cumulative[packet]);
        int sndCum = Math.max(qp.sndCum, cumulative);
        while (sndCum < qp.nextNew && qp.psnState[qp.slot(sndCum)] == QueuePair.PSN_ACKED) {
            sndCum++;
        }
        qp.sndCum = sndCum;
        if (acked > 0) {
            qp.lastProgress = now;
            qp.backoff = 0;
            qp.expiriesWithoutProgress = 0;
        }
        return acked;
    }

    /** Acknowledges the PSNs whose bits are set; bit {@code j} is PSN {@code firstPsn + j}. */
    private long ackBits(QueuePair qp, long bits, int firstPsn) {
        long acked = 0;
        while (bits != 0) {
            int psn = firstPsn + Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            if (psn >= qp.sndCum && psn < qp.nextNew) {
                acked += ackPsn(qp, psn);
            }
        }
        return acked;
    }

    private long ackPsn(QueuePair qp, int psn) {
        byte state = qp.psnState[qp.slot(psn)];
        int payload = qp.psnBytes[qp.slot(psn)];
        if (state == QueuePair.PSN_LOST) {
            // Declared lost but it arrived after all: the queued retransmission is dropped.
            qp.psnState[qp.slot(psn)] = QueuePair.PSN_ACKED;
            return payload;
        }
        if (state != QueuePair.PSN_IN_FLIGHT) {
            return 0;
        }
        qp.inflight -= payload + headerBytes;
        qp.psnState[qp.slot(psn)] = QueuePair.PSN_ACKED;
        int seq = qp.psnSeq[qp.slot(psn)];
        if (seq > qp.highestAckedSeq) {
            qp.highestAckedSeq = seq;
        }
        int ev = qp.psnEv[qp.slot(psn)];
        if (seq > qp.evAckedSeq[ev]) {
            qp.evAckedSeq[ev] = seq;
        }
        return payload;
    }

    /**
     * A transmission is lost when a later transmission on the same EV (same queues, so no
     * reordering) has been acknowledged and at least {@code sackReorderThreshold} transmissions sent
     * after it are acknowledged (slack for ACK coalescing).
     */
    private void detectSackGaps(QueuePair qp) {
        int threshold = config.sackReorderThreshold();
        while (qp.ringSize > 0) {
            int psn = qp.ringPsn[qp.ringHead];
            int seq = qp.ringSeq[qp.ringHead];
            if (qp.psnState[qp.slot(psn)] != QueuePair.PSN_IN_FLIGHT || qp.psnSeq[qp.slot(psn)] != seq) {
                qp.ringPop();
                continue;
            }
            if (qp.evAckedSeq[qp.psnEv[qp.slot(psn)]] > seq && qp.highestAckedSeq - seq >= threshold) {
                qp.ringPop();
                sender.retransmitLost(qp, psn, ExclusionReason.SACK_GAP, HostPlaneCounter.RETRANSMITS_SACK_GAP);
                continue;
            }
            return;
        }
    }
}
