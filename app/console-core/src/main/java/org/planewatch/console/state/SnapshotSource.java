package org.planewatch.console.state;

import java.time.Duration;

/**
 * Where the views get the fabric from. Live ingest and replay (a recording driven by a replay
 * clock) both implement it; the UI only ever asks for the newest snapshot, once per frame.
 */
public interface SnapshotSource {
    FabricSnapshot latest();

    AlarmThresholds thresholds();

    /** Takes effect at the next publication; safe from any thread. */
    void setThresholds(AlarmThresholds thresholds);

    /** Whether an operator can acknowledge alarms here: live, yes; a replay shows alarms as they were recorded. */
    default boolean acknowledgesAlarms() {
        return false;
    }

    /**
     * Acknowledges the alarm and silences its notifications for {@code silence} (zero: acknowledged
     * only); takes effect at the next publication; safe from any thread. Ignored where
     * {@link #acknowledgesAlarms()} is false.
     */
    default void acknowledge(Alarm alarm, Duration silence) {}
}
