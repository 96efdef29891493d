package org.planewatch.sim.report;

import java.util.Locale;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.fabric.NodeNames;

/** Turns a simulation's {@link RunSummary} into the JSON report. */
public final class RunReports {

    private RunReports() {}

    /**
     * @param buildMs wall time of building the simulation
     * @param wallMs wall time of the run
     * @param workloadComplete whether every message completed
     */
    public static RunReport from(
            Scenario scenario, RunSummary summary, long buildMs, long wallMs, boolean workloadComplete) {
        return new RunReport(
                summary.scenario(),
                summary.seed(),
                scenario.transport().mode().name().toLowerCase(Locale.ROOT),
                summary.simulatedNs(),
                buildMs,
                wallMs,
                summary.events(),
                workloadComplete,
                summary.messages(),
                summary.packets(),
                summary.fct(),
                summary.planes(),
                new TransitionList(summary.evTransitions(), new NodeNames(scenario.fabric(), scenario.names())),
                summary.steps(),
                summary.traceDigest());
    }
}
