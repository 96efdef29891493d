package org.planewatch.sim.report;

import java.util.Locale;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.FabricNames;
import org.planewatch.sim.transport.ExclusionEvent;

/** Turns a simulation's {@link RunSummary} into the JSON report. */
public final class RunReports {

    private RunReports() {}

    /**
     * @param buildMs wall time of building the simulation
     * @param wallMs wall time of the run
     * @param workloadComplete whether every message completed
     */
    public static RunReport from(Scenario scenario, RunSummary summary, long buildMs, long wallMs,
            boolean workloadComplete) {
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
                summary.evTransitions().stream().map(RunReports::transition).toList(),
                summary.steps(),
                summary.traceDigest());
    }

    private static RunReport.EvTransition transition(ExclusionEvent event) {
        return new RunReport.EvTransition(event.atNs(), FabricNames.host(event.host()), event.qp(), event.ev(),
                event.plane(), event.links(), event.from().name(), event.to().name(), event.reason().label());
    }
}
