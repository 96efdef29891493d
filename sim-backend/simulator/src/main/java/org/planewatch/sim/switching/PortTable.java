package org.planewatch.sim.switching;

import java.util.Arrays;

/**
 * The state of every egress port, array-of-structs so that what one packet operation touches
 * shares a cache line or two: per port {@value #INTS_PER_PORT} ints (heads and tails of the data
 * queue, the header queue and the wire, the pending-ready flag, the header streak) and
 * {@value #LONGS_PER_PORT} longs (bytes in each queue, busy-until time, then the stored
 * {@link PortCounter}s). Callers name what they read and write; only this class knows the offsets
 * (a flyweight over two arrays, in the manner of Agrona's). Queues and wires chain packets through
 * {@link PacketPool#next}.
 */
final class PortTable {
    private static final int INTS_PER_PORT = 8;
    private static final int DATA_HEAD = 0;
    private static final int DATA_TAIL = 1;
    private static final int HEADER_HEAD = 2;
    private static final int HEADER_TAIL = 3;
    private static final int WIRE_HEAD = 4;
    private static final int WIRE_TAIL = 5;
    private static final int READY_PENDING = 6;
    private static final int HEADER_STREAK = 7;

    private static final int DATA_BYTES = 0;
    private static final int HEADER_BYTES = 1;
    private static final int BUSY_UNTIL = 2;
    private static final int COUNTERS = 3;
    private static final int LONGS_PER_PORT = COUNTERS + PortCounter.STORED;
    private static final int TX_PACKETS = COUNTERS + PortCounter.TX_PACKETS.ordinal();
    private static final int TX_BYTES = COUNTERS + PortCounter.TX_BYTES.ordinal();
    private static final int DATA_MAX = COUNTERS + PortCounter.DATA_QUEUE_MAX_BYTES.ordinal();
    private static final int HEADER_MAX = COUNTERS + PortCounter.HEADER_QUEUE_MAX_BYTES.ordinal();
    private static final int ECN_MARKED = COUNTERS + PortCounter.ECN_MARKED.ordinal();
    private static final int TRIMMED = COUNTERS + PortCounter.TRIMMED.ordinal();

    /** Why a port dropped a packet: the counter it adds to (see {@link #countDrop}). */
    static final int DROP_CONGESTION = COUNTERS + PortCounter.DROP_CONGESTION.ordinal();

    static final int TRIMMED_THEN_DROPPED = COUNTERS + PortCounter.TRIMMED_THEN_DROPPED.ordinal();
    static final int DROP_LINK_DOWN = COUNTERS + PortCounter.DROP_LINK_DOWN.ordinal();
    static final int DROP_CRC = COUNTERS + PortCounter.DROP_CRC.ordinal();
    static final int DROP_GRAY = COUNTERS + PortCounter.DROP_GRAY.ordinal();
    static final int DROP_NO_ROUTE = COUNTERS + PortCounter.DROP_NO_ROUTE.ordinal();

    /** The drop causes are consecutive, from {@link #TRIMMED_THEN_DROPPED} to {@link #DROP_NO_ROUTE}. */
    static final int FIRST_DROP_CAUSE = TRIMMED_THEN_DROPPED;

    static final int DROP_CAUSES = DROP_NO_ROUTE - TRIMMED_THEN_DROPPED + 1;

    /** Index of drop cause {@code which} among the {@link #DROP_CAUSES}, from 0. */
    static int dropCauseIndex(PortCounter which) {
        int slot = COUNTERS + which.ordinal();
        if (slot < FIRST_DROP_CAUSE || slot > DROP_NO_ROUTE) {
            throw new IllegalArgumentException(which + " is not a drop cause: " + PortCounter.TRIMMED_THEN_DROPPED
                    + " to " + PortCounter.DROP_NO_ROUTE + " are");
        }
        return slot - FIRST_DROP_CAUSE;
    }

    private static final int NONE = -1;

    private final PacketPool packets;
    private final int[] ints;
    private final long[] longs;

    PortTable(int ports, PacketPool packets) {
        this.packets = packets;
        this.ints = new int[ports * INTS_PER_PORT];
        for (int port = 0; port < ports; port++) {
            // Queues and wire empty; no ready event pending, no header streak.
            Arrays.fill(ints, port * INTS_PER_PORT, port * INTS_PER_PORT + READY_PENDING, NONE);
        }
        this.longs = new long[ports * LONGS_PER_PORT];
    }

    // ---- the data and header queues

    long dataBytes(int port) {
        return longs[port * LONGS_PER_PORT + DATA_BYTES];
    }

    long headerBytes(int port) {
        return longs[port * LONGS_PER_PORT + HEADER_BYTES];
    }

    boolean hasData(int port) {
        return ints[port * INTS_PER_PORT + DATA_HEAD] >= 0;
    }

    boolean hasHeaders(int port) {
        return ints[port * INTS_PER_PORT + HEADER_HEAD] >= 0;
    }

    boolean hasQueued(int port) {
        return hasData(port) || hasHeaders(port);
    }

    /** First packet of the data queue, or -1; the rest follow through {@link PacketPool#next}. */
    int firstData(int port) {
        return ints[port * INTS_PER_PORT + DATA_HEAD];
    }

    /** First packet of the header queue, or -1. */
    int firstHeader(int port) {
        return ints[port * INTS_PER_PORT + HEADER_HEAD];
    }

    /** Appends {@code packet} to the data queue, which then holds {@code queuedBytes}. */
    void enqueueData(int port, int packet, long queuedBytes) {
        append(port * INTS_PER_PORT + DATA_HEAD, port * INTS_PER_PORT + DATA_TAIL, packet);
        setQueueBytes(port * LONGS_PER_PORT + DATA_BYTES, port * LONGS_PER_PORT + DATA_MAX, queuedBytes);
    }

    /** Appends {@code packet} to the header queue, which then holds {@code queuedBytes}. */
    void enqueueHeader(int port, int packet, long queuedBytes) {
        append(port * INTS_PER_PORT + HEADER_HEAD, port * INTS_PER_PORT + HEADER_TAIL, packet);
        setQueueBytes(port * LONGS_PER_PORT + HEADER_BYTES, port * LONGS_PER_PORT + HEADER_MAX, queuedBytes);
    }

    int dequeueData(int port) {
        int packet = removeFirst(port * INTS_PER_PORT + DATA_HEAD, port * INTS_PER_PORT + DATA_TAIL);
        longs[port * LONGS_PER_PORT + DATA_BYTES] -= packets.wireBytes[packet];
        return packet;
    }

    int dequeueHeader(int port) {
        int packet = removeFirst(port * INTS_PER_PORT + HEADER_HEAD, port * INTS_PER_PORT + HEADER_TAIL);
        longs[port * LONGS_PER_PORT + HEADER_BYTES] -= packets.wireBytes[packet];
        return packet;
    }

    /** Forgets both queues (their packets were dropped). */
    void clearQueues(int port) {
        int base = port * INTS_PER_PORT;
        ints[base + DATA_HEAD] = ints[base + DATA_TAIL] = ints[base + HEADER_HEAD] = ints[base + HEADER_TAIL] = NONE;
        longs[port * LONGS_PER_PORT + DATA_BYTES] = 0;
        longs[port * LONGS_PER_PORT + HEADER_BYTES] = 0;
    }

    /** Header packets sent in a row while data waited. */
    int headerStreak(int port) {
        return ints[port * INTS_PER_PORT + HEADER_STREAK];
    }

    void extendHeaderStreak(int port) {
        ints[port * INTS_PER_PORT + HEADER_STREAK]++;
    }

    void endHeaderStreak(int port) {
        ints[port * INTS_PER_PORT + HEADER_STREAK] = 0;
    }

    // ---- the transmitter

    /** Whether a ready event of the port is pending (at most one is). */
    boolean readyPending(int port) {
        return ints[port * INTS_PER_PORT + READY_PENDING] != 0;
    }

    void setReadyPending(int port, boolean pending) {
        ints[port * INTS_PER_PORT + READY_PENDING] = pending ? 1 : 0;
    }

    /** When the packet being serialised ends. */
    long busyUntil(int port) {
        return longs[port * LONGS_PER_PORT + BUSY_UNTIL];
    }

    void setBusyUntil(int port, long timePs) {
        longs[port * LONGS_PER_PORT + BUSY_UNTIL] = timePs;
    }

    // ---- the wire: packets in flight to the far end, in order

    void putOnWire(int port, int packet) {
        append(port * INTS_PER_PORT + WIRE_HEAD, port * INTS_PER_PORT + WIRE_TAIL, packet);
    }

    /** First (oldest) packet on the wire, or -1; the rest follow through {@link PacketPool#next}. */
    int firstOnWire(int port) {
        return ints[port * INTS_PER_PORT + WIRE_HEAD];
    }

    int takeFromWire(int port) {
        return removeFirst(port * INTS_PER_PORT + WIRE_HEAD, port * INTS_PER_PORT + WIRE_TAIL);
    }

    // ---- counters

    void countTransmission(int port, int wireBytes) {
        int base = port * LONGS_PER_PORT;
        longs[base + TX_PACKETS]++;
        longs[base + TX_BYTES] += wireBytes;
    }

    void countEcnMarked(int port) {
        longs[port * LONGS_PER_PORT + ECN_MARKED]++;
    }

    void countTrimmed(int port) {
        longs[port * LONGS_PER_PORT + TRIMMED]++;
    }

    /** {@code cause} is one of the {@code DROP_*} constants or {@link #TRIMMED_THEN_DROPPED}. */
    void countDrop(int port, int cause) {
        longs[port * LONGS_PER_PORT + cause]++;
    }

    /** A counter this table stores (not {@link PortCounter#OPER_UP}, {@link PortCounter#FLAPS} or the RX ones). */
    long storedCounter(int port, PortCounter which) {
        return switch (which) {
            case DATA_QUEUE_BYTES -> dataBytes(port);
            case HEADER_QUEUE_BYTES -> headerBytes(port);
            default -> longs[port * LONGS_PER_PORT + COUNTERS + which.ordinal()];
        };
    }

    private void append(int headSlot, int tailSlot, int packet) {
        int[] next = packets.next;
        next[packet] = NONE;
        if (ints[tailSlot] < 0) {
            ints[headSlot] = packet;
        } else {
            next[ints[tailSlot]] = packet;
        }
        ints[tailSlot] = packet;
    }

    private int removeFirst(int headSlot, int tailSlot) {
        int packet = ints[headSlot];
        int following = packets.next[packet];
        ints[headSlot] = following;
        if (following < 0) {
            ints[tailSlot] = NONE;
        }
        return packet;
    }

    private void setQueueBytes(int bytesSlot, int maxSlot, long queuedBytes) {
        longs[bytesSlot] = queuedBytes;
        if (queuedBytes > longs[maxSlot]) {
            longs[maxSlot] = queuedBytes;
        }
    }
}
