package org.planewatch.sim.config;

import org.planewatch.sim.input.Echo;

/** How hosts move data through the fabric. */
public enum TransportMode {
    /** Multipath Reliable Connection: per-packet spraying over many EVs on every plane, trimming. */
    MRC,
    /** Ultra Ethernet reference setup (htsim's): NSCC, spraying over EVs, trimming, one plane. */
    UEC,
    /** Baseline: one hashed path per QP, drop-tail, timeout recovery, routing reconvergence. */
    ECMP;

    public static TransportMode parse(String text) {
        for (TransportMode mode : values()) {
            if (mode.name().equalsIgnoreCase(text)) {
                return mode;
            }
        }
        throw new IllegalArgumentException(
                "unknown transport mode " + Echo.quoted(text) + " (expected mrc, uec or ecmp)");
    }
}
