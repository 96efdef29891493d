package org.planewatch.sim.switching;

import java.util.Arrays;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;
import org.planewatch.sim.engine.Rng;
import org.planewatch.sim.fabric.Topology;

/**
 * Every egress port of the fabric (host NIC ports and switch ports) with its queues and its wire,
 * as primitive arrays indexed by port.
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
    // Port state is array-of-structs: what one packet operation touches shares a cache line or two.
    private static final int IS = 8;
    private static final int DATA_HEAD = 0;
    private static final int DATA_TAIL = 1;
    private static final int HEADER_HEAD = 2;
    private static final int HEADER_TAIL = 3;
    private static final int WIRE_HEAD = 4;
    private static final int WIRE_TAIL = 5;
    private static final int READY = 6;
    private static final int STREAK = 7;
    private static final int DATA_BYTES = 0;
    private static final int HEADER_BYTES = 1;
    private static final int BUSY_UNTIL = 2;
    private static final int COUNTERS = 3;
    private static final int N = COUNTERS + PortCounter.STORED;
    private static final int TX_PACKETS = COUNTERS + PortCounter.TX_PACKETS.ordinal();
    private static final int TX_BYTES = COUNTERS + PortCounter.TX_BYTES.ordinal();
    private static final int DATA_MAX = COUNTERS + PortCounter.DATA_QUEUE_MAX_BYTES.ordinal();
    private static final int HEADER_MAX = COUNTERS + PortCounter.HEADER_QUEUE_MAX_BYTES.ordinal();
    private static final int ECN_MARKED = COUNTERS + PortCounter.ECN_MARKED.ordinal();
    private static final int TRIMMED = COUNTERS + PortCounter.TRIMMED.ordinal();
    private static final int TRIMMED_THEN_DROPPED = COUNTERS + PortCounter.TRIMMED_THEN_DROPPED.ordinal();
    private static final int DROP_CONGESTION = COUNTERS + PortCounter.DROP_CONGESTION.ordinal();
    private static final int DROP_LINK_DOWN = COUNTERS + PortCounter.DROP_LINK_DOWN.ordinal();
    private static final int DROP_CRC = COUNTERS + PortCounter.DROP_CRC.ordinal();
    private static final int DROP_GRAY = COUNTERS + PortCounter.DROP_GRAY.ordinal();
    private static final int DROP_NO_ROUTE = COUNTERS + PortCounter.DROP_NO_ROUTE.ordinal();

    private final Topology topo;
    private final Engine engine;
    private final PacketPool pool;
    private PacketSink sink;
    private LinkStateListener linkListener = (link, up) -> { };

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

    /** Per port, {@value #IS} ints: queue and wire heads and tails, ready flag, header streak. */
    private final int[] ints;
    /** Per port, {@value #N} longs: queued bytes, busy-until time, then the stored counters. */
    private final long[] longs;

    private final boolean[] linkDown;
    private final double[] linkDropProbability;
    private final double[] linkBitErrorRate;
    private final int[] linkFlaps;
    private final long[] linkRng;
    private final long[] switchRng;

    private final long[] planeTrimmed;
    private final long[] planeDropped;
    /** Bytes each port's wire lost (link down, gray, CRC), for the facing port's RX bytes; off the hot path. */
    private final long[] wireDroppedBytes;
    private final long[] planeDeliveredBytes;
    private long dataSent;
    private long dataDelivered;
    private long dataTrimmed;
    private long dataDropped;
    private long dataLive;

    public Network(Topology topo, FabricConfig config, boolean trimming, Engine engine, PacketPool pool, long seed) {
        this.topo = topo;
        this.engine = engine;
        this.pool = pool;
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
        int ports = topo.portCount;
        ints = new int[ports * IS];
        for (int port = 0; port < ports; port++) {
            Arrays.fill(ints, port * IS, port * IS + READY, -1);
        }
        longs = new long[ports * N];
        int links = topo.linkCount;
        linkDown = new boolean[links];
        linkDropProbability = new double[links];
        linkBitErrorRate = new double[links];
        linkFlaps = new int[links];
        linkRng = new long[links];
        for (int l = 0; l < links; l++) {
            linkRng[l] = Rng.seed(seed, 2, l);
        }
        switchRng = new long[topo.switches];
        for (int s = 0; s < topo.switches; s++) {
            switchRng[s] = Rng.seed(seed, 1, s);
        }
        planeTrimmed = new long[topo.planes];
        planeDropped = new long[topo.planes];
        wireDroppedBytes = new long[topo.portCount];
        planeDeliveredBytes = new long[topo.planes];
        engine.register(EventKind.PORT_READY, (port, arg) -> portReady(port));
        engine.register(EventKind.WIRE_ARRIVAL, (port, arg) -> wireArrival(port));
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
        return pool;
    }

    public Topology topology() {
        return topo;
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

    /** Queues packet {@code p} on the NIC port of {@code host} for {@code plane}. */
    public void sendFromHost(int host, int plane, int p) {
        if (pool.kind[p] == PacketPool.DATA) {
            dataSent++;
            dataLive++;
        }
        pool.hop[p] = 0;
        enqueue(topo.hostPort(host, plane), p);
    }

    /** Data bytes waiting in the NIC port of {@code host} on {@code plane}; {@code Long.MAX_VALUE} when its link is down. */
    public long hostQueueBytes(int host, int plane) {
        int port = topo.hostPort(host, plane);
        return linkDown[topo.portLink(port)] ? Long.MAX_VALUE : longs[port * N + DATA_BYTES];
    }

    // ---- queues

    private void enqueue(int port, int p) {
        PacketPool pk = pool;
        int size = pk.wireBytes[p];
        boolean hostPort = port < topo.t0PortBase;
        if (pk.kind[p] == PacketPool.DATA && (pk.flags[p] & PacketPool.FLAG_TRIMMED) == 0) {
            long queued = longs[port * N + DATA_BYTES] + size;
            if (hostPort || queued <= dataLimit) {
                pk.next[p] = -1;
                if (ints[port * IS + DATA_TAIL] < 0) {
                    ints[port * IS + DATA_HEAD] = p;
                } else {
                    pk.next[ints[port * IS + DATA_TAIL]] = p;
                }
                ints[port * IS + DATA_TAIL] = p;
                longs[port * N + DATA_BYTES] = queued;
                int c = port * N + DATA_MAX;
                if (queued > longs[c]) {
                    longs[c] = queued;
                }
                kick(port);
                return;
            }
            if (!trimming) {
                drop(port, p, DROP_CONGESTION);
                return;
            }
            trim(port, p);
            size = pk.wireBytes[p];
        }
        long queued = longs[port * N + HEADER_BYTES] + size;
        if (!hostPort && queued > headerLimit) {
            drop(port, p, (pk.flags[p] & PacketPool.FLAG_TRIMMED) != 0 ? TRIMMED_THEN_DROPPED : DROP_CONGESTION);
            return;
        }
        pk.next[p] = -1;
        if (ints[port * IS + HEADER_TAIL] < 0) {
            ints[port * IS + HEADER_HEAD] = p;
        } else {
            pk.next[ints[port * IS + HEADER_TAIL]] = p;
        }
        ints[port * IS + HEADER_TAIL] = p;
        longs[port * N + HEADER_BYTES] = queued;
        int c = port * N + HEADER_MAX;
        if (queued > longs[c]) {
            longs[c] = queued;
        }
        kick(port);
    }

    private void trim(int port, int p) {
        PacketPool pk = pool;
        byte f = (byte) (pk.flags[p] | PacketPool.FLAG_TRIMMED);
        if (topo.isLastHopPort(port)) {
            f |= PacketPool.FLAG_LAST_HOP;
        }
        pk.flags[p] = f;
        pk.wireBytes[p] = headerBytes;
        longs[port * N + TRIMMED]++;
        dataTrimmed++;
        dataLive--;
        planeTrimmed[topo.portPlane(port)]++;
    }

    private void kick(int port) {
        if ((ints[port * IS + READY] != 0)) {
            return;
        }
        long now = engine.now();
        if (longs[port * N + BUSY_UNTIL] <= now) {
            transmitNext(port);
        } else {
            ints[port * IS + READY] = 1;
            engine.schedule(longs[port * N + BUSY_UNTIL], EventKind.PORT_READY, port, 0);
        }
    }

    private void portReady(int port) {
        ints[port * IS + READY] = 0;
        if (ints[port * IS + DATA_HEAD] >= 0 || ints[port * IS + HEADER_HEAD] >= 0) {
            transmitNext(port);
        }
    }

    private void transmitNext(int port) {
        PacketPool pk = pool;
        int p;
        boolean data;
        int h = ints[port * IS + HEADER_HEAD];
        int d = ints[port * IS + DATA_HEAD];
        if (h >= 0 && (d < 0 || ints[port * IS + STREAK] < headerBurst)) {
            p = h;
            ints[port * IS + HEADER_HEAD] = pk.next[p];
            if (pk.next[p] < 0) {
                ints[port * IS + HEADER_TAIL] = -1;
            }
            longs[port * N + HEADER_BYTES] -= pk.wireBytes[p];
            if (d >= 0) {
                ints[port * IS + STREAK]++;
            }
            data = false;
        } else {
            p = d;
            ints[port * IS + DATA_HEAD] = pk.next[p];
            if (pk.next[p] < 0) {
                ints[port * IS + DATA_TAIL] = -1;
            }
            long depth = longs[port * N + DATA_BYTES];
            longs[port * N + DATA_BYTES] = depth - pk.wireBytes[p];
            ints[port * IS + STREAK] = 0;
            data = true;
            if (depth > ecnMin && port >= topo.t0PortBase) {
                markEcn(port, p, depth);
            }
        }
        long now = engine.now();
        int size = pk.wireBytes[p];
        long end = now + (long) (size * psPerByte + 0.5);
        longs[port * N + BUSY_UNTIL] = end;
        int base = port * N;
        longs[base + TX_PACKETS]++;
        longs[base + TX_BYTES] += size;
        if (data && port < topo.t0PortBase) {
            sink.transmitted(p);
        }
        int link = topo.portLink(port);
        if (linkDown[link]) {
            drop(port, p, DROP_LINK_DOWN);
        } else {
            int peer = topo.portPeer(port);
            long arrival = end + linkDelayPs + (peer >= topo.hosts ? switchLatencyPs : 0);
            pk.next[p] = -1;
            if (ints[port * IS + WIRE_TAIL] < 0) {
                ints[port * IS + WIRE_HEAD] = p;
            } else {
                pk.next[ints[port * IS + WIRE_TAIL]] = p;
            }
            ints[port * IS + WIRE_TAIL] = p;
            // One event per packet: its delay is constant for full packets and headers, so it
            // lands in a FIFO lane of the engine; arrivals on a wire are in order.
            engine.schedule(arrival, EventKind.WIRE_ARRIVAL, port, 0);
        }
        if (ints[port * IS + DATA_HEAD] >= 0 || ints[port * IS + HEADER_HEAD] >= 0) {
            ints[port * IS + READY] = 1;
            engine.schedule(end, EventKind.PORT_READY, port, 0);
        }
    }

    private void markEcn(int port, int p, long depth) {
        boolean mark;
        if (depth >= ecnMax) {
            mark = true;
        } else {
            double probability = (double) (depth - ecnMin) / (ecnMax - ecnMin);
            int sw = topo.portOwner(port) - topo.hosts;
            mark = Rng.nextDouble(switchRng, sw) < probability;
        }
        if (mark) {
            pool.flags[p] |= PacketPool.FLAG_ECN;
            longs[port * N + ECN_MARKED]++;
        }
    }

    // ---- wires

    private void wireArrival(int port) {
        PacketPool pk = pool;
        int p = ints[port * IS + WIRE_HEAD];
        int following = pk.next[p];
        ints[port * IS + WIRE_HEAD] = following;
        if (following < 0) {
            ints[port * IS + WIRE_TAIL] = -1;
        }
        int link = topo.portLink(port);
        if (linkDown[link]) {
            drop(port, p, DROP_LINK_DOWN);
            return;
        }
        double gray = linkDropProbability[link];
        if (gray > 0 && Rng.nextDouble(linkRng, link) < gray) {
            drop(port, p, DROP_GRAY);
            return;
        }
        double ber = linkBitErrorRate[link];
        if (ber > 0 && Rng.nextDouble(linkRng, link) < -Math.expm1(8.0 * pk.wireBytes[p] * Math.log1p(-ber))) {
            drop(port, p, DROP_CRC);
            return;
        }
        int node = topo.portPeer(port);
        if (node < topo.hosts) {
            if (pk.kind[p] == PacketPool.DATA && (pk.flags[p] & PacketPool.FLAG_TRIMMED) == 0) {
                dataDelivered++;
                dataLive--;
                planeDeliveredBytes[topo.portPlane(port)] += pk.payloadBytes[p];
            }
            sink.deliver(node, topo.portPlane(port), p);
            return;
        }
        int sw = node - topo.hosts;
        int hop = pk.hop[p];
        int usid = (int) ((pk.route[p] >>> (USID_BITS * hop)) & USID_MASK);
        pk.hop[p] = (byte) (hop + 1);
        if (usid >= topo.switchPortCount(sw)) {
            drop(port, p, DROP_NO_ROUTE);
            return;
        }
        enqueue(topo.switchFirstPort(sw) + usid, p);
    }

    private void drop(int port, int p, int counter) {
        longs[port * N + counter]++;
        if (counter == DROP_LINK_DOWN || counter == DROP_GRAY || counter == DROP_CRC) {
            wireDroppedBytes[port] += pool.wireBytes[p];
        }
        if (pool.kind[p] == PacketPool.DATA && (pool.flags[p] & PacketPool.FLAG_TRIMMED) == 0) {
            dataDropped++;
            dataLive--;
            planeDropped[topo.portPlane(port)]++;
        }
        pool.release(p);
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
            flushQueues(topo.linkLowerPort(link));
            flushQueues(topo.linkUpperPort(link));
        }
        linkListener.linkChanged(link, up);
    }

    /**
     * A port whose link died drops what it holds (switches do not reroute). A host NIC hands its
     * queued data to the dead link: for the sender that counts as sent, so its loss timer runs.
     */
    private void flushQueues(int port) {
        PacketPool pk = pool;
        boolean hostPort = port < topo.t0PortBase;
        for (int p = ints[port * IS + DATA_HEAD]; p >= 0; ) {
            int following = pk.next[p];
            if (hostPort) {
                sink.transmitted(p);
            }
            drop(port, p, DROP_LINK_DOWN);
            p = following;
        }
        for (int p = ints[port * IS + HEADER_HEAD]; p >= 0; ) {
            int following = pk.next[p];
            drop(port, p, DROP_LINK_DOWN);
            p = following;
        }
        ints[port * IS + DATA_HEAD] = ints[port * IS + DATA_TAIL] = ints[port * IS + HEADER_HEAD] = ints[port * IS + HEADER_TAIL] = -1;
        longs[port * N + DATA_BYTES] = 0;
        longs[port * N + HEADER_BYTES] = 0;
    }

    public void setLinkDropProbability(int link, double probability) {
        linkDropProbability[link] = probability;
    }

    public void setLinkBitErrorRate(int link, double ber) {
        linkBitErrorRate[link] = ber;
    }

    public int linkFlaps(int link) {
        return linkFlaps[link];
    }

    // ---- counters

    public long portCounter(int port, PortCounter which) {
        return switch (which) {
            case DATA_QUEUE_BYTES -> longs[port * N + DATA_BYTES];
            case HEADER_QUEUE_BYTES -> longs[port * N + HEADER_BYTES];
            case OPER_UP -> linkDown[topo.portLink(port)] ? 0 : 1;
            case FLAPS -> linkFlaps[topo.portLink(port)];
            case RX_PACKETS -> {
                int from = topo.facingPort(port) * N;
                yield longs[from + TX_PACKETS] - longs[from + DROP_LINK_DOWN] - longs[from + DROP_GRAY] - longs[from + DROP_CRC];
            }
            case RX_BYTES -> longs[topo.facingPort(port) * N + TX_BYTES] - wireDroppedBytes[topo.facingPort(port)];
            default -> longs[port * N + COUNTERS + which.ordinal()];
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

    public long dataDropped() {
        return dataDropped;
    }

    /** Untrimmed data packets still in a queue or on a wire. */
    public long dataInFlight() {
        return dataLive;
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
