package org.planewatch.sim.transport;

/** Counters of one EV of a QP (spec section 7). */
public enum EvCounter {
    /** Ordinal of its {@link EvState}. */
    STATE,
    TIME_IN_STATE_NS,
    /** Simulated time (ns since the scenario started) the EV entered its state. */
    STATE_SINCE_NS,
    PACKETS_SENT,
    ECN_MARKS,
    TRIMS,
    LOSSES,
    PENALTY
}
