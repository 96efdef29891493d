package org.planewatch.console.testing;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** A clock tests move by hand. */
public final class ManualClock implements InstantSource {
    private volatile long millis;

    public ManualClock(long startMillis) {
        this.millis = startMillis;
    }

    public void advance(Duration duration) {
        millis += duration.toMillis();
    }

    @Override
    public long millis() {
        return millis;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis);
    }
}
