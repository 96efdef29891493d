package org.planewatch.sim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.planewatch.sim.config.FabricConfig;

class TopologyTest {
    private final Topology topo = new Topology(
            new FabricConfig(4, 8, 6, 5, 100, 1000, 4096, 64, 100_000, 200_000, 20_000, 80_000, true, 0, 8));

    @Test
    void countsFollowTheClos() {
        assertEquals(48, topo.hosts);
        assertEquals(4 * (6 + 5), topo.switches);
        assertEquals(48 * 4 + 4 * 6 * 5, topo.linkCount);
        assertEquals(2 * topo.linkCount, topo.portCount);
    }

    @Test
    void everyLinkNameRoundTripsAndBothPortsUseIt() {
        for (int link = 0; link < topo.linkCount; link++) {
            String name = topo.linkName(link);
            assertEquals(link, topo.linkIndex(name), name);
            String[] ends = name.split("~");
            assertEquals(link, topo.linkIndex(ends[1] + "~" + ends[0]), "either order");
            assertEquals(link, topo.portLink(topo.linkLowerPort(link)));
            assertEquals(link, topo.portLink(topo.linkUpperPort(link)));
            assertEquals(topo.portOwner(topo.linkLowerPort(link)), topo.portPeer(topo.linkUpperPort(link)));
            assertEquals(topo.linkUpperPort(link), topo.facingPort(topo.linkLowerPort(link)));
            assertEquals(topo.linkLowerPort(link), topo.facingPort(topo.linkUpperPort(link)));
        }
    }

    @Test
    void namesFollowTheSpec() {
        assertEquals("host-17~p2-t0-2", topo.linkName(topo.hostLink(17, 2)));
        assertEquals("p2-t0-3~p2-t1-4", topo.linkName(topo.fabricLink(2, 3, 4)));
        assertEquals("p3-t1-4", topo.switchName(topo.switchIndex("p3-t1-4")));
        assertEquals(-1, topo.switchIndex("p4-t0-0"));
        assertEquals(-1, topo.linkIndex("host-17~p2-t0-3"));
        assertEquals(-1, topo.linkIndex("p2-t0-3~p1-t1-4"));
        assertEquals(-1, topo.linkIndex("nonsense"));
    }

    @Test
    void sourceRouteUsidsNameTheEgressPortAtEachSwitch() {
        int src = 3;
        int dst = 45;
        long route = topo.route(src, dst, 2);
        int t0 = topo.switchFirstPort(topo.t0Node(1, topo.t0Of(src)) - topo.hosts);
        int up = t0 + (int) (route & 0x1FFFFF);
        int t1 = topo.portPeer(up) - topo.hosts;
        int down = topo.switchFirstPort(t1) + (int) ((route >>> 21) & 0x1FFFFF);
        int dstT0 = topo.portPeer(down) - topo.hosts;
        int last = topo.switchFirstPort(dstT0) + (int) ((route >>> 42) & 0x1FFFFF);
        assertEquals(topo.t1Node(1, 2), topo.portPeer(up));
        assertEquals(dst, topo.portPeer(last));
        assertEquals(true, topo.isLastHopPort(last));
    }
}
