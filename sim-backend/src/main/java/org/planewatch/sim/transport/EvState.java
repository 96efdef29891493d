package org.planewatch.sim.transport;

/** States of an entropy value (names from mrc_ctl.h). */
public enum EvState {
    GOOD,
    /** The NIC decided the path lost a packet; probes may re-admit it. */
    ASSUMED_BAD,
    /** An operator or the fabric controller excluded it. */
    DENIED,
    UNKNOWN
}
