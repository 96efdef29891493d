package org.planewatch.sim.transport;

import java.util.HashMap;
import java.util.Map;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.switching.PortCounter;

/**
 * What the switches say about one link, as a fabric controller reads it from their telemetry: the
 * link is down, or its two ends count losses a healthy link does not have since the controller last
 * cleared it (packets discarded or lost on the wire because the link was down, frames with a bad
 * checksum, and packets one end sent that the other never received, the gray loss). Congestion drops
 * and trims are not evidence: they say the path is busy, not that the link is broken.
 */
final class LinkEvidence {
    private static final PortCounter[] FAULT_LOSSES = {
        PortCounter.DROP_LINK_DOWN,
        PortCounter.WIRE_LOST_LINK_DOWN,
        PortCounter.WIRE_LOST_GRAY,
        PortCounter.WIRE_CRC_ERRORS
    };

    private final Network network;
    private final Topology topology;
    /** Fault losses counted when the controller last cleared a link; links never cleared start at 0. */
    private final Map<Integer, Long> clearedAt = new HashMap<>();

    LinkEvidence(Network network) {
        this.network = network;
        this.topology = network.topology();
    }

    /** Whether the link is down or lost packets to a fault since it was last {@linkplain #clear cleared}. */
    boolean showsFault(int link) {
        return !network.linkUp(link) || faultLosses(link) > clearedAt.getOrDefault(link, 0L);
    }

    /** Forgets the link's past: evidence counts from now (the link came back, or the operator allowed it). */
    void clear(int link) {
        clearedAt.put(link, faultLosses(link));
    }

    private long faultLosses(int link) {
        long losses = 0;
        for (PortCounter counter : FAULT_LOSSES) {
            losses += network.portCounter(topology.linkLowerPort(link), counter)
                    + network.portCounter(topology.linkUpperPort(link), counter);
        }
        return losses;
    }
}
