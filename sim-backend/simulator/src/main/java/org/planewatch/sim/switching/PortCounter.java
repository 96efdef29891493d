package org.planewatch.sim.switching;

/**
 * Counters of one port (spec section 7), host NIC port or switch port, each counted where a real
 * device counts it. A port index names an egress direction; its receive counters ({@code RX_*},
 * {@code IN_*}) are the receiving side of the same interface, fed by the facing port's wire.
 *
 * <p>Packets and octets are the whole packet as the model puts it on the wire (header and payload);
 * only the {@code *_DATA_PAYLOAD_BYTES} counters count payload. The first {@value #STORED} counters
 * are stored in the port's row of the {@link PortTable}, the next {@value #WIRE_STORED} in its
 * second row (what its wire did and how its queues filled over time); the others are derived on read.
 */
public enum PortCounter {
    /** Packets that went on the wire (every kind: data, trimmed headers, ACKs, NACKs, probes). */
    TX_PACKETS,
    /** Octets of {@link #TX_PACKETS}. */
    TX_BYTES,
    /** Packets the data queue sent (untrimmed data). */
    DATA_QUEUE_TX_PACKETS,
    DATA_QUEUE_TX_BYTES,
    DATA_QUEUE_MAX_BYTES,
    HEADER_QUEUE_MAX_BYTES,
    /** Data packets the data queue marked Congestion Experienced. */
    ECN_MARKED,
    /** Data packets that did not fit the data queue and were trimmed to their header. */
    TRIMMED,
    /** Headers trimmed by this port that its header queue sent on the wire (not those trimmed upstream). */
    TRIMMED_SENT,
    /** Headers trimmed by this port that its header queue dropped (full). */
    TRIMMED_THEN_DROPPED,
    /** Data packets dropped at the tail of a full data queue (trimming off). */
    DROP_DATA_QUEUE_FULL,
    /** ACKs, NACKs, probes and headers trimmed upstream dropped because the header queue was full. */
    DROP_HEADER_QUEUE_FULL,
    /** Packets discarded at this port because its link was down: queued when it failed, or sent to it while down. */
    DROP_LINK_DOWN,
    /** Packets this port sent whose far end had no route for them (counted there as an input discard). */
    WIRE_NO_ROUTE,

    // ---- second row: the port's wire and its queues over time

    /** Packets that reached the far end of this port's wire, good or bad. */
    WIRE_ARRIVED_PACKETS,
    WIRE_ARRIVED_BYTES,
    /** Packets that reached the far end with bit errors: a bad frame check sequence there. */
    WIRE_CRC_ERRORS,
    /** Packets this port sent that its gray link lost without a trace. */
    WIRE_LOST_GRAY,
    /** Packets this port sent that were on the wire when the link went down. */
    WIRE_LOST_LINK_DOWN,
    /** Octets of {@link #WIRE_LOST_GRAY} and {@link #WIRE_LOST_LINK_DOWN}. */
    WIRE_LOST_BYTES,
    /** Untrimmed data packets this port sent, retransmissions included. */
    TX_DATA_PACKETS,
    TX_DATA_PAYLOAD_BYTES,
    /** Untrimmed data packets that reached the far end of this port's wire intact. */
    WIRE_ARRIVED_DATA_PACKETS,
    WIRE_ARRIVED_DATA_PAYLOAD_BYTES,
    /** Simulated time (ps) the queue integrals below were last brought up to date. */
    QUEUES_INTEGRATED_AT_PS,
    /**
     * Data queue depth integrated over time, in octet-picoseconds, up to now: the difference of two
     * reads over the time between them is the average depth. Wraps modulo 2^64 (compute differences
     * in unsigned arithmetic; one difference is exact below 2^64).
     */
    DATA_QUEUE_OCTET_PS,
    /** The header queue's, like {@link #DATA_QUEUE_OCTET_PS}. */
    HEADER_QUEUE_OCTET_PS,

    // ---- derived on read

    DATA_QUEUE_BYTES,
    HEADER_QUEUE_BYTES,
    /** Packets the header queue sent: trimmed headers, ACKs, NACKs, probes. */
    HEADER_QUEUE_TX_PACKETS,
    HEADER_QUEUE_TX_BYTES,
    /** 1 when the port's link is up, else 0. */
    OPER_UP,
    /** Times the port's link went down. */
    FLAPS,
    /** Times the port's link went down or came up. */
    CARRIER_TRANSITIONS,
    /**
     * Packets received, good or bad: what the facing port sent less what its wire lost (gray, link
     * down) and less what is still on the wire.
     */
    RX_PACKETS,
    /** Octets of {@link #RX_PACKETS}. */
    RX_BYTES,
    /** Received packets with a bad frame check sequence (the facing wire's bit errors). */
    IN_FCS_ERRORS,
    /** Received packets discarded without an error: no route for them. */
    IN_DISCARDS,
    /** Untrimmed data packets received intact. */
    RX_DATA_PACKETS,
    RX_DATA_PAYLOAD_BYTES;

    /** Counters stored in a port's first row. */
    static final int STORED = 14;

    /** Counters stored in a port's second row. */
    static final int WIRE_STORED = 13;
}
