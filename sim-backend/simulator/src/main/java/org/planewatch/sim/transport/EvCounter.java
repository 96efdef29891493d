package org.planewatch.sim.transport;

/** Counters of one EV of a QP (spec section 7). */
public enum EvCounter {
    /** Ordinal of its {@link EvState}. */
    STATE,
    TIME_IN_STATE_NS,
    PACKETS_SENT,
    ECN_MARKS,
    TRIMS,
    LOSSES,
    PENALTY
}
