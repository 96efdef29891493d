package org.planewatch.sim.switching;

/** Hears of link state changes (the ECMP baseline's routing and the fabric controller react). */
@FunctionalInterface
public interface LinkStateListener {
    void linkChanged(int link, boolean up);
}
