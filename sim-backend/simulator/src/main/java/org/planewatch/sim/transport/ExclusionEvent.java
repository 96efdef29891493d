package org.planewatch.sim.transport;

import java.util.List;

/**
 * One EV state change decided by an endpoint or the controller: what the console shows as an
 * "endpoint exclusion decision". Transitions are rare next to packets, so one record each is fine.
 *
 * @param atPs simulated time in picoseconds
 * @param host sending host that owns the EV
 * @param qp queue pair index
 * @param ev EV index within the QP
 * @param plane NIC port (plane) of the EV's path
 * @param links names of the links on the EV's path, sender to receiver
 */
public record ExclusionEvent(
        long atPs,
        int host,
        int qp,
        int ev,
        int plane,
        List<String> links,
        EvState from,
        EvState to,
        ExclusionReason reason) {

    public ExclusionEvent {
        links = List.copyOf(links);
    }

    public long atNs() {
        return atPs / 1000;
    }
}
