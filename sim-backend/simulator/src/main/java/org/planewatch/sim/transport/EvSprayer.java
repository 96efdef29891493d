package org.planewatch.sim.transport;

import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;

/**
 * Chooses the EV of each data packet: the next usable one in the QP's shuffled spray order, skipping
 * penalised EVs (ECN echoes and trims add penalty, each skip takes one off) and, with several planes,
 * NIC ports that hold more than a packet beyond the least loaded one.
 */
final class EvSprayer {
    private static final int MAX_PENALTY = 15;

    private final Network network;
    private final Topology topology;
    private final int dataWireBytes;

    EvSprayer(Network network, int dataWireBytes) {
        this.network = network;
        this.topology = network.topology();
        this.dataWireBytes = dataWireBytes;
    }

    static void penalize(QueuePair qp, int ev, int amount) {
        qp.evPenalty[ev] = (byte) Math.min(MAX_PENALTY, qp.evPenalty[ev] + amount);
    }

    /**
     * Next usable EV in the QP's shuffled order other than {@code exclude}; a penalised EV is skipped
     * and its penalty decremented. With several planes the NIC also skips EVs whose NIC port holds
     * more than one packet beyond its least loaded port that still has a usable EV (and never uses a
     * port whose link is down), so one window keeps every plane busy.
     */
    int pick(QueuePair qp, int exclude) {
        int evCount = qp.evCount;
        if (qp.outOfService < evCount) {
            long limit = topology.planes > 1 ? leastLoadedPlaneBytes(qp) + dataWireBytes : Long.MAX_VALUE;
            int[] order = qp.sprayOrder;
            for (int tries = (MAX_PENALTY + 2) * evCount; tries > 0; tries--) {
                int ev = order[qp.sprayCursor];
                if (++qp.sprayCursor == evCount) {
                    qp.sprayCursor = 0;
                }
                if (qp.evState[ev] != 0 || ev == exclude) {
                    continue;
                }
                if (limit != Long.MAX_VALUE && network.hostQueueBytes(qp.src, qp.evPlane[ev]) > limit) {
                    continue;
                }
                if (qp.evPenalty[ev] > 0) {
                    qp.evPenalty[ev]--;
                    continue;
                }
                return ev;
            }
        }
        // Nothing usable but the excluded EV or nothing at all in service: the QP timer and
        // congestion control take over, so keep sending on the least bad choice.
        if (exclude >= 0 && qp.evState[exclude] == 0) {
            return exclude;
        }
        for (int k = 0; k < evCount; k++) {
            int ev = qp.sprayOrder[(qp.sprayCursor + k) % evCount];
            if (qp.evState[ev] != EvState.DENIED.ordinal()) {
                return ev;
            }
        }
        return qp.sprayOrder[qp.sprayCursor];
    }

    private long leastLoadedPlaneBytes(QueuePair qp) {
        long least = Long.MAX_VALUE;
        for (int plane = 0; plane < topology.planes; plane++) {
            if (qp.goodPerPlane[plane] > 0) {
                long queued = network.hostQueueBytes(qp.src, plane);
                if (queued < least) {
                    least = queued;
                }
            }
        }
        return least == Long.MAX_VALUE ? 0 : least;
    }
}
