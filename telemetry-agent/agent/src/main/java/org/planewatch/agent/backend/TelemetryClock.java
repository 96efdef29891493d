package org.planewatch.agent.backend;

/** Source of collection timestamps: wall time for real devices, simulated time for the simulator. */
@FunctionalInterface
public interface TelemetryClock {

    /** Nanoseconds since the epoch. */
    long nowNs();

    static TelemetryClock system() {
        return () -> {
            java.time.Instant now = java.time.Instant.now();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        };
    }
}
