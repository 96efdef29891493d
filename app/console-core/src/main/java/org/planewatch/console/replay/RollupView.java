package org.planewatch.console.replay;

import java.time.InstantSource;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * What the replay of a fleet recording shows besides its telemetry store (ADR 0106): the fabric as
 * the recorded rollups describe it at the replay's instant, around what the store makes of the
 * recorded decisions and raw updates of the devices in alarm. The session supplies one per store
 * (a seek starts both afresh); the replay thread owns it.
 */
public interface RollupView {
    /** One recorded rollup record, in recorded order. */
    void take(IngestEvent.Rollup rollup);

    /** The snapshot shown: the rollups' fabric with {@code store}'s decisions and detailed devices in it. */
    FabricSnapshot compose(FabricSnapshot store);

    /** Makes the view of a fresh store, judging freshness on the replay's {@code clock}. */
    @FunctionalInterface
    interface Factory {
        RollupView create(InstantSource clock);
    }
}
