package org.planewatch.console.state;

/**
 * Where the views get the fabric from. Live ingest and replay (a recording driven by a replay
 * clock) both implement it; the UI only ever asks for the newest snapshot, once per frame.
 */
public interface SnapshotSource {
    FabricSnapshot latest();

    AlarmThresholds thresholds();

    /** Takes effect at the next publication; safe from any thread. */
    void setThresholds(AlarmThresholds thresholds);
}
