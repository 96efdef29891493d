package org.planewatch.sim.switching;

import java.util.Arrays;

/**
 * The state of every egress port, array-of-structs so that what one packet operation touches
 * shares a cache line or two: per port {@value #INTS_PER_PORT} ints (heads and tails of the data
 * queue, the header queue and the wire, the pending-ready flag, the header streak) and
 * {@value #LONGS_PER_PORT} longs (bytes in each queue, busy-until time, then the stored
 * {@link PortCounter}s), and a second row of {@value #WIRE_LONGS_PER_PORT} longs: what its wire did
 * (packets that arrived, were lost or had bit errors) and its queues' depths integrated over time,
 * touched less often than the first. Callers name what they read and write; only this class knows
 * the offsets (a flyweight over three arrays, in the manner of Agrona's). Queues and wires chain
 * packets through {@link PacketPool#next}.
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
    private static final int DATA_TX_PACKETS = COUNTERS + PortCounter.DATA_QUEUE_TX_PACKETS.ordinal();
    private static final int DATA_TX_BYTES = COUNTERS + PortCounter.DATA_QUEUE_TX_BYTES.ordinal();
    private static final int DATA_MAX = COUNTERS + PortCounter.DATA_QUEUE_MAX_BYTES.ordinal();
    private static final int HEADER_MAX = COUNTERS + PortCounter.HEADER_QUEUE_MAX_BYTES.ordinal();
    private static final int ECN_MARKED = COUNTERS + PortCounter.ECN_MARKED.ordinal();
    private static final int TRIMMED = COUNTERS + PortCounter.TRIMMED.ordinal();
    private static final int TRIMMED_SENT = COUNTERS + PortCounter.TRIMMED_SENT.ordinal();

    /** Why a port dropped a packet: the counter it adds to (see {@link #countDrop}). */
    static final int DROP_DATA_QUEUE_FULL = COUNTERS + PortCounter.DROP_DATA_QUEUE_FULL.ordinal();

    static final int DROP_HEADER_QUEUE_FULL = COUNTERS + PortCounter.DROP_HEADER_QUEUE_FULL.ordinal();
    static final int TRIMMED_THEN_DROPPED = COUNTERS + PortCounter.TRIMMED_THEN_DROPPED.ordinal();
    static final int DROP_LINK_DOWN = COUNTERS + PortCounter.DROP_LINK_DOWN.ordinal();
    static final int WIRE_NO_ROUTE = COUNTERS + PortCounter.WIRE_NO_ROUTE.ordinal();

    private static final int WIRE_LONGS_PER_PORT = PortCounter.WIRE_STORED;
    private static final int ARRIVED_PACKETS = wireSlot(PortCounter.WIRE_ARRIVED_PACKETS);
    private static final int ARRIVED_BYTES = wireSlot(PortCounter.WIRE_ARRIVED_BYTES);
    private static final int LOST_BYTES = wireSlot(PortCounter.WIRE_LOST_BYTES);
    private static final int TX_DATA_PACKETS = wireSlot(PortCounter.TX_DATA_PACKETS);
    private static final int TX_DATA_PAYLOAD = wireSlot(PortCounter.TX_DATA_PAYLOAD_BYTES);
    private static final int ARRIVED_DATA_PACKETS = wireSlot(PortCounter.WIRE_ARRIVED_DATA_PACKETS);
    private static final int ARRIVED_DATA_PAYLOAD = wireSlot(PortCounter.WIRE_ARRIVED_DATA_PAYLOAD_BYTES);
    private static final int INTEGRATED_AT = wireSlot(PortCounter.QUEUES_INTEGRATED_AT_PS);
    private static final int DATA_INTEGRAL = wireSlot(PortCounter.DATA_QUEUE_OCTET_PS);
    private static final int HEADER_INTEGRAL = wireSlot(PortCounter.HEADER_QUEUE_OCTET_PS);

    /** Packets that reached the far end with bit errors (see {@link #countArrival}). */
    static final int WIRE_CRC_ERRORS = wireSlot(PortCounter.WIRE_CRC_ERRORS);

    /** Why a wire lost a packet (see {@link #countWireLoss}). */
    static final int WIRE_LOST_GRAY = wireSlot(PortCounter.WIRE_LOST_GRAY);

    static final int WIRE_LOST_LINK_DOWN = wireSlot(PortCounter.WIRE_LOST_LINK_DOWN);

    /**
     * A port's drop causes are consecutive in its first row, from {@link #TRIMMED_THEN_DROPPED} to
     * {@link #WIRE_NO_ROUTE}; a wire's losses consecutive in its second, from {@link #WIRE_CRC_ERRORS}
     * to {@link #WIRE_LOST_LINK_DOWN}. Together they index the network's drop accounts.
     */
    static final int FIRST_DROP_CAUSE = TRIMMED_THEN_DROPPED;

    private static final int PORT_DROP_CAUSES = WIRE_NO_ROUTE - TRIMMED_THEN_DROPPED + 1;
    private static final int WIRE_LOSS_CAUSES = WIRE_LOST_LINK_DOWN - WIRE_CRC_ERRORS + 1;
    static final int DROP_CAUSES = PORT_DROP_CAUSES + WIRE_LOSS_CAUSES;

    /** Index in the drop accounts of a port's drop {@code cause} (a {@link #countDrop} cause). */
    static int dropIndex(int cause) {
        return cause - FIRST_DROP_CAUSE;
    }

    /** Index in the drop accounts of a wire's loss: {@link #WIRE_CRC_ERRORS} or a {@link #countWireLoss} cause. */
    static int wireLossIndex(int cause) {
        return PORT_DROP_CAUSES + cause - WIRE_CRC_ERRORS;
    }

    /** Index of drop cause {@code which} among the {@link #DROP_CAUSES}, from 0. */
    static int dropCauseIndex(PortCounter which) {
        int ordinal = which.ordinal();
        int portSlot = COUNTERS + ordinal;
        if (portSlot >= FIRST_DROP_CAUSE && portSlot <= WIRE_NO_ROUTE) {
            return dropIndex(portSlot);
        }
        if (ordinal >= PortCounter.STORED && ordinal < PortCounter.STORED + PortCounter.WIRE_STORED) {
            int wireSlot = wireSlot(which);
            if (wireSlot >= WIRE_CRC_ERRORS && wireSlot <= WIRE_LOST_LINK_DOWN) {
                return wireLossIndex(wireSlot);
            }
        }
        throw new IllegalArgumentException(which + " is not a drop cause: " + PortCounter.TRIMMED_THEN_DROPPED
                + " to " + PortCounter.WIRE_NO_ROUTE + " and " + PortCounter.WIRE_CRC_ERRORS + " to "
                + PortCounter.WIRE_LOST_LINK_DOWN + " are");
    }

    private static final int NONE = -1;

    private final PacketPool packets;
    private final int[] ints;
    private final long[] longs;
    private final long[] wire;

    private static int wireSlot(PortCounter which) {
        return which.ordinal() - PortCounter.STORED;
    }

    PortTable(int ports, PacketPool packets) {
        this.packets = packets;
        this.ints = new int[ports * INTS_PER_PORT];
        for (int port = 0; port < ports; port++) {
            // Queues and wire empty; no ready event pending, no header streak.
            Arrays.fill(ints, port * INTS_PER_PORT, port * INTS_PER_PORT + READY_PENDING, NONE);
        }
        this.longs = new long[ports * LONGS_PER_PORT];
        this.wire = new long[ports * WIRE_LONGS_PER_PORT];
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

    /** Appends {@code packet} to the data queue, which then holds {@code queuedBytes}, at {@code nowPs}. */
    void enqueueData(int port, int packet, long queuedBytes, long nowPs) {
        integrateQueues(port, nowPs);
        append(port * INTS_PER_PORT + DATA_HEAD, port * INTS_PER_PORT + DATA_TAIL, packet);
        setQueueBytes(port * LONGS_PER_PORT + DATA_BYTES, port * LONGS_PER_PORT + DATA_MAX, queuedBytes);
    }

    /** Appends {@code packet} to the header queue, which then holds {@code queuedBytes}, at {@code nowPs}. */
    void enqueueHeader(int port, int packet, long queuedBytes, long nowPs) {
        integrateQueues(port, nowPs);
        append(port * INTS_PER_PORT + HEADER_HEAD, port * INTS_PER_PORT + HEADER_TAIL, packet);
        setQueueBytes(port * LONGS_PER_PORT + HEADER_BYTES, port * LONGS_PER_PORT + HEADER_MAX, queuedBytes);
    }

    int dequeueData(int port, long nowPs) {
        integrateQueues(port, nowPs);
        int packet = removeFirst(port * INTS_PER_PORT + DATA_HEAD, port * INTS_PER_PORT + DATA_TAIL);
        longs[port * LONGS_PER_PORT + DATA_BYTES] -= packets.wireBytes[packet];
        return packet;
    }

    int dequeueHeader(int port, long nowPs) {
        integrateQueues(port, nowPs);
        int packet = removeFirst(port * INTS_PER_PORT + HEADER_HEAD, port * INTS_PER_PORT + HEADER_TAIL);
        longs[port * LONGS_PER_PORT + HEADER_BYTES] -= packets.wireBytes[packet];
        return packet;
    }

    /** Forgets both queues (their packets were dropped) at {@code nowPs}. */
    void clearQueues(int port, long nowPs) {
        integrateQueues(port, nowPs);
        int base = port * INTS_PER_PORT;
        ints[base + DATA_HEAD] = ints[base + DATA_TAIL] = ints[base + HEADER_HEAD] = ints[base + HEADER_TAIL] = NONE;
        longs[port * LONGS_PER_PORT + DATA_BYTES] = 0;
        longs[port * LONGS_PER_PORT + HEADER_BYTES] = 0;
    }

    /**
     * Adds each queue's depth times the time since the last change to its integral: called before
     * every change of depth, so the integral is exact (in octet-picoseconds, wrapping modulo 2^64).
     */
    private void integrateQueues(int port, long nowPs) {
        int row = port * WIRE_LONGS_PER_PORT;
        long elapsed = nowPs - wire[row + INTEGRATED_AT];
        if (elapsed != 0) {
            wire[row + DATA_INTEGRAL] += dataBytes(port) * elapsed;
            wire[row + HEADER_INTEGRAL] += headerBytes(port) * elapsed;
            wire[row + INTEGRATED_AT] = nowPs;
        }
    }

    /** A queue's depth integrated up to {@code nowPs} (see {@link PortCounter#DATA_QUEUE_OCTET_PS}). */
    long queueIntegral(int port, boolean data, long nowPs) {
        int row = port * WIRE_LONGS_PER_PORT;
        long elapsed = nowPs - wire[row + INTEGRATED_AT];
        return data
                ? wire[row + DATA_INTEGRAL] + dataBytes(port) * elapsed
                : wire[row + HEADER_INTEGRAL] + headerBytes(port) * elapsed;
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

    /** The data queue sent a packet of {@code wireBytes} carrying {@code payloadBytes} of data. */
    void countDataQueueTransmission(int port, int wireBytes, int payloadBytes) {
        int base = port * LONGS_PER_PORT;
        longs[base + DATA_TX_PACKETS]++;
        longs[base + DATA_TX_BYTES] += wireBytes;
        int row = port * WIRE_LONGS_PER_PORT;
        wire[row + TX_DATA_PACKETS]++;
        wire[row + TX_DATA_PAYLOAD] += payloadBytes;
    }

    void countTrimmedSent(int port) {
        longs[port * LONGS_PER_PORT + TRIMMED_SENT]++;
    }

    /** A packet of {@code wireBytes} reached the far end of the port's wire, with bit errors or not. */
    void countArrival(int port, int wireBytes, boolean bitErrors) {
        int row = port * WIRE_LONGS_PER_PORT;
        wire[row + ARRIVED_PACKETS]++;
        wire[row + ARRIVED_BYTES] += wireBytes;
        if (bitErrors) {
            wire[row + WIRE_CRC_ERRORS]++;
        }
    }

    /** An untrimmed data packet carrying {@code payloadBytes} reached the far end intact. */
    void countDataArrival(int port, int payloadBytes) {
        int row = port * WIRE_LONGS_PER_PORT;
        wire[row + ARRIVED_DATA_PACKETS]++;
        wire[row + ARRIVED_DATA_PAYLOAD] += payloadBytes;
    }

    /** {@code cause} is {@link #WIRE_LOST_GRAY} or {@link #WIRE_LOST_LINK_DOWN}. */
    void countWireLoss(int port, int cause, int wireBytes) {
        int row = port * WIRE_LONGS_PER_PORT;
        wire[row + cause]++;
        wire[row + LOST_BYTES] += wireBytes;
    }

    void countEcnMarked(int port) {
        longs[port * LONGS_PER_PORT + ECN_MARKED]++;
    }

    void countTrimmed(int port) {
        longs[port * LONGS_PER_PORT + TRIMMED]++;
    }

    /** {@code cause} is one of the {@code DROP_*} constants, {@link #TRIMMED_THEN_DROPPED} or {@link #WIRE_NO_ROUTE}. */
    void countDrop(int port, int cause) {
        longs[port * LONGS_PER_PORT + cause]++;
    }

    /** A counter this table stores in either row, or a queue's depth (the other derived counters are the network's). */
    long storedCounter(int port, PortCounter which) {
        int ordinal = which.ordinal();
        if (ordinal < PortCounter.STORED) {
            return longs[port * LONGS_PER_PORT + COUNTERS + ordinal];
        }
        if (ordinal < PortCounter.STORED + PortCounter.WIRE_STORED) {
            return wire[port * WIRE_LONGS_PER_PORT + ordinal - PortCounter.STORED];
        }
        return switch (which) {
            case DATA_QUEUE_BYTES -> dataBytes(port);
            case HEADER_QUEUE_BYTES -> headerBytes(port);
            default -> throw new IllegalArgumentException(which + " is derived, not stored");
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
