package org.planewatch.console.fleet;

import java.time.InstantSource;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The fabric a fleet recording's rollups describe, at a replay's instant (ADR 0106): the same model
 * as the live console on the fleet ({@link FleetState}) fed the recorded rollup records instead of
 * the topics, around what the replay's own store makes of the recorded decisions and raw updates.
 * Owned by the replay thread.
 */
public final class RecordedFleet {
    private final FleetState state;

    /**
     * @param label the fleet as the recording names it ("fleet via Kafka host:port")
     * @param clock the replay's instant, on which the rollups' age is judged
     * @param policy when the rollups count as stale, then lost
     */
    public RecordedFleet(String label, InstantSource clock, FreshnessPolicy policy) {
        this.state = new FleetState(label, clock, policy);
    }

    public void take(IngestEvent.Rollup rollup) {
        state.take(rollup.kind(), rollup.source(), rollup.key(), rollup.value());
    }

    /** The fleet's fabric with the exclusion events, devices and sources of {@code recorded}. */
    public FabricSnapshot around(FabricSnapshot recorded) {
        return state.replayed(recorded);
    }
}
