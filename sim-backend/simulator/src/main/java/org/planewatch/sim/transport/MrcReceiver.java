package org.planewatch.sim.transport;

import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.switching.PacketPool;

/**
 * The receiving side of every QP: marks arrived PSNs in the bitmap, completes WRITE-with-IMM
 * messages once all their PSNs are in, answers with coalesced ACKs (SACK bitmaps included), NACKs
 * trimmed headers and turns probes around. Replies reuse the packet that arrived.
 */
final class MrcReceiver {
    private final Engine engine;
    private final Network network;
    private final PacketPool packets;
    private final Topology topology;
    private final TransportConfig config;
    private final TransportStats stats;
    private final HostPlaneCounters hostPlaneCounters;
    private final int headerBytes;
    private MessageListener messageListener = (qp, message, postedPs, donePs) -> {};

    MrcReceiver(
            Engine engine,
            Network network,
            TransportConfig config,
            TransportStats stats,
            HostPlaneCounters hostPlaneCounters,
            int headerBytes) {
        this.engine = engine;
        this.network = network;
        this.packets = network.pool();
        this.topology = network.topology();
        this.config = config;
        this.stats = stats;
        this.hostPlaneCounters = hostPlaneCounters;
        this.headerBytes = headerBytes;
    }

    void onMessageCompleted(MessageListener listener) {
        this.messageListener = listener;
    }

    void onData(QueuePair qp, int host, int plane, int packet) {
        int psn = packets.psn[packet];
        int payload = packets.payloadBytes[packet];
        hostPlaneCounters.increment(host, plane, HostPlaneCounter.RX_DATA_PACKETS);
        hostPlaneCounters.add(host, plane, HostPlaneCounter.RX_DATA_BYTES, payload);
        boolean duplicate = qp.received(psn);
        boolean completes = false;
        if (duplicate) {
            qp.duplicateBytes += payload;
            stats.duplicate(payload);
        } else {
            qp.markReceived(psn);
            qp.bytesDelivered += payload;
            stats.delivered(payload);
            if (psn == qp.rcvCum) {
                completes = advanceReceiver(qp);
            }
        }
        int flags = packets.flags[packet];
        // Coalesce ACKs, but answer at once what the sender waits on: a marked packet, an ACK
        // request, a duplicate, and the packet that completes a message.
        if (++qp.rcvSinceAck >= config.ackEveryPackets()
                || duplicate
                || completes
                || qp.ackNextData
                || (flags & (PacketPool.FLAG_ECN | PacketPool.FLAG_ACK_REQUEST)) != 0) {
            qp.rcvSinceAck = 0;
            qp.ackNextData = false;
            packets.cumulative[packet] = qp.rcvCum;
            packets.sack[packet] = qp.receivedWindow(psn);
            packets.sackLow[packet] = qp.receivedFrom(qp.rcvCum);
            packets.flags[packet] = (byte) (flags & PacketPool.FLAG_ECN);
            turnAround(qp, host, plane, packet, PacketPool.ACK);
        } else {
            packets.release(packet);
        }
    }

    /** Moves the cumulative point; true when a message completed. */
    private boolean advanceReceiver(QueuePair qp) {
        int cumulative = qp.rcvCum;
        int doneBefore = qp.rcvMessagesDone;
        while (cumulative < qp.posted && qp.received(cumulative)) {
            cumulative++;
        }
        qp.rcvCum = cumulative;
        while (qp.rcvMessagesDone < qp.messages && cumulative >= qp.msgEnd[qp.msgSlot(qp.rcvMessagesDone)]) {
            int message = qp.rcvMessagesDone++;
            long now = engine.now();
            long postedPs = qp.msgPostedPs[qp.msgSlot(message)];
            long completionNs = (now - postedPs) / 1000;
            qp.recordCompletion(completionNs);
            stats.messageCompleted(completionNs);
            messageListener.messageCompleted(qp.id, message, postedPs, now);
        }
        return qp.rcvMessagesDone != doneBefore;
    }

    void onTrimmedHeader(QueuePair qp, int host, int plane, int packet) {
        boolean lastHop = (packets.flags[packet] & PacketPool.FLAG_LAST_HOP) != 0;
        hostPlaneCounters.increment(
                host, plane, lastHop ? HostPlaneCounter.TRIMMED_RX_LAST_HOP : HostPlaneCounter.TRIMMED_RX_FABRIC);
        hostPlaneCounters.increment(host, plane, HostPlaneCounter.NACKS_SENT);
        // The NACK also carries what an ACK would, and the next data packet is acknowledged at once
        // (headers overtake queued data): after a trim the sender waits for window with its
        // retransmissions queued, so no packet may sit in a coalesced ACK.
        packets.cumulative[packet] = qp.rcvCum;
        packets.sack[packet] = qp.receivedWindow(packets.psn[packet]);
        packets.sackLow[packet] = qp.receivedFrom(qp.rcvCum);
        qp.rcvSinceAck = 0;
        qp.ackNextData = true;
        packets.flags[packet] = (byte) (packets.flags[packet] & PacketPool.FLAG_LAST_HOP);
        turnAround(qp, host, plane, packet, PacketPool.NACK);
    }

    void onProbe(QueuePair qp, int host, int plane, int packet) {
        turnAround(qp, host, plane, packet, PacketPool.PROBE_REPLY);
    }

    /** Reuses {@code packet} as a header-sized reply on the reverse of its EV's path. */
    private void turnAround(QueuePair qp, int host, int plane, int packet, byte kind) {
        packets.kind[packet] = kind;
        packets.wireBytes[packet] = headerBytes;
        packets.payloadBytes[packet] = 0;
        packets.route[packet] = topology.route(qp.dst, qp.src, qp.evT1[packets.ev[packet]]);
        network.sendFromHost(host, plane, packet);
    }
}
