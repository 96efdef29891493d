package org.planewatch.telemetry.value;

import org.planewatch.telemetry.path.TelemetryPath;

/**
 * One leaf value of one device at one collection time.
 *
 * @param target device name ({@code host-0007}, {@code p3-t0-12})
 * @param timestampNs collection time, nanoseconds since the epoch (simulated epoch for the simulator)
 * @param path the concrete leaf path
 * @param value its value
 */
public record Sample(String target, long timestampNs, TelemetryPath path, TelemetryValue value) {}
