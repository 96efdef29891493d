package org.planewatch.agent.cli;

import java.nio.file.Path;
import org.planewatch.agent.backend.TelemetryBackend;

/** Builds the simulated back end from the command line's flags. */
final class SimBackendFactory {

    private SimBackendFactory() {}

    static TelemetryBackend create(Path scenario, String target, double dilation) {
        throw new IllegalArgumentException("--backend sim is not available in this build yet "
                + "(the simulator's telemetry facade has not landed)");
    }
}
