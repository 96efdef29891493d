package org.planewatch.agent.backend;

import java.util.List;
import java.util.Map;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * What changed on one device since its previous snapshot.
 *
 * @param target device name
 * @param timestampNs time of the new snapshot
 * @param updated leaves that are new or have a new value
 * @param deleted leaves that no longer exist (an event that left the ring, a QP that closed)
 */
public record DeviceChange(
        String target, long timestampNs, Map<TelemetryPath, TelemetryValue> updated, List<TelemetryPath> deleted) {

    public DeviceChange {
        updated = Map.copyOf(updated);
        deleted = List.copyOf(deleted);
    }

    public boolean isEmpty() {
        return updated.isEmpty() && deleted.isEmpty();
    }
}
