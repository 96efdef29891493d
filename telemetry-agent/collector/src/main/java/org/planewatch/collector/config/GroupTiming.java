package org.planewatch.collector.config;

import java.time.Duration;

/**
 * How fast the consumer groups notice a collector that died. A collector that stops heartbeating
 * is dropped from the targets' group after {@code sessionTimeout}; the survivors rejoin within one
 * poll ({@code pollInterval}), take its partitions and subscribe to its targets within a few seconds
 * more. The defaults (10 s, heartbeats every 3 s) keep a takeover well inside 30 s (docs/scale.md)
 * and stay within a broker's default bounds (group.min.session.timeout.ms = 6 s).
 *
 * <p>The rollups' per-device tasks wait longer, {@code rollupSessionTimeout}: they hold a model of
 * every device of their partitions, which a survivor rebuilds in its own heap, while a subscription
 * costs little to move. A collector that crashes and is restarted (its service restarts it within
 * seconds) finds its tasks where it left them; one gone for good has them moved after this timeout
 * (ADR 0151).
 */
public record GroupTiming(
        Duration sessionTimeout, Duration heartbeatInterval, Duration pollInterval, Duration rollupSessionTimeout) {
    /** The per-device rollup tasks' default wait for a silent collector: a restart's time, with margin. */
    private static final Duration ROLLUP_SESSION_TIMEOUT = Duration.ofSeconds(60);

    public GroupTiming {
        checkSession("session timeout", sessionTimeout);
        checkSession("rollup session timeout", rollupSessionTimeout);
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

    private static void checkSession(String what, Duration timeout) {
        if (timeout.compareTo(Duration.ofSeconds(6)) < 0 || timeout.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException(
                    what + " must be 6 s..5 min (a broker's default bounds), got " + timeout.toMillis() + " ms");
        }
    }

    public static GroupTiming defaults() {
        return new GroupTiming(
                Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofMillis(500), ROLLUP_SESSION_TIMEOUT);
    }
}
