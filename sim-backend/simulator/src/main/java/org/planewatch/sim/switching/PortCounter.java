package org.planewatch.sim.switching;

/**
 * Counters of one egress port and its two queues (spec section 7). Host NIC ports use the same
 * set: their TX counters are the NIC port's, the RX side is the facing T0 port's TX.
 */
public enum PortCounter {
    TX_PACKETS,
    TX_BYTES,
    DATA_QUEUE_BYTES,
    DATA_QUEUE_MAX_BYTES,
    HEADER_QUEUE_BYTES,
    HEADER_QUEUE_MAX_BYTES,
    ECN_MARKED,
    TRIMMED,
    TRIMMED_THEN_DROPPED,
    DROP_CONGESTION,
    DROP_LINK_DOWN,
    DROP_CRC,
    /** Silent drops of a gray link (a real switch would not see them; the model does). */
    DROP_GRAY,
    DROP_NO_ROUTE,
    /** 1 when the port's link is up, else 0. */
    OPER_UP,
    /** Times the port's link went down. */
    FLAPS,
    /**
     * Packets received: what the facing port sent less what its wire dropped (link down, gray, CRC).
     * Packets still on the wire (one link delay's worth) already count.
     */
    RX_PACKETS,
    /** Bytes received, on the wire's terms like {@link #TX_BYTES}; see {@link #RX_PACKETS}. */
    RX_BYTES;

    /** Counters stored per port; the others are derived on read. */
    static final int STORED = 14;
}
