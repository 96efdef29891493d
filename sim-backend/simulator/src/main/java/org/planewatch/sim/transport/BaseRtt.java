package org.planewatch.sim.transport;

import org.planewatch.sim.switching.Network;

/** Unloaded round trips: what window sizes and loss timers are measured against. */
final class BaseRtt {
    private BaseRtt() {}

    /** Round trip of a full data packet and its header-sized ACK over {@code links} links each way. */
    static long ps(Network network, int dataWireBytes, int headerBytes, int links) {
        return links
                        * (2 * network.linkDelayPs()
                                + network.serialisationPs(dataWireBytes)
                                + network.serialisationPs(headerBytes))
                + 2L * (links - 1) * network.switchLatencyPs();
    }
}
