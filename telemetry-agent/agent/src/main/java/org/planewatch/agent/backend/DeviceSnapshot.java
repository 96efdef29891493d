package org.planewatch.agent.backend;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Every leaf value of one device at one collection time. Immutable.
 *
 * @param target device name
 * @param timestampNs collection time, nanoseconds since the (possibly simulated) epoch
 * @param leaves concrete leaf path to value, in a stable order
 */
public record DeviceSnapshot(String target, long timestampNs, Map<TelemetryPath, TelemetryValue> leaves) {

    public DeviceSnapshot {
        leaves = Collections.unmodifiableMap(new LinkedHashMap<>(leaves));
    }

    public static DeviceSnapshot empty(String target, long timestampNs) {
        return new DeviceSnapshot(target, timestampNs, Map.of());
    }
}
