package org.planewatch.sim.transport;

/** Receives every EV transition as it happens (on the simulation thread). */
@FunctionalInterface
public interface ExclusionSink {
    void excluded(ExclusionEvent event);
}
