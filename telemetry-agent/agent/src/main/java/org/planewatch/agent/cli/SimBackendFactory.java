package org.planewatch.agent.cli;

import java.nio.file.Path;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/** Builds the simulated back end from the command line's flags. */
final class SimBackendFactory {

    private SimBackendFactory() {}

    static TelemetryBackend create(
            Path scenarioFile, String target, double dilation, long publishIntervalMs, boolean evLeaves) {
        if (scenarioFile == null) {
            throw new IllegalArgumentException(
                    "--backend sim needs --scenario FILE (examples: sim-backend/scenarios/*.yaml)");
        }
        AgentMain.readable(scenarioFile, "--scenario");
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(scenarioFile);
        } catch (ScenarioException e) {
            throw new IllegalArgumentException("--scenario " + e.getMessage());
        }
        SimOptions options = SimOptions.defaults()
                .withDilation(dilation)
                .withTarget(target)
                .withPublishIntervalMs(publishIntervalMs)
                .withEvLeaves(evLeaves);
        return new SimulatedBackend(scenario, options);
    }
}
