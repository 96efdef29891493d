package org.planewatch.sim.transport;

/**
 * Transport counters of one NIC port (= plane) of a host (spec section 7). Packet and byte counts
 * on the wire come from the NIC port's {@code PortCounter}s; EVs in each state are counted here.
 */
public enum HostPlaneCounter {
    RX_DATA_PACKETS,
    RX_DATA_BYTES,
    RETRANSMITS_NACK,
    RETRANSMITS_SACK_GAP,
    RETRANSMITS_TIMEOUT,
    TRIMMED_RX_LAST_HOP,
    TRIMMED_RX_FABRIC,
    NACKS_SENT,
    NACKS_RECEIVED,
    ECN_ECHOES,
    PROBES_SENT,
    PROBES_ANSWERED,
    PROBES_TIMED_OUT,
    EVS_GOOD,
    EVS_ASSUMED_BAD,
    EVS_DENIED,
    EVS_UNKNOWN;

    static final int COUNT = values().length;

    static HostPlaneCounter evsIn(EvState state) {
        return values()[EVS_GOOD.ordinal() + state.ordinal()];
    }
}
