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
import org.planewatch.sim.switching.PacketClass;
import org.planewatch.sim.switching.PacketPool;
import org.planewatch.sim.switching.PacketSink;

/**
 * The NICs of every host, as the network and the simulation see them: it builds the transport's
 * parts, hands each packet that reaches a host to the part it is for, and answers the controller's
 * commands and the read-only views telemetry uses.
 *
 * <p>The parts, each small (as htsim keeps sender, sink and queue apart): {@link QpTable} (every
 * QP), {@link QpOpener} (EV sets), {@link MrcSender} with its {@link EvSprayer}, {@link AckProcessor}
 * and {@link SenderTimers}, {@link MrcReceiver}, {@link EvExclusion} (EV states, probes, the
 * {@link FabricController}), {@link EcmpReconvergence} (the ECMP baseline's recovery), and the
 * statistics in {@link TransportStats} and {@link HostPlaneCounters}. MRC sprays over EVs with
 * penalties, detects loss by SACK gap and per-EV loss timer, resends trimmed PSNs on another EV,
 * retires and probes EVs and runs NSCC; the ECMP baseline is the same machinery with one hashed path
 * per QP, no EV states, timeout recovery with back-off and routing reconvergence after a delay.
 */
public final class Transport implements PacketSink, LinkStateListener {
    /** Run-wide completion times kept exactly up to this many messages, sampled past it. */
    public static final int RUN_COMPLETION_SAMPLE = 1 << 20;
    /** Messages per QP whose completion times the QP's percentiles cover. */
    public static final int COMPLETION_WINDOW = QueuePair.COMPLETION_WINDOW;

    private final Engine engine;
    private final PacketPool packets;
    private final Topology topology;
    private final boolean ecmp;
    private final QpTable qps = new QpTable();
    private final EvPaths paths;
    private final HostPlaneCounters hostPlaneCounters;
    private final TransportStats stats;
    private final QpOpener opener;
    private final EvExclusion exclusion;
    private final MrcSender sender;
    private final SenderTimers timers;
    private final AckProcessor acks;
    private final MrcReceiver receiver;
    /** Only for the ECMP baseline; MRC and UEC recover per EV. */
    private final EcmpReconvergence reconvergence;
    /** Packets that reached a failed QP and were discarded unread, by class (rare; for accounting). */
    private final long[] stragglers = new long[PacketClass.values().length];

    public Transport(Engine engine, Network network, FabricConfig fabric, TransportConfig config, long seed) {
        this.engine = engine;
        this.packets = network.pool();
        this.topology = network.topology();
        this.ecmp = config.mode() == TransportMode.ECMP;
        int mtu = fabric.mtuBytes();
        int headerBytes = fabric.headerBytes();
        this.paths = new EvPaths(topology);
        this.hostPlaneCounters = new HostPlaneCounters(topology.hosts, topology.planes);
        this.stats = new TransportStats(new CompletionTimes(RUN_COMPLETION_SAMPLE, Rng.seed(seed, 5, 0)));
        this.opener = new QpOpener(qps, hostPlaneCounters, network, config, mtu, headerBytes, fabric.linkGbps(), seed);
        this.exclusion = new EvExclusion(qps, paths, engine, network, config, hostPlaneCounters, headerBytes, !ecmp);
        Nscc nscc = new Nscc(config, mtu + headerBytes);
        this.sender = new MrcSender(
                engine,
                network,
                new EvSprayer(network, mtu + headerBytes),
                exclusion,
                nscc,
                hostPlaneCounters,
                ecmp,
                mtu,
                headerBytes);
        long fabricBaseRttPs = BaseRtt.ps(network, mtu + headerBytes, headerBytes, topology.t0PerPlane > 1 ? 4 : 2);
        long queueDrainPs = network.serialisationPs((int) Math.min(Integer.MAX_VALUE, fabric.queueBytes()));
        this.timers = new SenderTimers(engine, config, sender, stats, ecmp, fabricBaseRttPs, queueDrainPs);
        this.acks =
                new AckProcessor(engine, packets, config, sender, timers, nscc, hostPlaneCounters, ecmp, headerBytes);
        this.receiver = new MrcReceiver(engine, network, config, stats, hostPlaneCounters, headerBytes);
        this.reconvergence = ecmp ? new EcmpReconvergence(qps, paths, engine, network, config, seed) : null;
        engine.register(EventKind.QP_TIMER, (qpId, unused) -> timers.onTimer(qps.get(qpId)));
        engine.register(EventKind.PROBE, (qpId, ev) -> exclusion.onProbeDue(qps.get(qpId), ev));
        engine.register(EventKind.RECONVERGE, (link, unused) -> reconvergence.reconverge());
    }

    public void onExclusion(ExclusionSink sink) {
        exclusion.onExclusion(sink);
    }

    public void onMessageCompleted(MessageListener listener) {
        receiver.onMessageCompleted(listener);
    }

    /** Hears of every QP the QP timer declares failed (rare: one record each). */
    public void onQpFailure(Consumer<QpFailure> listener) {
        timers.onQpFailure(listener);
    }

    // ---- connections and messages

    /** Opens a QP from {@code src} to {@code dst} and gives it its EV set; returns its index. */
    public int openQp(int src, int dst) {
        return opener.open(src, dst);
    }

    /** Posts a WRITE-with-IMM message of {@code bytes} on QP {@code qp}; returns its index on the QP. */
    public int post(int qp, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("message bytes must be > 0, got " + bytes);
        }
        QueuePair pair = qps.get(qp);
        stats.messagePosted(bytes);
        if (pair.failed) {
            // A QP in error flushes new work with an error at once.
            pair.messages++;
            pair.messagesFailed++;
            stats.messagesFailed(1);
            return pair.messages - 1;
        }
        sender.post(pair, bytes);
        timers.arm(pair);
        return pair.messages - 1;
    }

    // ---- packets reaching hosts

    @Override
    public void deliver(int host, int plane, int packet) {
        QueuePair qp = qps.get(packets.qp[packet]);
        if (qp.failed) {
            // Stragglers of a failed QP: its messages already failed, nothing may complete now.
            stragglers[PacketClass.of(packets, packet).ordinal()]++;
            packets.release(packet);
            return;
        }
        switch (packets.kind[packet]) {
            case PacketPool.DATA -> {
                if ((packets.flags[packet] & PacketPool.FLAG_TRIMMED) != 0) {
                    receiver.onTrimmedHeader(qp, host, plane, packet);
                } else {
                    receiver.onData(qp, host, plane, packet);
                }
            }
            case PacketPool.ACK -> acks.onAck(qp, packet);
            case PacketPool.NACK -> acks.onNack(qp, packet);
            case PacketPool.PROBE -> receiver.onProbe(qp, host, plane, packet);
            case PacketPool.PROBE_REPLY -> exclusion.onProbeReply(packet);
            default -> throw new IllegalStateException("unknown packet kind " + packets.kind[packet]);
        }
    }

    @Override
    public void transmitted(int packet) {
        sender.transmitted(qps.get(packets.qp[packet]), packet);
    }

    // ---- link state and the controller

    @Override
    public void linkChanged(int link, boolean up) {
        if (ecmp && !up) {
            reconvergence.linkDown(link);
        }
        if (up) {
            exclusion.linkUp(link);
        }
    }

    /** Operator command: EVs denied for {@code link} (and no other denied link) are GOOD again. */
    public void allowLink(int link) {
        exclusion.allowLink(link);
    }

    /**
     * Operator command through the controller: every EV whose path crosses {@code link} becomes
     * DENIED until {@link #allowLink}, whether or not the link goes down and comes back meanwhile.
     */
    public void operatorDeny(int link) {
        exclusion.operatorDeny(link);
    }

    // ---- read-only views

    public int qpCount() {
        return qps.count();
    }

    public int qpSource(int qp) {
        return qps.get(qp).src;
    }

    public int qpDestination(int qp) {
        return qps.get(qp).dst;
    }

    public int evCount(int qp) {
        return qps.get(qp).evCount;
    }

    public int evPlane(int qp, int ev) {
        return qps.get(qp).evPlane[ev];
    }

    public int evT1(int qp, int ev) {
        return qps.get(qp).evT1[ev];
    }

    public EvState evState(int qp, int ev) {
        return qps.get(qp).state(ev);
    }

    /** Names of the links on an EV's path (allocates; for views, not the hot path). */
    public List<String> evLinkNames(int qp, int ev) {
        List<String> names = new ArrayList<>();
        for (int link : paths.evLinks(qps.get(qp), ev)) {
            names.add(topology.linkName(link));
        }
        return names;
    }

    public long hostPlaneCounter(int host, int plane, HostPlaneCounter which) {
        return hostPlaneCounters.get(host, plane, which);
    }

    public long evCounter(int qp, int ev, EvCounter which) {
        return QpCounters.ev(qps.get(qp), ev, which, engine.now());
    }

    /**
     * QP counters; completion percentiles cover the last {@value #COMPLETION_WINDOW}
     * completed messages and sort into {@code scratch} (size it to that, or to the QP's messages).
     */
    public long qpCounter(int qp, QpCounter which, long[] scratch) {
        return QpCounters.qp(qps.get(qp), which, scratch);
    }

    /**
     * Bytes of a message not yet completed, or of the one just completed while its completion is
     * being reported (a QP keeps only its live messages).
     */
    public long messageBytes(int qp, int message) {
        QueuePair pair = qps.get(qp);
        if (message < pair.rcvMessagesDone - 1 || message >= pair.messages) {
            throw new IllegalArgumentException("message " + message + " of QP " + qp + " is no longer held (completed "
                    + pair.rcvMessagesDone + " of " + pair.messages + ")");
        }
        return pair.msgBytes[pair.msgSlot(message)];
    }

    /**
     * Slots of per-PSN, receive-bitmap and per-message state QP {@code qp} holds: bounded by what
     * is outstanding at once, not by what the QP ever sent.
     */
    public long qpStateSlots(int qp) {
        return qps.get(qp).stateSlots();
    }

    /** Data packets the senders of every QP put on their NIC, retransmissions included (a pass over the QPs). */
    public long dataPacketsSent() {
        long sent = 0;
        for (int qp = 0; qp < qps.count(); qp++) {
            sent += qps.get(qp).packetsSent;
        }
        return sent;
    }

    /** Packets of class {@code kind} that reached a failed QP and were discarded unread. */
    public long stragglersDiscarded(PacketClass kind) {
        return stragglers[kind.ordinal()];
    }

    public long messagesPosted() {
        return stats.messagesPosted();
    }

    public long messagesCompleted() {
        return stats.messagesCompleted();
    }

    public long bytesPosted() {
        return stats.bytesPosted();
    }

    public long bytesDelivered() {
        return stats.bytesDelivered();
    }

    public long duplicateBytes() {
        return stats.duplicateBytes();
    }

    public long qpTimeouts() {
        return stats.qpTimeouts();
    }

    /** QPs declared failed by their QP timer (peer dead). */
    public long qpFailures() {
        return stats.qpFailures();
    }

    /** Messages that failed with their QP. */
    public long messagesFailed() {
        return stats.messagesFailed();
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
        return stats.completions();
    }
}
