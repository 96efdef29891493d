package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.SwitchSummary;
import org.planewatch.console.state.Freshness;

/**
 * The plane view and the search hint take the fabric from the snapshot, not from the names: a plane
 * whose switches are called {@code leaf-p0-001} and {@code spine-p0-01} is laid out as the same
 * plane under the default names.
 */
class PlaneViewModelNamesTest {

    private static final int T0 = 2;
    private static final int T1 = 3;
    private static final int HOSTS_PER_T0 = 4;

    /** Plane 0 of 2 T0 x 3 T1 with 4 hosts per T0, T0 1's up-link to T1 2 down, under the given names. */
    private static FabricSnapshot plane(UnaryOperator<String> name) {
        List<LinkState> links = new ArrayList<>();
        List<SwitchSummary> switches = new ArrayList<>();
        for (int i = 0; i < T0; i++) {
            String t0 = name.apply("p0-t0-" + i);
            switches.add(new SwitchSummary(t0, 0, 0, i, Freshness.LIVE, List.of()));
            for (int k = 0; k < HOSTS_PER_T0; k++) {
                String host = name.apply("host-" + (i * HOSTS_PER_T0 + k));
                links.add(link(host, t0, LinkKind.HOST_T0, true, 0.1 * k));
            }
            for (int j = 0; j < T1; j++) {
                links.add(link(t0, name.apply("p0-t1-" + j), LinkKind.T0_T1, !(i == 1 && j == 2), 0.2 + 0.1 * j));
            }
        }
        for (int j = 0; j < T1; j++) {
            switches.add(new SwitchSummary(name.apply("p0-t1-" + j), 0, 1, j, Freshness.LIVE, List.of()));
        }
        return new FabricSnapshot(
                1,
                0,
                List.of(),
                List.copyOf(links),
                List.copyOf(switches),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Map.of(),
                FabricSnapshot.IngestStats.NONE,
                Map.of());
    }

    private static LinkState link(String lower, String upper, LinkKind kind, boolean up, double utilization) {
        return new LinkState(
                lower + "~" + upper,
                0,
                lower,
                upper,
                kind,
                up,
                utilization * 100e9,
                utilization,
                0,
                0,
                0,
                Freshness.LIVE,
                0,
                0,
                100e9);
    }

    /** As a cluster would name them; the switch index is not in the name the way {@code p0-t0-1} has it. */
    private static String clusterName(String name) {
        if (name.startsWith("host-")) {
            int n = Integer.parseInt(name.substring(5));
            return String.format("gpu-r%02d-n%02d", n / HOSTS_PER_T0 + 1, n % HOSTS_PER_T0 + 1);
        }
        int index = Integer.parseInt(name.substring(name.lastIndexOf('-') + 1));
        return name.contains("-t0-")
                ? String.format("leaf-p0-%03d", index + 1)
                : String.format("spine-p0-%02d", index + 1);
    }

    private static PlaneViewModel.Layout layout(FabricSnapshot snapshot) {
        PlaneViewModel model = new PlaneViewModel();
        model.update(snapshot, java.util.Set.of());
        return model.layoutProperty().get();
    }

    @Test
    void aPlaneOfChosenNamesIsLaidOutAsTheSamePlaneUnderTheDefaultNames() {
        PlaneViewModel.Layout plain = layout(plane(n -> n));
        PlaneViewModel.Layout named = layout(plane(PlaneViewModelNamesTest::clusterName));
        assertEquals(List.of("p0-t0-0", "p0-t0-1"), plain.t0());
        assertEquals(
                plain.t0().stream().map(PlaneViewModelNamesTest::clusterName).toList(), named.t0());
        assertEquals(
                plain.t1().stream().map(PlaneViewModelNamesTest::clusterName).toList(), named.t1());
        assertEquals(cells(plain, PlaneViewModelNamesTest::clusterName), cells(named, n -> n));
        assertEquals(plain.lastHop(), named.lastHop());
        assertEquals(plain.spreadText(), named.spreadText());
        assertTrue(named.link("leaf-p0-002~spine-p0-03").map(c -> !c.up()).orElse(false));
    }

    private static List<String> cells(PlaneViewModel.Layout layout, UnaryOperator<String> name) {
        return layout.links().stream()
                .map(c -> {
                    String[] ends = c.id().split("~");
                    return name.apply(ends[0]) + "~" + name.apply(ends[1]) + " at " + c.t0() + "," + c.t1()
                            + (c.up() ? " up " : " down ") + c.label();
                })
                .sorted()
                .toList();
    }

    @Test
    void theSearchHintShowsTheFabricsOwnNames() {
        FabricSnapshot named = plane(PlaneViewModelNamesTest::clusterName);
        String hint = MainViewModel.searchHint(named);
        assertTrue(hint.contains("leaf-p0-001") && hint.contains("leaf-p0-001~spine-p0-01"), hint);
        assertTrue(!hint.contains("host-0007"), hint);
    }
}
