package org.planewatch.sim.switching;

import java.util.EnumMap;
import java.util.Map;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;
import org.planewatch.sim.engine.Rng;
import org.planewatch.sim.fabric.Topology;

/**
 * Every egress port of the fabric (host NIC ports and switch ports) with its queues and its wire;
 * the ports' state is a {@link PortTable} indexed by port.
 *
 * <p>Per port: a data queue with a byte limit and a priority header queue (trimmed headers, ACKs,
 * NACKs, probes), served first but never more than {@link FabricConfig#headerBurstPackets()} packets in a row while
 * data waits; ECN marked on dequeue with a probability linear between kmin and kmax; a data packet
 * that does not fit is trimmed to its header (or dropped at the tail when trimming is off). The
 * wire is a FIFO whose packets each have an arrival event; a port has at most one pending ready event.
 * Switches forward by popping the active uSID: it names the egress port, so the forwarding table is
 * static and never changes when a link fails.
 */
public final class Network {
    private static final int USID_BITS = 21;
    private static final long USID_MASK = (1L << USID_BITS) - 1;

    private final Topology topology;
    private final Engine engine;
    private final PacketPool packets;
    private PacketSink sink;
    private LinkStateListener linkListener = (link, up) -> {};

    private final double psPerByte;
    private final long linkDelayPs;
    private final long switchLatencyPs;
    private final long dataLimit;
    private final long headerLimit;
    private final long ecnMin;
    private final long ecnMax;
    private final boolean trimming;
    private final int headerBytes;
    private final int headerBurst;

    private final PortTable ports;

    private final boolean[] linkDown;
    private final double[] linkDropProbability;
    private final double[] linkBitErrorRate;
    private final int[] linkFlaps;
    private final long[] linkRng;
    private final long[] switchRng;

    private final long[] planeTrimmed;
    private final long[] planeDropped;

    private final long[] planeDeliveredBytes;
    private long dataSent;
    private long dataDelivered;
    private long dataTrimmed;
    /**
     * Drops by packet class and cause: [class * DROP_CAUSES + cause index], the index of a port's
     * drop ({@link PortTable#dropIndex}) or of a wire's loss ({@link PortTable#wireLossIndex}).
     */
    private final long[] dropped = new long[PacketClass.COUNT * PortTable.DROP_CAUSES];

    public Network(
            Topology topology, FabricConfig config, boolean trimming, Engine engine, PacketPool packets, long seed) {
        this.topology = topology;
        this.engine = engine;
        this.packets = packets;
        this.trimming = trimming;
        this.psPerByte = 8000.0 / config.linkGbps();
        this.linkDelayPs = config.linkDelayNs() * 1000;
        this.switchLatencyPs = config.switchLatencyNs() * 1000;
        this.dataLimit = config.queueBytes();
        this.headerLimit = config.headerQueueBytes();
        this.ecnMin = config.ecnKminBytes();
        this.ecnMax = config.ecnKmaxBytes();
        this.headerBytes = config.headerBytes();
        this.headerBurst = config.headerBurstPackets();
        this.ports = new PortTable(topology.portCount, packets);
        int links = topology.linkCount;
        linkDown = new boolean[links];
        linkDropProbability = new double[links];
        linkBitErrorRate = new double[links];
        linkFlaps = new int[links];
        linkRng = new long[links];
        for (int link = 0; link < links; link++) {
            linkRng[link] = Rng.seed(seed, 2, link);
        }
        switchRng = new long[topology.switches];
        for (int switchIndex = 0; switchIndex < topology.switches; switchIndex++) {
            switchRng[switchIndex] = Rng.seed(seed, 1, switchIndex);
        }
        planeTrimmed = new long[topology.planes];
        planeDropped = new long[topology.planes];
        planeDeliveredBytes = new long[topology.planes];
        engine.register(EventKind.PORT_READY, (port, unused) -> portReady(port));
        engine.register(EventKind.WIRE_ARRIVAL, (port, unused) -> wireArrival(port));
        // Most events come a fixed delay after they are scheduled: the end of a full packet's or a
        // header's serialisation, and its arrival at the far end of a wire.
        for (int bytes : new int[] {config.mtuBytes() + headerBytes, headerBytes}) {
            long serialisation = serialisationPs(bytes);
            engine.addDelayLane(serialisation);
            engine.addDelayLane(serialisation + linkDelayPs);
            engine.addDelayLane(serialisation + linkDelayPs + switchLatencyPs);
        }
    }

    public void attach(PacketSink packetSink, LinkStateListener listener) {
        this.sink = packetSink;
        this.linkListener = listener;
    }

    public PacketPool pool() {
        return packets;
    }

    public Topology topology() {
        return topology;
    }

    /** Serialisation time of {@code bytes} on one link. */
    public long serialisationPs(int bytes) {
        return (long) (bytes * psPerByte + 0.5);
    }

    public long linkDelayPs() {
        return linkDelayPs;
    }

    public long switchLatencyPs() {
        return switchLatencyPs;
    }

    // ---- host side

    /** Queues {@code packet} on the NIC port of {@code host} for {@code plane}. */
    public void sendFromHost(int host, int plane, int packet) {
        if (packets.kind[packet] == PacketPool.DATA) {
            dataSent++;
        }
        packets.hop[packet] = 0;
        enqueue(topology.hostPort(host, plane), packet);
    }

    /** Data bytes waiting in the NIC port of {@code host} on {@code plane}; {@code Long.MAX_VALUE} when its link is down. */
    public long hostQueueBytes(int host, int plane) {
        int port = topology.hostPort(host, plane);
        return linkDown[topology.portLink(port)] ? Long.MAX_VALUE : ports.dataBytes(port);
    }

    // ---- queues

    private void enqueue(int port, int packet) {
        int size = packets.wireBytes[packet];
        boolean hostPort = port < topology.t0PortBase;
        if (packets.kind[packet] == PacketPool.DATA && (packets.flags[packet] & PacketPool.FLAG_TRIMMED) == 0) {
            long queued = ports.dataBytes(port) + size;
            if (hostPort || queued <= dataLimit) {
                ports.enqueueData(port, packet, queued, engine.now());
                kick(port);
                return;
            }
            if (!trimming) {
                drop(port, packet, PortTable.DROP_DATA_QUEUE_FULL);
                return;
            }
            trim(port, packet);
            size = packets.wireBytes[packet];
        }
        long queued = ports.headerBytes(port) + size;
        if (!hostPort && queued > headerLimit) {
            drop(
                    port,
                    packet,
                    (packets.flags[packet] & PacketPool.FLAG_TRIMMED_HERE) != 0
                            ? PortTable.TRIMMED_THEN_DROPPED
                            : PortTable.DROP_HEADER_QUEUE_FULL);
            return;
        }
        ports.enqueueHeader(port, packet, queued, engine.now());
        kick(port);
    }

    private void trim(int port, int packet) {
        byte flags = (byte) (packets.flags[packet] | PacketPool.FLAG_TRIMMED | PacketPool.FLAG_TRIMMED_HERE);
        if (topology.isLastHopPort(port)) {
            flags |= PacketPool.FLAG_LAST_HOP;
        }
        packets.flags[packet] = flags;
        packets.wireBytes[packet] = headerBytes;
        ports.countTrimmed(port);
        dataTrimmed++;
        planeTrimmed[topology.portPlane(port)]++;
    }

    private void kick(int port) {
        if (ports.readyPending(port)) {
            return;
        }
        long now = engine.now();
        if (ports.busyUntil(port) <= now) {
            transmitNext(port);
        } else {
            ports.setReadyPending(port, true);
            engine.schedule(ports.busyUntil(port), EventKind.PORT_READY, port, 0);
        }
    }

    private void portReady(int port) {
        ports.setReadyPending(port, false);
        if (ports.hasQueued(port)) {
            transmitNext(port);
        }
    }

    private void transmitNext(int port) {
        long now = engine.now();
        int packet;
        boolean data;
        boolean dataWaits = ports.hasData(port);
        if (ports.hasHeaders(port) && (!dataWaits || ports.headerStreak(port) < headerBurst)) {
            packet = ports.dequeueHeader(port, now);
            if (dataWaits) {
                ports.extendHeaderStreak(port);
            }
            data = false;
        } else {
            long depth = ports.dataBytes(port);
            packet = ports.dequeueData(port, now);
            ports.endHeaderStreak(port);
            data = true;
            if (depth > ecnMin && port >= topology.t0PortBase) {
                markEcn(port, packet, depth);
            }
        }
        int size = packets.wireBytes[packet];
        long end = now + (long) (size * psPerByte + 0.5);
        ports.setBusyUntil(port, end);
        if (data && port < topology.t0PortBase) {
            sink.transmitted(packet);
        }
        int link = topology.portLink(port);
        if (linkDown[link]) {
            // A port whose link is down sends nothing: a discard, not a transmission.
            drop(port, packet, PortTable.DROP_LINK_DOWN);
        } else {
            ports.countTransmission(port, size);
            if (data) {
                ports.countDataQueueTransmission(port, size, packets.payloadBytes[packet]);
            } else if ((packets.flags[packet] & PacketPool.FLAG_TRIMMED_HERE) != 0) {
                // Trimmed by this port; further hops forward it as a header like any other.
                ports.countTrimmedSent(port);
                packets.flags[packet] &= ~PacketPool.FLAG_TRIMMED_HERE;
            }
            int peer = topology.portPeer(port);
            long arrival = end + linkDelayPs + (peer >= topology.hosts ? switchLatencyPs : 0);
            ports.putOnWire(port, packet);
            // One event per packet: its delay is constant for full packets and headers, so it
            // lands in a FIFO lane of the engine; arrivals on a wire are in order.
            engine.schedule(arrival, EventKind.WIRE_ARRIVAL, port, 0);
        }
        if (ports.hasQueued(port)) {
            ports.setReadyPending(port, true);
            engine.schedule(end, EventKind.PORT_READY, port, 0);
        }
    }

    private void markEcn(int port, int packet, long depth) {
        boolean mark;
        if (depth >= ecnMax) {
            mark = true;
        } else {
            double probability = (double) (depth - ecnMin) / (ecnMax - ecnMin);
            int switchIndex = topology.portOwner(port) - topology.hosts;
            mark = Rng.nextDouble(switchRng, switchIndex) < probability;
        }
        if (mark) {
            packets.flags[packet] |= PacketPool.FLAG_ECN;
            ports.countEcnMarked(port);
        }
    }

    // ---- wires

    private void wireArrival(int port) {
        int packet = ports.takeFromWire(port);
        int link = topology.portLink(port);
        int size = packets.wireBytes[packet];
        if (linkDown[link]) {
            ports.countWireLoss(port, PortTable.WIRE_LOST_LINK_DOWN, size);
            release(port, packet, PortTable.wireLossIndex(PortTable.WIRE_LOST_LINK_DOWN));
            return;
        }
        double gray = linkDropProbability[link];
        if (gray > 0 && Rng.nextDouble(linkRng, link) < gray) {
            // Lost without a trace: the far end never sees it, so only the two ends' counters together tell.
            ports.countWireLoss(port, PortTable.WIRE_LOST_GRAY, size);
            release(port, packet, PortTable.wireLossIndex(PortTable.WIRE_LOST_GRAY));
            return;
        }
        double bitErrorRate = linkBitErrorRate[link];
        if (bitErrorRate > 0 && Rng.nextDouble(linkRng, link) < -Math.expm1(8.0 * size * Math.log1p(-bitErrorRate))) {
            // Received with a bad frame check sequence: the far end counts it, then drops it.
            ports.countArrival(port, size, true);
            release(port, packet, PortTable.wireLossIndex(PortTable.WIRE_CRC_ERRORS));
            return;
        }
        ports.countArrival(port, size, false);
        boolean fullData =
                packets.kind[packet] == PacketPool.DATA && (packets.flags[packet] & PacketPool.FLAG_TRIMMED) == 0;
        if (fullData) {
            ports.countDataArrival(port, packets.payloadBytes[packet]);
        }
        int node = topology.portPeer(port);
        if (node < topology.hosts) {
            if (fullData) {
                dataDelivered++;
                planeDeliveredBytes[topology.portPlane(port)] += packets.payloadBytes[packet];
            }
            sink.deliver(node, topology.portPlane(port), packet);
            return;
        }
        int switchIndex = node - topology.hosts;
        int hop = packets.hop[packet];
        int usid = (int) ((packets.route[packet] >>> (USID_BITS * hop)) & USID_MASK);
        packets.hop[packet] = (byte) (hop + 1);
        if (usid >= topology.switchPortCount(switchIndex)) {
            drop(port, packet, PortTable.WIRE_NO_ROUTE);
            return;
        }
        enqueue(topology.switchFirstPort(switchIndex) + usid, packet);
    }

    private void drop(int port, int packet, int cause) {
        ports.countDrop(port, cause);
        release(port, packet, PortTable.dropIndex(cause));
    }

    /**
     * Releases a packet that goes no further, counting it once in the drop accounts under
     * {@code causeIndex} ({@link PortTable#dropIndex} or {@link PortTable#wireLossIndex}); the port
     * counters that say why were counted by the caller.
     */
    private void release(int port, int packet, int causeIndex) {
        int kind = PacketClass.index(packets.kind[packet], packets.flags[packet]);
        dropped[kind * PortTable.DROP_CAUSES + causeIndex]++;
        if (kind == PacketClass.DATA.ordinal()) {
            planeDropped[topology.portPlane(port)]++;
        }
        packets.release(packet);
    }

    // ---- link state (faults)

    public boolean linkUp(int link) {
        return !linkDown[link];
    }

    public void setLinkUp(int link, boolean up) {
        if (linkDown[link] == !up) {
            return;
        }
        linkDown[link] = !up;
        if (!up) {
            linkFlaps[link]++;
            flushQueues(topology.linkLowerPort(link));
            flushQueues(topology.linkUpperPort(link));
        }
        linkListener.linkChanged(link, up);
    }

    /**
     * A port whose link died drops what it holds (switches do not reroute). A host NIC hands its
     * queued data to the dead link: for the sender that counts as sent, so its loss timer runs.
     */
    private void flushQueues(int port) {
        boolean hostPort = port < topology.t0PortBase;
        for (int packet = ports.firstData(port); packet >= 0; ) {
            int following = packets.next[packet];
            if (hostPort) {
                sink.transmitted(packet);
            }
            drop(port, packet, PortTable.DROP_LINK_DOWN);
            packet = following;
        }
        for (int packet = ports.firstHeader(port); packet >= 0; ) {
            int following = packets.next[packet];
            drop(port, packet, PortTable.DROP_LINK_DOWN);
            packet = following;
        }
        ports.clearQueues(port, engine.now());
    }

    public void setLinkDropProbability(int link, double probability) {
        linkDropProbability[link] = probability;
    }

    public void setLinkBitErrorRate(int link, double bitErrorRate) {
        linkBitErrorRate[link] = bitErrorRate;
    }

    public int linkFlaps(int link) {
        return linkFlaps[link];
    }

    // ---- counters

    /** A counter of the port; the receive ones come from the facing port's wire (see {@link PortCounter}). */
    public long portCounter(int port, PortCounter which) {
        return switch (which) {
            case OPER_UP -> linkDown[topology.portLink(port)] ? 0 : 1;
            case FLAPS -> linkFlaps[topology.portLink(port)];
            // Links start up: every down but a current one was followed by an up.
            case CARRIER_TRANSITIONS ->
                2L * linkFlaps[topology.portLink(port)] - (linkDown[topology.portLink(port)] ? 1 : 0);
            case RX_PACKETS -> ports.storedCounter(topology.facingPort(port), PortCounter.WIRE_ARRIVED_PACKETS);
            case RX_BYTES -> ports.storedCounter(topology.facingPort(port), PortCounter.WIRE_ARRIVED_BYTES);
            case IN_FCS_ERRORS -> ports.storedCounter(topology.facingPort(port), PortCounter.WIRE_CRC_ERRORS);
            case IN_DISCARDS -> ports.storedCounter(topology.facingPort(port), PortCounter.WIRE_NO_ROUTE);
            case RX_DATA_PACKETS ->
                ports.storedCounter(topology.facingPort(port), PortCounter.WIRE_ARRIVED_DATA_PACKETS);
            case RX_DATA_PAYLOAD_BYTES ->
                ports.storedCounter(topology.facingPort(port), PortCounter.WIRE_ARRIVED_DATA_PAYLOAD_BYTES);
            case HEADER_QUEUE_TX_PACKETS ->
                ports.storedCounter(port, PortCounter.TX_PACKETS)
                        - ports.storedCounter(port, PortCounter.DATA_QUEUE_TX_PACKETS);
            case HEADER_QUEUE_TX_BYTES ->
                ports.storedCounter(port, PortCounter.TX_BYTES)
                        - ports.storedCounter(port, PortCounter.DATA_QUEUE_TX_BYTES);
            case DATA_QUEUE_OCTET_PS -> ports.queueIntegral(port, true, engine.now());
            case HEADER_QUEUE_OCTET_PS -> ports.queueIntegral(port, false, engine.now());
            default -> ports.storedCounter(port, which);
        };
    }

    public long dataSent() {
        return dataSent;
    }

    public long dataDelivered() {
        return dataDelivered;
    }

    public long dataTrimmed() {
        return dataTrimmed;
    }

    /** Untrimmed data packets dropped, whatever the cause. */
    public long dataDropped() {
        long total = 0;
        for (int cause = 0; cause < PortTable.DROP_CAUSES; cause++) {
            total += dropped[PacketClass.DATA.ordinal() * PortTable.DROP_CAUSES + cause];
        }
        return total;
    }

    /**
     * Untrimmed data packets the counters say are still in a queue or on a wire: sent less
     * delivered, trimmed and dropped. {@link #heldPackets()} finds them instead.
     */
    public long dataInFlight() {
        return dataSent - dataDelivered - dataTrimmed - dataDropped();
    }

    /**
     * Packets of class {@code kind} dropped for {@code cause}, all ports together: a port's drop
     * ({@link PortCounter#TRIMMED_THEN_DROPPED}, a {@code DROP_*} counter, {@link PortCounter#WIRE_NO_ROUTE})
     * or a wire's loss ({@link PortCounter#WIRE_CRC_ERRORS}, {@link PortCounter#WIRE_LOST_GRAY},
     * {@link PortCounter#WIRE_LOST_LINK_DOWN}).
     */
    public long dropped(PacketClass kind, PortCounter cause) {
        return dropped[kind.ordinal() * PortTable.DROP_CAUSES + PortTable.dropCauseIndex(cause)];
    }

    /**
     * Walks every port's queues and wire and counts what they hold, and counts the engine's pending
     * wire arrivals. For tests and inspection: it costs a pass over every port and held packet, and
     * nothing when not called.
     */
    public HeldPackets heldPackets() {
        long[] queued = new long[PacketClass.COUNT];
        long[] wired = new long[PacketClass.COUNT];
        for (int port = 0; port < topology.portCount; port++) {
            countChain(ports.firstData(port), queued);
            countChain(ports.firstHeader(port), queued);
            countChain(ports.firstOnWire(port), wired);
        }
        return new HeldPackets(byClass(queued), byClass(wired), engine.pendingEvents(EventKind.WIRE_ARRIVAL));
    }

    private void countChain(int first, long[] counts) {
        for (int packet = first; packet >= 0; packet = packets.next[packet]) {
            counts[PacketClass.of(packets, packet).ordinal()]++;
        }
    }

    private static Map<PacketClass, Long> byClass(long[] counts) {
        Map<PacketClass, Long> map = new EnumMap<>(PacketClass.class);
        for (PacketClass kind : PacketClass.values()) {
            map.put(kind, counts[kind.ordinal()]);
        }
        return map;
    }

    public long planeTrimmed(int plane) {
        return planeTrimmed[plane];
    }

    public long planeDropped(int plane) {
        return planeDropped[plane];
    }

    public long planeDeliveredBytes(int plane) {
        return planeDeliveredBytes[plane];
    }
}
