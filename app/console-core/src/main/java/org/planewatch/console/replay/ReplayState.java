package org.planewatch.console.replay;

import java.util.List;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.RecordedDecision;

/**
 * The state a replay plays its events into: a telemetry store, and for a fleet recording the view
 * of its rollups around it ({@link RollupView}). The replay thread applies and publishes; any thread
 * reads {@link #latest}.
 */
final class ReplayState {
    private final TelemetryStore store;
    /** Null for a recording of agents. */
    private final RollupView rollups;

    private volatile FabricSnapshot latest;

    ReplayState(TelemetryStore store, RollupView rollups) {
        this.store = store;
        this.rollups = rollups;
        this.latest = store.latest();
    }

    void applyHistory(List<RecordedDecision> history) {
        store.applyHistory(history);
    }

    void apply(List<IngestEvent> events) {
        store.apply(events);
        if (rollups != null) {
            for (IngestEvent event : events) {
                if (event instanceof IngestEvent.Rollup rollup) {
                    rollups.take(rollup);
                }
            }
        }
    }

    FabricSnapshot publish() {
        FabricSnapshot published = store.publish(FabricSnapshot.IngestStats.NONE);
        latest = rollups == null ? published : rollups.compose(published);
        return latest;
    }

    FabricSnapshot latest() {
        return latest;
    }

    void setThresholds(AlarmThresholds thresholds) {
        store.setThresholds(thresholds);
    }
}
