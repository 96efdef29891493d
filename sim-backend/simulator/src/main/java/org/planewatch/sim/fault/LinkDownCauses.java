package org.planewatch.sim.fault;

import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;

/**
 * Why each link is down: faults of different kinds take the same link down independently, and a
 * link comes back up only when no cause holds it any more. The causes are the link's own state
 * (link down and up, flaps: the last one wins, as an administrator's shut and no-shut do), a reboot
 * of the switch at either end (counted, so two overlapping reboots of one switch both have to end),
 * and its plane being down. Without this, the end of a reboot or a plane-up would bring back a link
 * that a separate link-down still holds.
 */
final class LinkDownCauses {
    private final Topology topo;
    private final Network net;
    private final boolean[] linkDown;
    private final int[] rebooting;
    private final boolean[] planeDown;

    LinkDownCauses(Topology topo, Network net) {
        this.topo = topo;
        this.net = net;
        this.linkDown = new boolean[topo.linkCount];
        this.rebooting = new int[topo.switches];
        this.planeDown = new boolean[topo.planes];
    }

    /** The link's own state: a link-down or link-up fault, a flap's step. */
    void setLinkDown(int link, boolean down) {
        linkDown[link] = down;
        apply(link);
    }

    /** A reboot of switch {@code sw} starts ({@code true}) or ends. */
    void setRebooting(int sw, boolean starts) {
        rebooting[sw] += starts ? 1 : -1;
        int first = topo.switchFirstPort(sw);
        for (int k = 0; k < topo.switchPortCount(sw); k++) {
            apply(topo.portLink(first + k));
        }
    }

    /** Plane {@code plane} goes down or comes back. */
    void setPlaneDown(int plane, boolean down) {
        planeDown[plane] = down;
        for (int link = 0; link < topo.linkCount; link++) {
            if (topo.linkPlane(link) == plane) {
                apply(link);
            }
        }
    }

    private void apply(int link) {
        net.setLinkUp(link, !held(link));
    }

    private boolean held(int link) {
        return linkDown[link]
                || planeDown[topo.linkPlane(link)]
                || rebootingEnd(topo.linkLowerPort(link))
                || rebootingEnd(topo.linkUpperPort(link));
    }

    /** Whether the port's owner is a switch in the middle of a reboot (hosts never reboot). */
    private boolean rebootingEnd(int port) {
        int node = topo.portOwner(port);
        return !topo.isHost(node) && rebooting[node - topo.hosts] > 0;
    }
}
