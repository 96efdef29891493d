package org.planewatch.console.telemetry;

import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** One leaf value of a notification, prefix already applied. */
public record TelemetryUpdate(TelemetryPath path, TelemetryValue value) {}
