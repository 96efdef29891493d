package org.planewatch.console.bench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.bench.fleet.BenchOptions.Fabric;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.Freshness;

class FabricShortfallTest {
    /** Two planes of two T0s (two hosts each) and two T1s. */
    private static final Fabric FABRIC = new Fabric(2, 2, 2, 2);

    private static LinkState link(int plane, String lower, String upper, LinkKind kind) {
        return new LinkState(
                lower + "~" + upper,
                plane,
                lower,
                upper,
                kind,
                true,
                0,
                0,
                0,
                Double.NaN,
                Double.NaN,
                Freshness.LIVE,
                0,
                Double.NaN,
                100e9);
    }

    /** Every link of the fabric but those {@code drop} takes. */
    private static List<LinkState> fabricWithout(java.util.function.Predicate<LinkState> drop) {
        List<LinkState> links = new ArrayList<>();
        for (int p = 0; p < FABRIC.planes(); p++) {
            for (int h = 0; h < FABRIC.hosts(); h++) {
                links.add(link(p, "host-" + h, "p" + p + "-t0-" + h / FABRIC.hostsPerT0(), LinkKind.HOST_T0));
            }
            for (int i = 0; i < FABRIC.t0PerPlane(); i++) {
                for (int j = 0; j < FABRIC.t1PerPlane(); j++) {
                    links.add(link(p, "p" + p + "-t0-" + i, "p" + p + "-t1-" + j, LinkKind.T0_T1));
                }
            }
        }
        links.removeIf(drop);
        return links;
    }

    @Test
    void theWholeFabricFallsShortNowhere() {
        List<LinkState> all = fabricWithout(l -> false);
        assertEquals(FABRIC.links(), all.size());

        assertEquals("none: every device ends all its links", FabricShortfall.of(all, FABRIC, 3));
    }

    @Test
    void aT0NeverHeardFromIsNamedWithTheHostsAndT1sItsLinksWouldHaveReached() {
        List<LinkState> links = fabricWithout(
                l -> l.lowerEnd().equals("p1-t0-0") || l.upperEnd().equals("p1-t0-0"));

        String shortfall = FabricShortfall.of(links, FABRIC, 3);

        contains(shortfall, "1 T0s short of 4 link ends (1 with no link at all)");
        contains(shortfall, "p1-t0-0 (host 0/2, core 0/2, partition ");
        contains(shortfall, "2 hosts short of 2 link ends (0 with no link at all)");
        contains(shortfall, "host-0 (host 1/2, core 0/0");
        contains(shortfall, "host-1 (host 1/2, core 0/0");
        contains(shortfall, "hosts without a link in plane {1=2}");
        contains(shortfall, "2 T1s short of 2 link ends");
        contains(shortfall, "p1-t1-0 (host 0/0, core 1/2");
        assertFalse(shortfall.contains("host-2"), shortfall);
    }

    @Test
    void theShortDevicesAreCountedByThePartitionTheirUpdatesGoTo() {
        List<LinkState> links = fabricWithout(l -> l.upperEnd().equals("p0-t1-1"));

        String shortfall = FabricShortfall.of(links, FABRIC, 1);

        contains(shortfall, "1 T1s short of 2 link ends (1 with no link at all), by updates partition {0=1}");
        contains(shortfall, "2 T0s short of 2 link ends (0 with no link at all), by updates partition {0=2}");
        contains(shortfall, "no hosts short");
    }

    private static void contains(String shortfall, String part) {
        assertTrue(shortfall.contains(part), () -> "'" + part + "' not in: " + shortfall);
    }
}
