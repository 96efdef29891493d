package org.planewatch.agent.backend;

import java.util.Collections;
import java.util.Map;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Every leaf value of one device at one collection time. Immutable.
 *
 * @param target device name
 * @param timestampNs collection time, wall-clock nanoseconds since the Unix epoch
 * @param leaves concrete leaf path to value, in a stable order; the snapshot takes ownership: the
 *     caller must not change the map afterwards (snapshots are made at high rates, so it is not copied)
 */
public record DeviceSnapshot(String target, long timestampNs, Map<TelemetryPath, TelemetryValue> leaves) {

    public DeviceSnapshot {
        leaves = leaves instanceof LeafTable ? leaves : Collections.unmodifiableMap(leaves); // a table is immutable
    }

    public static DeviceSnapshot empty(String target, long timestampNs) {
        return new DeviceSnapshot(target, timestampNs, Map.of());
    }
}
