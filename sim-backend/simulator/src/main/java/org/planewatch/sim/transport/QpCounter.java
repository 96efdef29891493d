package org.planewatch.sim.transport;

/** Counters of one QP (spec section 7); completion time percentiles are over the last 1024 messages completed. */
public enum QpCounter {
    CWND_BYTES,
    BYTES_IN_FLIGHT,
    SMOOTHED_RTT_NS,
    MIN_RTT_NS,
    MESSAGES_POSTED,
    MESSAGES_COMPLETED,
    BYTES_DELIVERED,
    DUPLICATE_BYTES,
    COMPLETION_P50_NS,
    COMPLETION_P99_NS,
    COMPLETION_MAX_NS,
    QP_TIMEOUTS,
    /** Data packets sent, retransmissions included. */
    PACKETS_SENT,
    /** Packets sent again: after a trim NACK, a SACK gap or a loss timer. */
    RETRANSMITS,
    /** 1 once the QP timer declared the peer dead, else 0. */
    FAILED,
    /** Messages that failed with the QP (not completed at the receiver when it failed, or posted after). */
    MESSAGES_FAILED
}
