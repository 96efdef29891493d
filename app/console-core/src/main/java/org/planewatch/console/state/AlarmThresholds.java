package org.planewatch.console.state;

import java.time.Duration;

/**
 * Operator-editable alarm thresholds.
 *
 * @param minPlaneHealth raise when a plane's share of GOOD EVs falls below this (0..1)
 * @param maxPlaneTrimRate raise when a plane trims more packets per second than this
 * @param maxLinksDown raise when a plane has more links down than this
 * @param alarmOnStale raise a warning for STALE targets (LOST always raises)
 * @param minActiveGuardWindow a MIN_ACTIVE_GUARD decision keeps its alarm up this long
 * @param clearAfter a condition must be gone this long before its alarm clears (no flapping)
 */
public record AlarmThresholds(
        double minPlaneHealth,
        double maxPlaneTrimRate,
        int maxLinksDown,
        boolean alarmOnStale,
        Duration minActiveGuardWindow,
        Duration clearAfter) {

    public AlarmThresholds {
        if (!(minPlaneHealth >= 0 && minPlaneHealth <= 1)) {
            throw new IllegalArgumentException("plane health threshold must be within 0..1, got " + minPlaneHealth);
        }
        if (!(maxPlaneTrimRate >= 0)) {
            throw new IllegalArgumentException("trim rate threshold must be >= 0, got " + maxPlaneTrimRate);
        }
        if (maxLinksDown < 0) {
            throw new IllegalArgumentException("links-down threshold must be >= 0, got " + maxLinksDown);
        }
        if (minActiveGuardWindow.isNegative() || clearAfter.isNegative()) {
            throw new IllegalArgumentException("alarm windows must not be negative");
        }
    }

    /** Below this a plane's health alarm is CRITICAL, not MAJOR: 5 points under the threshold. */
    public double criticalPlaneHealth() {
        return minPlaneHealth - 0.05;
    }

    public static AlarmThresholds defaults() {
        return new AlarmThresholds(0.97, 5_000_000, 0, true, Duration.ofSeconds(30), Duration.ofSeconds(2));
    }

    public AlarmThresholds withMinPlaneHealth(double value) {
        return new AlarmThresholds(
                value, maxPlaneTrimRate, maxLinksDown, alarmOnStale, minActiveGuardWindow, clearAfter);
    }

    public AlarmThresholds withMaxPlaneTrimRate(double value) {
        return new AlarmThresholds(minPlaneHealth, value, maxLinksDown, alarmOnStale, minActiveGuardWindow, clearAfter);
    }

    public AlarmThresholds withMaxLinksDown(int value) {
        return new AlarmThresholds(
                minPlaneHealth, maxPlaneTrimRate, value, alarmOnStale, minActiveGuardWindow, clearAfter);
    }

    public AlarmThresholds withClearAfter(Duration value) {
        return new AlarmThresholds(
                minPlaneHealth, maxPlaneTrimRate, maxLinksDown, alarmOnStale, minActiveGuardWindow, value);
    }
}
