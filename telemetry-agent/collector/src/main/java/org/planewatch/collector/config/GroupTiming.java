package org.planewatch.collector.config;

import java.time.Duration;

/**
 * How fast the consumer group notices a collector that died. A collector that stops heartbeating
 * is dropped after {@code sessionTimeout}; the survivors rejoin within one poll ({@code
 * pollInterval}), take its partitions and subscribe to its targets within a few seconds more. The
 * defaults (10 s, heartbeats every 3 s) keep a takeover well inside 30 s (docs/scale.md) and stay
 * within a broker's default bounds (group.min.session.timeout.ms = 6 s).
 */
public record GroupTiming(Duration sessionTimeout, Duration heartbeatInterval, Duration pollInterval) {
    public GroupTiming {
        if (sessionTimeout.compareTo(Duration.ofSeconds(6)) < 0
                || sessionTimeout.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException("session timeout must be 6 s..5 min (a broker's default bounds), got "
                    + sessionTimeout.toMillis() + " ms");
        }
        if (heartbeatInterval.isNegative()
                || heartbeatInterval.isZero()
                || heartbeatInterval.multipliedBy(3).compareTo(sessionTimeout) > 0) {
            throw new IllegalArgumentException("heartbeat interval must be positive and at most a third of the session"
                    + " timeout (" + sessionTimeout.toMillis() + " ms), got " + heartbeatInterval.toMillis() + " ms");
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("poll interval must be positive, got " + pollInterval);
        }
    }

    public static GroupTiming defaults() {
        return new GroupTiming(Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofMillis(500));
    }
}
