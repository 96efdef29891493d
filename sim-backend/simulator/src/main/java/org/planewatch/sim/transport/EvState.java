package org.planewatch.sim.transport;

/** States of an entropy value (names from mrc_ctl.h). */
public enum EvState {
    GOOD,
    /** The NIC decided the path lost a packet; probes may re-admit it. */
    ASSUMED_BAD,
    /** An operator or the fabric controller excluded it. */
    DENIED,
    /**
     * The NIC has no verdict on the path: it was retired, its probe back-off reached the cap
     * ({@code probeMaxNs}) and no probe was answered since (reason probe-timeout). Still out of
     * service and probed at the cap; an answered probe makes it GOOD (probe-ok).
     */
    UNKNOWN
}
