package org.planewatch.sim.report;

import java.util.List;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.workload.StepResult;

/**
 * The JSON report of one headless run (issue 3 item 9). Field names are the JSON keys; times are
 * nanoseconds of simulated time unless named otherwise. Documented in docs/scenarios.md. The nested
 * figures are the simulation's own {@link RunSummary} records; only EV transitions are rewritten
 * for readers (host names, nanoseconds, reason labels).
 *
 * @param scenario scenario name
 * @param seed seed of the run
 * @param mode transport mode (mrc, uec, ecmp)
 * @param simulatedNs simulated time at the end of the run
 * @param buildMs wall time of building the simulation (fabric, transport, workload)
 * @param wallMs wall time of the run, building the simulation excluded
 * @param events events the engine processed
 * @param workloadComplete whether every message of the workload completed
 * @param messages message accounting
 * @param packets data packet accounting: sent = delivered + trimmed + dropped + in flight
 * @param fct message completion time percentiles and mean
 * @param planes per-plane figures, by plane id
 * @param evTransitions every EV state change (exclusion event) in time order
 * @param steps finished rounds of the workload (training steps for a training loop)
 * @param traceDigest digest of the event trace: equal for equal scenario and seed
 */
public record RunReport(
        String scenario,
        long seed,
        String mode,
        long simulatedNs,
        long buildMs,
        long wallMs,
        long events,
        boolean workloadComplete,
        RunSummary.Messages messages,
        RunSummary.Packets packets,
        RunSummary.Fct fct,
        List<RunSummary.Plane> planes,
        List<EvTransition> evTransitions,
        List<StepResult> steps,
        long traceDigest) {

    public RunReport {
        planes = List.copyOf(planes);
        // A TransitionList is already a read-only view of immutable events: copying it would hold
        // every transition twice.
        evTransitions = evTransitions instanceof TransitionList ? evTransitions : List.copyOf(evTransitions);
        steps = List.copyOf(steps);
    }

    /**
     * One exclusion event.
     *
     * @param atNs simulated time
     * @param host sending host ({@code host-<n>})
     * @param qp queue pair number
     * @param ev entropy value id within the QP
     * @param plane plane of the EV's path
     * @param links links on the EV's path, sender to receiver
     * @param from previous state
     * @param to new state
     * @param reason loss-timer, sack-gap, probe-ok, probe-timeout, controller-deny, min-active-guard, ...
     */
    public record EvTransition(
            long atNs,
            String host,
            int qp,
            int ev,
            int plane,
            List<String> links,
            String from,
            String to,
            String reason) {
        public EvTransition {
            links = List.copyOf(links);
        }
    }
}
