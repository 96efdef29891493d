package org.planewatch.sim.report;

import java.util.Locale;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.FabricNames;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.workload.StepResult;

/** Turns a simulation's {@link RunSummary} into the JSON report's records. */
public final class RunReports {

    private RunReports() {}

    /**
     * @param buildMs wall time of building the simulation
     * @param wallMs wall time of the run
     * @param workloadComplete whether every message completed
     */
    public static RunReport from(Scenario scenario, RunSummary summary, long buildMs, long wallMs,
            boolean workloadComplete) {
        RunSummary.Messages messages = summary.messages();
        RunSummary.Packets packets = summary.packets();
        RunSummary.Fct fct = summary.fct();
        return new RunReport(
                summary.scenario(),
                summary.seed(),
                scenario.transport().mode().name().toLowerCase(Locale.ROOT),
                summary.simulatedNs(),
                buildMs,
                wallMs,
                summary.events(),
                workloadComplete,
                new RunReport.Messages(messages.total(), messages.completed(), messages.bytesExpected(),
                        messages.bytesDelivered(), messages.duplicateBytes()),
                new RunReport.Packets(packets.sent(), packets.delivered(), packets.trimmed(), packets.dropped(),
                        packets.inFlightAtEnd()),
                new RunReport.Fct(fct.p50Ns(), fct.p99Ns(), fct.maxNs(), fct.meanNs()),
                summary.planes().stream().map(RunReports::plane).toList(),
                summary.evTransitions().stream().map(RunReports::transition).toList(),
                summary.steps().stream().map(RunReports::step).toList(),
                summary.traceDigest());
    }

    private static RunReport.Plane plane(RunSummary.Plane plane) {
        return new RunReport.Plane(plane.id(), plane.goodputGbps(), plane.trimmed(), plane.dropped(),
                plane.evsAssumedBad(), plane.evsDenied());
    }

    private static RunReport.EvTransition transition(ExclusionEvent event) {
        return new RunReport.EvTransition(event.atNs(), FabricNames.host(event.host()), event.qp(), event.ev(),
                event.plane(), event.links(), event.from().name(), event.to().name(), event.reason().label());
    }

    private static RunReport.Step step(StepResult step) {
        return new RunReport.Step(step.index(), step.startNs(), step.completionNs(), step.durationNs(),
                step.slowestTransfer());
    }
}
