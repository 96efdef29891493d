package org.planewatch.sim.report;

import java.util.List;

/**
 * The JSON report of one headless run (issue 3 item 9). Field names are the JSON keys; times are
 * nanoseconds of simulated time unless named otherwise. Documented in docs/scenarios.md.
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
 * @param packets packet accounting
 * @param fct message completion time percentiles
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
        Messages messages,
        Packets packets,
        Fct fct,
        List<Plane> planes,
        List<EvTransition> evTransitions,
        List<Step> steps,
        long traceDigest) {

    public RunReport {
        planes = List.copyOf(planes);
        evTransitions = List.copyOf(evTransitions);
        steps = List.copyOf(steps);
    }

    /**
     * @param total messages the workload posted
     * @param completed messages whose every byte arrived
     * @param bytesExpected payload bytes of all posted messages
     * @param bytesDelivered distinct payload bytes placed at receivers
     * @param duplicateBytes payload bytes that arrived more than once (spurious retransmissions)
     */
    public record Messages(long total, long completed, long bytesExpected, long bytesDelivered, long duplicateBytes) {}

    /**
     * @param sent data packets sent by hosts, retransmissions included
     * @param delivered data packets that reached their receiver whole
     * @param trimmed data packets cut to a header by a switch
     * @param dropped packets lost: queue overflow, dead links, gray or CRC drops
     * @param inFlightAtEnd data packets still in queues or on links when the run stopped
     */
    public record Packets(long sent, long delivered, long trimmed, long dropped, long inFlightAtEnd) {}

    /** Message completion times (post to last byte), 0 when no message completed. */
    public record Fct(long p50Ns, long p99Ns, long maxNs, long meanNs) {}

    /**
     * @param id plane number
     * @param goodputGbps payload delivered through this plane over the simulated time
     * @param trimmed packets trimmed in this plane
     * @param dropped packets dropped in this plane
     * @param evsAssumedBad EV retirements on this plane during the run (transitions to ASSUMED_BAD)
     * @param evsDenied EV denials on this plane during the run (transitions to DENIED)
     */
    public record Plane(int id, double goodputGbps, long trimmed, long dropped, long evsAssumedBad, long evsDenied) {}

    /**
     * One exclusion event.
     *
     * @param atNs simulated time
     * @param host sending host ({@code host-<n>})
     * @param qp queue pair number on that host
     * @param ev entropy value id within the QP
     * @param plane plane of the EV's path
     * @param links links on the EV's path, in path order
     * @param from previous state
     * @param to new state
     * @param reason loss-timer, sack-gap, probe-ok, probe-timeout, controller-deny, min-active-guard, ...
     */
    public record EvTransition(long atNs, String host, int qp, int ev, int plane, List<String> links, String from,
            String to, String reason) {
        public EvTransition {
            links = List.copyOf(links);
        }
    }

    /**
     * One finished round of the workload.
     *
     * @param index 0-based round number
     * @param startNs when the round started (its compute phase, if any)
     * @param completionNs when its slowest transfer completed
     * @param durationNs the step time
     * @param slowestTransfer the transfer that completed last
     */
    public record Step(int index, long startNs, long completionNs, long durationNs, String slowestTransfer) {}
}
