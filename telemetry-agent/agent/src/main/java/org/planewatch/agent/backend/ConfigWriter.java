package org.planewatch.agent.backend;

import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** Applies writes to CONFIG leaves of the schema (the simulator's fault injection and clock control). */
public interface ConfigWriter {

    /**
     * Applies one write.
     *
     * @throws ConfigWriteException when the path names no such object or the value is not allowed
     */
    void write(String target, TelemetryPath path, TelemetryValue value) throws ConfigWriteException;
}
