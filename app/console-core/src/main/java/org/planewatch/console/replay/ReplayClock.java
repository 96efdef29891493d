package org.planewatch.console.replay;

import java.time.Instant;
import java.time.InstantSource;

/**
 * The instant a replay shows. The replay engine moves it; the telemetry store judges freshness,
 * rates and alarms against it exactly as it does against the wall clock when live.
 */
public final class ReplayClock implements InstantSource {
    private volatile long nowMillis;

    public ReplayClock(long startMillis) {
        this.nowMillis = startMillis;
    }

    @Override
    public long millis() {
        return nowMillis;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(nowMillis);
    }

    void set(long millis) {
        nowMillis = millis;
    }
}
