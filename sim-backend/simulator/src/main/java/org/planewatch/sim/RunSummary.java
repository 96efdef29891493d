package org.planewatch.sim;

import java.util.List;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.QpFailure;
import org.planewatch.sim.workload.StepResult;

/**
 * Everything a run report carries, taken at the moment {@link Simulation#summary()} is called.
 *
 * @param scenario scenario name
 * @param seed root seed
 * @param simulatedNs simulated time so far
 * @param events events processed
 * @param messages messages of the whole workload and how many completed
 * @param packets data packets: every one sent is delivered, trimmed, dropped or still in flight
 * @param fct completion times of completed messages
 * @param planes per plane figures
 * @param evTransitions every EV transition, in time order
 * @param dataPacketsSent data packets sent by hosts, retransmissions included
 * @param steps finished rounds (training steps when the workload is a training loop)
 * @param traceDigest digest of the event trace: equal for equal scenario and seed
 * @param qpFailures every QP its QP timer declared failed (peer dead), in time order
 */
public record RunSummary(
        String scenario,
        long seed,
        long simulatedNs,
        long events,
        Messages messages,
        Packets packets,
        Fct fct,
        List<Plane> planes,
        List<ExclusionEvent> evTransitions,
        long dataPacketsSent,
        List<StepResult> steps,
        long traceDigest,
        List<QpFailure> qpFailures) {

    public RunSummary {
        planes = List.copyOf(planes);
        qpFailures = List.copyOf(qpFailures);
        evTransitions = List.copyOf(evTransitions);
        steps = List.copyOf(steps);
    }

    /**
     * @param total messages the workload sends in all
     * @param completed messages completed at their receivers
     * @param bytesExpected bytes of all messages
     * @param bytesDelivered distinct payload bytes placed at receivers
     * @param duplicateBytes payload bytes that arrived again and were discarded
     * @param failed messages that failed with their QP (peer declared dead by the QP timer)
     */
    public record Messages(
            long total, long completed, long bytesExpected, long bytesDelivered, long duplicateBytes, long failed) {}

    /** Data packets; a trimmed packet counts as trimmed whatever happens to its header. */
    public record Packets(long sent, long delivered, long trimmed, long dropped, long inFlightAtEnd) {}

    public record Fct(long p50Ns, long p99Ns, long maxNs, long meanNs) {}

    /**
     * @param goodputGbps payload delivered through the plane / simulated time
     * @param trimmed data packets trimmed in the plane
     * @param dropped data packets dropped in the plane
     * @param evsAssumedBad EV retirements (transitions to ASSUMED_BAD) on the plane
     * @param evsDenied EV denials on the plane
     */
    public record Plane(int id, double goodputGbps, long trimmed, long dropped, long evsAssumedBad, long evsDenied) {}
}
