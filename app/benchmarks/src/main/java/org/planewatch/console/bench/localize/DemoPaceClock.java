package org.planewatch.console.bench.localize;

import java.time.Instant;
import java.time.InstantSource;
import java.util.function.LongSupplier;

/**
 * The console's clock as it would read had the simulation run at the demo's pace (dilation 1000:
 * one simulated millisecond per wall second), from the simulator's own time. The localization's
 * half-life (5 s of the store's clock) then spans 5 simulated ms whether or not a loaded machine
 * keeps the simulation at its pace: a lagging simulation would otherwise age the evidence by wall
 * seconds in which little simulated time passed.
 */
final class DemoPaceClock implements InstantSource {
    static final long DEMO_DILATION = 1000;

    private final long originEpochNanos;
    private final LongSupplier simulatedNowNs;

    DemoPaceClock(long originEpochNanos, LongSupplier simulatedNowNs) {
        this.originEpochNanos = originEpochNanos;
        this.simulatedNowNs = simulatedNowNs;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochSecond(0, originEpochNanos + simulatedNowNs.getAsLong() * DEMO_DILATION);
    }
}
