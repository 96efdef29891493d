package org.planewatch.agent.backend;

import java.time.Instant;

/** Source of collection timestamps: wall-clock nanoseconds since the Unix epoch, for every back end (ADR 0096). */
@FunctionalInterface
public interface TelemetryClock {

    /** Nanoseconds since the epoch. */
    long nowNs();

    /** A date for every sample of a real device: wall time on purpose, injected where it is used. */
    static TelemetryClock system() {
        return () -> {
            Instant now = Instant.now();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        };
    }
}
