package org.planewatch.sim.telemetry;

import org.planewatch.sim.transport.ExclusionEvent;

/** Subscriber to EV transitions; called on the simulation thread, so hand events over, don't block. */
@FunctionalInterface
public interface ExclusionListener {
    void onExclusion(ExclusionEvent event);
}
