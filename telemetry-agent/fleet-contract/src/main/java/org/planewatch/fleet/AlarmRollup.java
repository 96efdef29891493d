package org.planewatch.fleet;

/**
 * An active alarm, the value of {@code planewatch.rollup.alarms} (docs/scale.md), keyed by {@link
 * #key}; a tombstone when it clears.
 *
 * @param kind {@code PLANE_HEALTH}, {@code TRIM_RATE}, {@code LINKS_DOWN}, {@code LINK_DOWN} or {@code SUSPECT}
 * @param subject what it is about: "plane 3", a link or a switch name
 * @param severity {@code WARNING}, {@code MAJOR} or {@code CRITICAL}
 */
public record AlarmRollup(
        String key, String kind, String subject, int plane, String severity, String message, long raisedAtMillis) {}
