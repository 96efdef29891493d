package org.planewatch.sim.telemetry;

/** Plane-wide figures (spec section 7). */
public enum PlaneMetric {
    /** Bytes sent on the plane's switch ports / their capacity since the start, 0..1. */
    UTILISATION,
    /** Trimmed data packets per million data packets sent on the plane. */
    TRIM_RATE_PER_MILLION,
    /** EVs of the plane not GOOD / all EVs of the plane, 0..1. */
    EVS_OUT_OF_SERVICE_FRACTION,
    LINKS_DOWN
}
