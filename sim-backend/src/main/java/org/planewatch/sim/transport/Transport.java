package org.planewatch.sim.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;
import org.planewatch.sim.engine.Rng;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.LinkStateListener;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.switching.PacketPool;
import org.planewatch.sim.switching.PacketSink;

/**
 * The NICs of every host: MRC senders (spraying over EVs with penalties, loss detection by SACK gap
 * and per-EV loss timer, TRIM NACK retransmission on another EV, EV retirement and probing, NSCC)
 * and receivers (PSN bitmap, coalesced ACK/SACK, TRIM NACK, probe replies, WRITE-with-IMM
 * completion). The ECMP baseline is the same machinery with one hashed path per QP, no EV states,
 * timeout recovery with back-off and routing reconvergence after a delay.
 */
public final class Transport implements PacketSink, LinkStateListener {
    private static final int MAX_PENALTY = 15;
    private static final int MAX_ECMP_BACKOFF = 20;
    /** Run-wide completion times kept exactly up to this many messages, sampled past it. */
    public static final int RUN_COMPLETION_SAMPLE = 1 << 20;
    /** Messages per QP whose completion times the QP's percentiles cover. */
    public static final int COMPLETION_WINDOW = QueuePair.COMPLETION_WINDOW;

    private final Engine engine;
    private final Network net;
    private final PacketPool pool;
    private final Topology topo;
    private final TransportConfig config;
    private final boolean ecmp;
    private final int mtu;
    private final int header;
    private final long seed;
    private final long qpTimeoutPs;
    private final long fabricBaseRttPs;
    private final long queueDrainPs;
    private final double linkBytesPerPs;
    private final Nscc nscc;
    private final EvExclusion exclusion;
    private final HostPlaneCounters hostPlane;
    private final QpTable qpTable = new QpTable();
    private final EvPaths paths;
    private final long[] linkDownAt;
    private MessageListener messageListener = (qp, message, postedPs, donePs) -> { };
    private Consumer<QpFailure> failureListener = failure -> { };

    private long messagesPosted;
    private long messagesCompleted;
    private long bytesPosted;
    private long bytesDelivered;
    private long duplicateBytes;
    private long qpTimeouts;
    private long qpFailures;
    private long messagesFailed;
    private final CompletionTimes completions;

    public Transport(Engine engine, Network net, FabricConfig fabric, TransportConfig config, long seed) {
        this.engine = engine;
        this.net = net;
        this.pool = net.pool();
        this.topo = net.topology();
        this.config = config;
        this.ecmp = config.mode() == TransportMode.ECMP;
        this.mtu = fabric.mtuBytes();
        this.header = fabric.headerBytes();
        this.seed = seed;
        this.completions = new CompletionTimes(RUN_COMPLETION_SAMPLE, Rng.seed(seed, 5, 0));
        this.qpTimeoutPs = Math.round(1_024_000.0 * Math.pow(2, config.qpTimerExponent()));
        this.linkBytesPerPs = fabric.linkGbps() / 8000.0;
        this.fabricBaseRttPs = baseRttPs(topo.t0PerPlane > 1 ? 4 : 2);
        this.queueDrainPs = net.serialisationPs((int) Math.min(Integer.MAX_VALUE, fabric.queueBytes()));
        this.nscc = new Nscc(config, mtu + header);
        this.hostPlane = new HostPlaneCounters(topo.hosts, topo.planes);
        this.paths = new EvPaths(topo);
        this.linkDownAt = ecmp ? new long[topo.linkCount] : null;
        this.exclusion = new EvExclusion(qpTable, paths, engine, net, config, hostPlane, header, !ecmp);
        engine.register(EventKind.QP_TIMER, (qp, arg) -> onTimer(qpTable.get(qp)));
        engine.register(EventKind.PROBE, (qp, ev) -> exclusion.onProbeDue(qpTable.get(qp), ev));
        engine.register(EventKind.RECONVERGE, (target, arg) -> reconverge());
    }

    public void onExclusion(ExclusionSink sink) {
        exclusion.onExclusion(sink);
    }

    public void onMessageCompleted(MessageListener listener) {
        this.messageListener = listener;
    }

    /** Hears of every QP the QP timer declares failed (rare: one record each). */
    public void onQpFailure(Consumer<QpFailure> listener) {
        this.failureListener = listener;
    }

    // ---- connections and messages

    /** Opens a QP from {@code src} to {@code dst} and gives it its EV set; returns its index. */
    public int openQp(int src, int dst) {
        if (src < 0 || src >= topo.hosts || dst < 0 || dst >= topo.hosts) {
            throw new IllegalArgumentException("QP endpoints " + src + "->" + dst + " outside hosts 0.." + (topo.hosts - 1));
        }
        if (src == dst) {
            throw new IllegalArgumentException("a QP needs two distinct hosts, got " + src + "->" + dst);
        }
        int id = qpTable.nextId();
        int evs = ecmp ? 1 : Math.min(config.evsPerQp(), Short.MAX_VALUE);
        int links = topo.switchHops(src, dst) + 1;
        long baseRtt = baseRttPs(links);
        int planesUsed = ecmp ? 1 : topo.planes;
        long bdp = (long) (baseRtt * linkBytesPerPs * planesUsed);
        long maxCwnd = Math.max(mtu + header, (long) (config.nsccMaxCwndBdp() * bdp));
        QueuePair q = new QueuePair(id, src, dst, evs, topo.planes, baseRtt, maxCwnd, Rng.seed(seed, 3, id));
        if (ecmp) {
            long hash = Rng.mix(seed ^ Rng.mix(((long) src << 32) | dst) ^ id);
            q.evPlane[0] = config.ecmpAllPlanes() ? (int) Long.remainderUnsigned(hash, topo.planes) : 0;
            q.evT1[0] = (int) Long.remainderUnsigned(hash >>> 20, topo.t1PerPlane);
        } else {
            spreadEvs(q);
        }
        for (int ev = 0; ev < evs; ev++) {
            q.sprayOrder[ev] = ev;
            q.goodPerPlane[q.evPlane[ev]]++;
            hostPlane.increment(src, q.evPlane[ev], HostPlaneCounter.EVS_GOOD);
        }
        for (int i = evs - 1; i > 0; i--) {
            q.rng += 0x9E3779B97F4A7C15L;
            int j = (int) Long.remainderUnsigned(Rng.mix(q.rng), i + 1);
            int t = q.sprayOrder[i];
            q.sprayOrder[i] = q.sprayOrder[j];
            q.sprayOrder[j] = t;
        }
        qpTable.add(q);
        return id;
    }

    /** Unloaded round trip of a full data packet and its ACK over {@code links} links each way. */
    private long baseRttPs(int links) {
        return links * (2 * net.linkDelayPs() + net.serialisationPs(mtu + header) + net.serialisationPs(header))
                + 2L * (links - 1) * net.switchLatencyPs();
    }

    /** An equal share of EVs per plane, spread evenly over the T1s from a per-QP random offset. */
    private void spreadEvs(QueuePair q) {
        int planes = topo.planes;
        int[] offset = new int[planes];
        for (int p = 0; p < planes; p++) {
            q.rng += 0x9E3779B97F4A7C15L;
            offset[p] = (int) Long.remainderUnsigned(Rng.mix(q.rng), topo.t1PerPlane);
        }
        for (int ev = 0; ev < q.evCount; ev++) {
            int plane = ev % planes;
            q.evPlane[ev] = plane;
            q.evT1[ev] = (offset[plane] + ev / planes) % topo.t1PerPlane;
        }
    }

    /** Posts a WRITE-with-IMM message of {@code bytes} on QP {@code qp}; returns its index on the QP. */
    public int post(int qp, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("message bytes must be > 0, got " + bytes);
        }
        QueuePair q = qpTable.get(qp);
        long now = engine.now();
        messagesPosted++;
        bytesPosted += bytes;
        if (q.failed) {
            // A QP in error flushes new work with an error at once.
            q.messages++;
            q.messagesFailed++;
            messagesFailed++;
            return q.messages - 1;
        }
        if (q.ringSize == 0) {
            q.lastProgress = now;
        }
        q.post(bytes, mtu, now);
        trySend(q);
        armTimer(q);
        return q.messages - 1;
    }

    /**
     * Sends what the window allows: retransmissions of trimmed PSNs first (each on another EV than
     * the one that trimmed it), then new PSNs. A NACK frees the window by the trimmed packet, so its
     * retransmission normally leaves at once; after a quick adapt it waits for the window instead
     * of keeping the old burst circulating. (Losses are rare and resent at once.)
     */
    private void trySend(QueuePair q) {
        while (q.rtxSize > 0) {
            int psn = q.rtxPeek();
            if (psn < q.sndCum || q.psnState[q.slot(psn)] != QueuePair.PSN_LOST) {
                q.rtxPop();
                continue;
            }
            // A retransmission may overshoot the window by itself: with a one-packet window and that
            // packet waiting for a coalesced ACK, nothing else would ever move.
            if (q.inflight > q.cwnd) {
                return;
            }
            q.rtxPop();
            send(q, psn, q.psnEv[q.slot(psn)], PacketPool.FLAG_RETRANSMIT | PacketPool.FLAG_ACK_REQUEST);
        }
        while (q.nextNew < q.posted) {
            int psn = q.nextNew;
            int wire = q.psnBytes[q.slot(psn)] + header;
            if (q.inflight > 0 && q.inflight + wire > q.cwnd) {
                return;
            }
            q.nextNew++;
            int following = q.nextNew;
            boolean more = following < q.posted && q.inflight + wire + q.psnBytes[q.slot(following)] + header <= q.cwnd;
            send(q, psn, -1, more ? 0 : PacketPool.FLAG_ACK_REQUEST);
        }
    }

    private void send(QueuePair q, int psn, int excludeEv, int flags) {
        int ev = ecmp ? 0 : pickEv(q, excludeEv);
        int seq = ++q.txSeq;
        q.psnSeq[q.slot(psn)] = seq;
        q.psnEv[q.slot(psn)] = (short) ev;
        q.psnState[q.slot(psn)] = QueuePair.PSN_IN_FLIGHT;
        q.psnSentAt[q.slot(psn)] = QueuePair.NOT_SENT;
        q.ringPush(psn, seq);
        int payload = q.psnBytes[q.slot(psn)];
        q.inflight += payload + header;
        q.evSent[ev]++;
        q.packetsSent++;
        int p = pool.allocate();
        PacketPool pk = pool;
        pk.kind[p] = PacketPool.DATA;
        pk.flags[p] = (byte) flags;
        pk.qp[p] = q.id;
        pk.psn[p] = psn;
        pk.ev[p] = ev;
        pk.seq[p] = seq;
        pk.wireBytes[p] = payload + header;
        pk.payloadBytes[p] = payload;
        pk.route[p] = topo.route(q.src, q.dst, q.evT1[ev]);
        pk.stamp[p] = engine.now();
        net.sendFromHost(q.src, q.evPlane[ev], p);
    }

    /**
     * Next usable EV in the QP's shuffled order; a penalised EV is skipped and its penalty
     * decremented. With several planes the NIC also skips EVs whose NIC port holds more than one
     * packet beyond its least loaded port that still has a usable EV (and never uses a port whose
     * link is down), so one window keeps every plane busy.
     */
    private int pickEv(QueuePair q, int exclude) {
        int n = q.evCount;
        if (q.outOfService < n) {
            long limit = topo.planes > 1 ? leastLoadedPlaneBytes(q) + mtu + header : Long.MAX_VALUE;
            int[] order = q.sprayOrder;
            for (int tries = (MAX_PENALTY + 2) * n; tries > 0; tries--) {
                int ev = order[q.sprayCursor];
                if (++q.sprayCursor == n) {
                    q.sprayCursor = 0;
                }
                if (q.evState[ev] != 0 || ev == exclude) {
                    continue;
                }
                if (limit != Long.MAX_VALUE && net.hostQueueBytes(q.src, q.evPlane[ev]) > limit) {
                    continue;
                }
                if (q.evPenalty[ev] > 0) {
                    q.evPenalty[ev]--;
                    continue;
                }
                return ev;
            }
        }
        // Nothing usable but the excluded EV or nothing at all in service: the QP timer and
        // congestion control take over, so keep sending on the least bad choice.
        if (exclude >= 0 && q.evState[exclude] == 0) {
            return exclude;
        }
        for (int k = 0; k < n; k++) {
            int ev = q.sprayOrder[(q.sprayCursor + k) % n];
            if (q.evState[ev] != EvState.DENIED.ordinal()) {
                return ev;
            }
        }
        return q.sprayOrder[q.sprayCursor];
    }

    private long leastLoadedPlaneBytes(QueuePair q) {
        long least = Long.MAX_VALUE;
        for (int plane = 0; plane < topo.planes; plane++) {
            if (q.goodPerPlane[plane] > 0) {
                long queued = net.hostQueueBytes(q.src, plane);
                if (queued < least) {
                    least = queued;
                }
            }
        }
        return least == Long.MAX_VALUE ? 0 : least;
    }

    // ---- packets reaching hosts

    @Override
    public void deliver(int host, int plane, int p) {
        if (qpTable.get(pool.qp[p]).failed) {
            // Stragglers of a failed QP: its messages already failed, nothing may complete now.
            pool.release(p);
            return;
        }
        switch (pool.kind[p]) {
            case PacketPool.DATA -> {
                if ((pool.flags[p] & PacketPool.FLAG_TRIMMED) != 0) {
                    onTrimmedHeader(host, plane, p);
                } else {
                    onData(host, plane, p);
                }
            }
            case PacketPool.ACK -> onAck(p);
            case PacketPool.NACK -> onNack(p);
            case PacketPool.PROBE -> turnAround(host, plane, p, PacketPool.PROBE_REPLY);
            case PacketPool.PROBE_REPLY -> exclusion.onProbeReply(p);
            default -> throw new IllegalStateException("unknown packet kind " + pool.kind[p]);
        }
    }

    @Override
    public void transmitted(int p) {
        QueuePair q = qpTable.get(pool.qp[p]);
        int psn = pool.psn[p];
        long now = engine.now();
        if (q.psnSeq[q.slot(psn)] == pool.seq[p]) {
            q.psnSentAt[q.slot(psn)] = now;
        }
        pool.stamp[p] = now;
    }

    private void onData(int host, int plane, int p) {
        QueuePair q = qpTable.get(pool.qp[p]);
        int psn = pool.psn[p];
        int payload = pool.payloadBytes[p];
        hostPlane.increment(host, plane, HostPlaneCounter.RX_DATA_PACKETS);
        hostPlane.add(host, plane, HostPlaneCounter.RX_DATA_BYTES, payload);
        boolean duplicate = q.received(psn);
        boolean completes = false;
        if (duplicate) {
            q.duplicateBytes += payload;
            duplicateBytes += payload;
        } else {
            q.markReceived(psn);
            q.bytesDelivered += payload;
            bytesDelivered += payload;
            if (psn == q.rcvCum) {
                completes = advanceReceiver(q);
            }
        }
        int flags = pool.flags[p];
        // Coalesce ACKs, but answer at once what the sender waits on: a marked packet, an ACK
        // request, a duplicate, and the packet that completes a message.
        if (++q.rcvSinceAck >= config.ackEveryPackets() || duplicate || completes || q.ackNextData
                || (flags & (PacketPool.FLAG_ECN | PacketPool.FLAG_ACK_REQUEST)) != 0) {
            q.rcvSinceAck = 0;
            q.ackNextData = false;
            pool.cumulative[p] = q.rcvCum;
            pool.sack[p] = q.receivedWindow(psn);
            pool.sackLow[p] = q.receivedFrom(q.rcvCum);
            pool.flags[p] = (byte) (flags & PacketPool.FLAG_ECN);
            turnAround(host, plane, p, PacketPool.ACK);
        } else {
            pool.release(p);
        }
    }

    /** Moves the cumulative point; true when a message completed. */
    private boolean advanceReceiver(QueuePair q) {
        int cum = q.rcvCum;
        int doneBefore = q.rcvMessagesDone;
        while (cum < q.posted && q.received(cum)) {
            cum++;
        }
        q.rcvCum = cum;
        while (q.rcvMessagesDone < q.messages && cum >= q.msgEnd[q.msgSlot(q.rcvMessagesDone)]) {
            int m = q.rcvMessagesDone++;
            long now = engine.now();
            long postedPs = q.msgPostedPs[q.msgSlot(m)];
            long ns = (now - postedPs) / 1000;
            q.recordCompletion(ns);
            messagesCompleted++;
            completions.add(ns);
            messageListener.messageCompleted(q.id, m, postedPs, now);
        }
        return q.rcvMessagesDone != doneBefore;
    }

    private void onTrimmedHeader(int host, int plane, int p) {
        boolean lastHop = (pool.flags[p] & PacketPool.FLAG_LAST_HOP) != 0;
        hostPlane.increment(host, plane, lastHop ? HostPlaneCounter.TRIMMED_RX_LAST_HOP : HostPlaneCounter.TRIMMED_RX_FABRIC);
        hostPlane.increment(host, plane, HostPlaneCounter.NACKS_SENT);
        // The NACK also carries what an ACK would, and the next data packet is acknowledged at once
        // (headers overtake queued data): after a trim the sender waits for window with its
        // retransmissions queued, so no packet may sit in a coalesced ACK.
        QueuePair q = qpTable.get(pool.qp[p]);
        pool.cumulative[p] = q.rcvCum;
        pool.sack[p] = q.receivedWindow(pool.psn[p]);
        pool.sackLow[p] = q.receivedFrom(q.rcvCum);
        q.rcvSinceAck = 0;
        q.ackNextData = true;
        pool.flags[p] = (byte) (pool.flags[p] & PacketPool.FLAG_LAST_HOP);
        turnAround(host, plane, p, PacketPool.NACK);
    }

    /** Reuses packet {@code p} as a header-sized reply on the reverse of its EV's path. */
    private void turnAround(int host, int plane, int p, byte kind) {
        QueuePair q = qpTable.get(pool.qp[p]);
        pool.kind[p] = kind;
        pool.wireBytes[p] = header;
        pool.payloadBytes[p] = 0;
        pool.route[p] = topo.route(q.dst, q.src, q.evT1[pool.ev[p]]);
        net.sendFromHost(host, plane, p);
    }

    private void onAck(int p) {
        QueuePair q = qpTable.get(pool.qp[p]);
        long now = engine.now();
        int ev = pool.ev[p];
        boolean ecn = (pool.flags[p] & PacketPool.FLAG_ECN) != 0;
        long rtt = now - pool.stamp[p];
        if (rtt > 0) {
            q.minRttPs = Math.min(q.minRttPs, rtt);
            q.srttPs = q.srttPs == 0 ? rtt : (7 * q.srttPs + rtt) >> 3;
            q.lastRttPs = rtt;
        }
        long acked = applyAcks(q, p, now);
        if (ecn) {
            int plane = q.evPlane[ev];
            hostPlane.increment(q.src, plane, HostPlaneCounter.ECN_ECHOES);
            q.evEcn[ev]++;
            if (!ecmp) {
                penalize(q, ev, config.penaltyEcn());
            }
        }
        nscc.onAck(q, acked, rtt, ecn, now);
        detectSackGaps(q);
        trySend(q);
        armTimer(q);
        pool.release(p);
    }

    /** Applies the cumulative PSN and SACK bitmap an ACK or NACK carries; returns the payload newly acknowledged. */
    private long applyAcks(QueuePair q, int p, long now) {
        long acked = 0;
        int cum = Math.min(pool.cumulative[p], q.nextNew);
        for (int psn = q.sndCum; psn < cum; psn++) {
            acked += ackPsn(q, psn);
        }
        acked += ackBits(q, pool.sack[p], pool.psn[p] - 63);
        acked += ackBits(q, pool.sackLow[p], pool.cumulative[p]);
        int sndCum = Math.max(q.sndCum, cum);
        while (sndCum < q.nextNew && q.psnState[q.slot(sndCum)] == QueuePair.PSN_ACKED) {
            sndCum++;
        }
        q.sndCum = sndCum;
        if (acked > 0) {
            q.lastProgress = now;
            q.backoff = 0;
            q.expiriesWithoutProgress = 0;
        }
        return acked;
    }

    /** Acknowledges the PSNs whose bits are set; bit {@code j} is PSN {@code lo + j}. */
    private long ackBits(QueuePair q, long bits, int lo) {
        long acked = 0;
        while (bits != 0) {
            int psn = lo + Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            if (psn >= q.sndCum && psn < q.nextNew) {
                acked += ackPsn(q, psn);
            }
        }
        return acked;
    }

    private long ackPsn(QueuePair q, int psn) {
        byte state = q.psnState[q.slot(psn)];
        int payload = q.psnBytes[q.slot(psn)];
        if (state == QueuePair.PSN_LOST) {
            // Declared lost but it arrived after all: the queued retransmission is dropped.
            q.psnState[q.slot(psn)] = QueuePair.PSN_ACKED;
            return payload;
        }
        if (state != QueuePair.PSN_IN_FLIGHT) {
            return 0;
        }
        q.inflight -= payload + header;
        q.psnState[q.slot(psn)] = QueuePair.PSN_ACKED;
        int seq = q.psnSeq[q.slot(psn)];
        if (seq > q.highestAckedSeq) {
            q.highestAckedSeq = seq;
        }
        int ev = q.psnEv[q.slot(psn)];
        if (seq > q.evAckedSeq[ev]) {
            q.evAckedSeq[ev] = seq;
        }
        return payload;
    }

    /**
     * A transmission is lost when a later transmission on the same EV (same queues, so no
     * reordering) has been acknowledged and at least {@code sackReorderThreshold} transmissions sent
     * after it are acknowledged (slack for ACK coalescing).
     */
    private void detectSackGaps(QueuePair q) {
        int threshold = config.sackReorderThreshold();
        while (q.ringSize > 0) {
            int psn = q.ringPsn[q.ringHead];
            int seq = q.ringSeq[q.ringHead];
            if (q.psnState[q.slot(psn)] != QueuePair.PSN_IN_FLIGHT || q.psnSeq[q.slot(psn)] != seq) {
                q.ringPop();
                continue;
            }
            if (q.evAckedSeq[q.psnEv[q.slot(psn)]] > seq && q.highestAckedSeq - seq >= threshold) {
                q.ringPop();
                lose(q, psn, ExclusionReason.SACK_GAP, HostPlaneCounter.RETRANSMITS_SACK_GAP);
                continue;
            }
            return;
        }
    }

    private void lose(QueuePair q, int psn, ExclusionReason reason, HostPlaneCounter retransmitKind) {
        int ev = q.psnEv[q.slot(psn)];
        q.inflight -= q.psnBytes[q.slot(psn)] + header;
        q.evLosses[ev]++;
        q.retransmits++;
        hostPlane.increment(q.src, q.evPlane[ev], retransmitKind);
        if (reason != null && !ecmp) {
            exclusion.retire(q, ev, reason);
        }
        nscc.quickAdapt(q, engine.now());
        send(q, psn, ev, PacketPool.FLAG_RETRANSMIT | PacketPool.FLAG_ACK_REQUEST);
    }

    private void onNack(int p) {
        QueuePair q = qpTable.get(pool.qp[p]);
        long now = engine.now();
        long acked = applyAcks(q, p, now);
        if (acked > 0) {
            nscc.onAck(q, acked, 0, false, now);
            detectSackGaps(q);
        }
        int psn = pool.psn[p];
        if (q.psnState[q.slot(psn)] == QueuePair.PSN_IN_FLIGHT && q.psnSeq[q.slot(psn)] == pool.seq[p]) {
            int ev = q.psnEv[q.slot(psn)];
            q.inflight -= q.psnBytes[q.slot(psn)] + header;
            q.evTrims[ev]++;
            if ((pool.flags[p] & PacketPool.FLAG_LAST_HOP) == 0 && !ecmp) {
                penalize(q, ev, config.penaltyTrim());
            }
            hostPlane.increment(q.src, q.evPlane[ev], HostPlaneCounter.NACKS_RECEIVED);
            hostPlane.increment(q.src, q.evPlane[ev], HostPlaneCounter.RETRANSMITS_NACK);
            q.retransmits++;
            nscc.quickAdapt(q, now);
            q.queueRetransmit(psn);
        } else {
            hostPlane.increment(q.src, q.evPlane[pool.ev[p]], HostPlaneCounter.NACKS_RECEIVED);
        }
        trySend(q);
        armTimer(q);
        pool.release(p);
    }

    private static void penalize(QueuePair q, int ev, int amount) {
        q.evPenalty[ev] = (byte) Math.min(MAX_PENALTY, q.evPenalty[ev] + amount);
    }

    // ---- timers

    /**
     * The per-EV loss timer: {@code evLossTimerRtts} round trips, where a round trip is the
     * fabric's base RTT (its longest path, as in UEC's network-wide base_rtt) or the QP's smoothed
     * or latest RTT when queues make them longer, plus the drain time of one full data queue: a
     * packet may sit behind a full queue (an incast) before any RTT sample shows it, and a deep but
     * bounded queue must not be taken for a dead path.
     */
    private long lossTimeoutPs(QueuePair q) {
        long rtt = Math.max(fabricBaseRttPs, Math.max(q.srttPs, q.lastRttPs));
        long timeout = (long) (config.evLossTimerRtts() * rtt) + queueDrainPs;
        return ecmp ? Math.min(timeout << q.backoff, qpTimeoutPs) : timeout;
    }

    private void armTimer(QueuePair q) {
        q.ringTrim();
        if (q.ringSize == 0) {
            return;
        }
        long now = engine.now();
        long sent = q.psnSentAt[q.slot(q.ringPsn[q.ringHead])];
        long deadline = Math.min((sent == QueuePair.NOT_SENT ? now : sent) + lossTimeoutPs(q), q.lastProgress + qpTimeoutPs);
        deadline = Math.max(deadline, now);
        if (deadline < q.timerAt) {
            q.timerAt = deadline;
            engine.schedule(deadline, EventKind.QP_TIMER, q.id, 0);
        }
    }

    private void onTimer(QueuePair q) {
        long now = engine.now();
        if (now != q.timerAt) {
            return;
        }
        q.timerAt = Long.MAX_VALUE;
        long timeout = lossTimeoutPs(q);
        boolean expired = false;
        while (true) {
            q.ringTrim();
            if (q.ringSize == 0) {
                break;
            }
            int psn = q.ringPsn[q.ringHead];
            long sent = q.psnSentAt[q.slot(psn)];
            if (sent == QueuePair.NOT_SENT || sent + timeout > now) {
                break;
            }
            q.ringPop();
            expired = true;
            lose(q, psn, ExclusionReason.LOSS_TIMER, HostPlaneCounter.RETRANSMITS_TIMEOUT);
        }
        if (expired && ecmp) {
            q.backoff = Math.min(q.backoff + 1, MAX_ECMP_BACKOFF);
        }
        if (q.ringSize > 0 && now - q.lastProgress >= qpTimeoutPs) {
            // QP timer: no progress for 1.024 us * 2^t; resend everything outstanding. At the
            // retry count of expiries in a row the peer is declared dead and the QP fails.
            q.timeouts++;
            qpTimeouts++;
            if (++q.expiriesWithoutProgress >= config.qpRetryCount()) {
                fail(q, now);
                return;
            }
            for (int n = q.ringSize; n > 0; n--) {
                int psn = q.ringPsn[q.ringHead];
                boolean valid = q.psnState[q.slot(psn)] == QueuePair.PSN_IN_FLIGHT && q.psnSeq[q.slot(psn)] == q.ringSeq[q.ringHead];
                q.ringPop();
                if (valid) {
                    lose(q, psn, null, HostPlaneCounter.RETRANSMITS_TIMEOUT);
                }
            }
            q.lastProgress = now;
        }
        trySend(q);
        armTimer(q);
    }

    /**
     * The peer is dead: the QP stops sending, forgets what is outstanding, and every message not
     * completed at the receiver fails. Recoverable faults never get here: any acknowledged byte
     * resets the count of expiries.
     */
    private void fail(QueuePair q, long now) {
        q.failed = true;
        q.timerAt = Long.MAX_VALUE;
        q.ringSize = 0;
        q.rtxSize = 0;
        q.inflight = 0;
        int failedNow = q.messages - q.rcvMessagesDone;
        q.messagesFailed += failedNow;
        messagesFailed += failedNow;
        qpFailures++;
        failureListener.accept(new QpFailure(now, q.src, q.id, q.dst, q.expiriesWithoutProgress, failedNow));
    }

    /** Controller command: every EV whose path crosses {@code link} becomes DENIED. */
    public void denyLink(int link) {
        exclusion.denyLink(link);
    }

    /** Controller command: EVs denied for {@code link} (and no other denied link) are GOOD again. */
    public void allowLink(int link) {
        exclusion.allowLink(link);
    }

    /** Operator command through the controller: deny and remember it until {@link #allowLink}. */
    public void operatorDeny(int link) {
        exclusion.operatorDeny(link);
    }

    // ---- link state: ECMP routing and the controller

    @Override
    public void linkChanged(int link, boolean up) {
        if (ecmp && !up) {
            linkDownAt[link] = engine.now();
            engine.schedule(engine.now() + config.ecmpReconvergeNs() * 1000, EventKind.RECONVERGE, link, 0);
        }
        if (up) {
            exclusion.linkUp(link);
        }
    }

    /** ECMP baseline: routing moves every flow off links that have been down for the reconvergence delay. */
    private void reconverge() {
        long now = engine.now();
        long delay = config.ecmpReconvergeNs() * 1000;
        for (int i = 0; i < qpTable.count(); i++) {
            QueuePair q = qpTable.get(i);
            if (!pathBroken(paths.pathLinks(q.src, q.dst, q.evPlane[0], q.evT1[0]), now - delay)) {
                continue;
            }
            int planes = config.ecmpAllPlanes() ? topo.planes : 1;
            int choices = planes * topo.t1PerPlane;
            int start = (int) Long.remainderUnsigned(Rng.mix(seed ^ q.id ^ now), choices);
            for (int k = 0; k < choices; k++) {
                int c = (start + k) % choices;
                int plane = config.ecmpAllPlanes() ? c / topo.t1PerPlane : q.evPlane[0];
                int t1 = c % topo.t1PerPlane;
                if (!pathBroken(paths.pathLinks(q.src, q.dst, plane, t1), Long.MAX_VALUE)) {
                    q.evPlane[0] = plane;
                    q.evT1[0] = t1;
                    break;
                }
            }
        }
    }

    private boolean pathBroken(int[] links, long downBefore) {
        for (int link : links) {
            if (!net.linkUp(link) && linkDownAt[link] <= downBefore) {
                return true;
            }
        }
        return false;
    }

    // ---- read-only views

    public int qpCount() {
        return qpTable.count();
    }

    public int qpSource(int qp) {
        return qpTable.get(qp).src;
    }

    public int qpDestination(int qp) {
        return qpTable.get(qp).dst;
    }

    public int evCount(int qp) {
        return qpTable.get(qp).evCount;
    }

    public int evPlane(int qp, int ev) {
        return qpTable.get(qp).evPlane[ev];
    }

    public int evT1(int qp, int ev) {
        return qpTable.get(qp).evT1[ev];
    }

    public EvState evState(int qp, int ev) {
        return qpTable.get(qp).state(ev);
    }

    /** Names of the links on an EV's path (allocates; for views, not the hot path). */
    public List<String> evLinkNames(int qp, int ev) {
        List<String> names = new ArrayList<>();
        for (int link : paths.evLinks(qpTable.get(qp), ev)) {
            names.add(topo.linkName(link));
        }
        return names;
    }

    public long hostPlaneCounter(int host, int plane, HostPlaneCounter which) {
        return hostPlane.get(host, plane, which);
    }

    public long evCounter(int qp, int ev, EvCounter which) {
        QueuePair q = qpTable.get(qp);
        return switch (which) {
            case STATE -> q.evState[ev];
            case TIME_IN_STATE_NS -> (engine.now() - q.evSince[ev]) / 1000;
            case PACKETS_SENT -> q.evSent[ev];
            case ECN_MARKS -> q.evEcn[ev];
            case TRIMS -> q.evTrims[ev];
            case LOSSES -> q.evLosses[ev];
            case PENALTY -> q.evPenalty[ev];
        };
    }

    /**
     * QP counters; completion percentiles cover the last {@value #COMPLETION_WINDOW}
     * completed messages and sort into {@code scratch} (size it to that, or to the QP's messages).
     */
    public long qpCounter(int qp, QpCounter which, long[] scratch) {
        QueuePair q = qpTable.get(qp);
        return switch (which) {
            case CWND_BYTES -> (long) q.cwnd;
            case BYTES_IN_FLIGHT -> q.inflight;
            case SMOOTHED_RTT_NS -> q.srttPs / 1000;
            case MIN_RTT_NS -> q.minRttPs == Long.MAX_VALUE ? 0 : q.minRttPs / 1000;
            case MESSAGES_POSTED -> q.messages;
            case MESSAGES_COMPLETED -> q.rcvMessagesDone;
            case BYTES_DELIVERED -> q.bytesDelivered;
            case DUPLICATE_BYTES -> q.duplicateBytes;
            case QP_TIMEOUTS -> q.timeouts;
            case PACKETS_SENT -> q.packetsSent;
            case RETRANSMITS -> q.retransmits;
            case FAILED -> q.failed ? 1 : 0;
            case MESSAGES_FAILED -> q.messagesFailed;
            case COMPLETION_P50_NS, COMPLETION_P99_NS, COMPLETION_MAX_NS -> {
                int n = q.completionTimesNs(scratch);
                if (n == 0) {
                    yield 0;
                }
                double quantile = which == QpCounter.COMPLETION_P50_NS ? 0.5 : which == QpCounter.COMPLETION_P99_NS ? 0.99 : 1.0;
                yield scratch[Math.min(n - 1, (int) Math.ceil(quantile * n) - 1)];
            }
        };
    }

    /**
     * Bytes of a message not yet completed, or of the one just completed while its completion is
     * being reported (a QP keeps only its live messages).
     */
    public long messageBytes(int qp, int message) {
        QueuePair q = qpTable.get(qp);
        if (message < q.rcvMessagesDone - 1 || message >= q.messages) {
            throw new IllegalArgumentException("message " + message + " of QP " + qp + " is no longer held (completed "
                    + q.rcvMessagesDone + " of " + q.messages + ")");
        }
        return q.msgBytes[q.msgSlot(message)];
    }

    /**
     * Slots of per-PSN, receive-bitmap and per-message state QP {@code qp} holds: bounded by what
     * is outstanding at once, not by what the QP ever sent.
     */
    public long qpStateSlots(int qp) {
        return qpTable.get(qp).stateSlots();
    }

    public long messagesPosted() {
        return messagesPosted;
    }

    public long messagesCompleted() {
        return messagesCompleted;
    }

    public long bytesPosted() {
        return bytesPosted;
    }

    public long bytesDelivered() {
        return bytesDelivered;
    }

    public long duplicateBytes() {
        return duplicateBytes;
    }

    public long qpTimeouts() {
        return qpTimeouts;
    }

    /** QPs declared failed by their QP timer (peer dead). */
    public long qpFailures() {
        return qpFailures;
    }

    /** Messages that failed with their QP. */
    public long messagesFailed() {
        return messagesFailed;
    }

    public long planeRetirements(int plane) {
        return exclusion.planeRetirements(plane);
    }

    public long planeDenials(int plane) {
        return exclusion.planeDenials(plane);
    }

    /**
     * Completion times of the run's messages: every one up to {@value #RUN_COMPLETION_SAMPLE}
     * messages, a uniform sample past that (count, maximum and mean exact).
     */
    public CompletionTimes completionTimes() {
        return completions;
    }
}
