package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.Freshness;

/** The plane view labels the links whose counters show errors or losses, and says so when hovered. */
class PlaneViewFaultsTest {

    private static LinkState link(String id, LinkKind kind, boolean up, double errors, double loss) {
        String[] ends = id.split("~");
        return new LinkState(
                id, 0, ends[0], ends[1], kind, up, 40e9, 0.1, 0, 0, 0, Freshness.LIVE, errors, loss, 400e9);
    }

    private static FabricSnapshot snapshot(List<LinkState> links) {
        FabricSnapshot empty = FabricSnapshot.empty();
        return new FabricSnapshot(
                1,
                0,
                List.of(),
                links,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Map.of(),
                empty.ingest(),
                empty.trends());
    }

    @Test
    void grayAndCrcLinksCarryTheirCountersOnTheLinkAndTheirHostRow() {
        PlaneViewModel model = new PlaneViewModel();
        model.update(
                snapshot(List.of(
                        link("p0-t0-0~p0-t1-1", LinkKind.T0_T1, true, 0, 1_000),
                        link("p0-t0-0~p0-t1-0", LinkKind.T0_T1, false, 0, 0),
                        link("p0-t0-1~p0-t1-0", LinkKind.T0_T1, true, 0, 0),
                        link("host-1~p0-t0-0", LinkKind.HOST_T0, true, 70, 0),
                        link("host-2~p0-t0-0", LinkKind.HOST_T0, true, 0, 0))),
                Set.of());
        PlaneViewModel.Layout layout = model.layoutProperty().get();
        assertEquals(
                "lost 1.0 k/s", layout.link("p0-t0-0~p0-t1-1").orElseThrow().fault());
        assertEquals("", layout.link("p0-t0-1~p0-t1-0").orElseThrow().fault());
        PlaneViewModel.LastHop t0 = layout.lastHop().getFirst();
        assertEquals(1, t0.faulty(), "one host link of p0-t0-0 has receive errors");
        String hover = PlaneViewModel.describe(link("host-1~p0-t0-0", LinkKind.HOST_T0, true, 70, 0));
        assertTrue(hover.contains("receive errors 70 pkt/s"), hover);
        assertTrue(hover.contains("of 400.0 Gb/s"), hover);

        model.metricProperty().set(LinkMetric.ERRORS);
        assertEquals(
                1_000,
                model.layoutProperty()
                        .get()
                        .link("p0-t0-0~p0-t1-1")
                        .orElseThrow()
                        .value());
    }

    @Test
    void lastHopRowsFollowTheT0sInNaturalOrderOnePerT0WithHostLinks() {
        PlaneViewModel model = new PlaneViewModel();
        model.update(
                snapshot(List.of(
                        link("p0-t0-10~p0-t1-0", LinkKind.T0_T1, true, 0, 0),
                        link("p0-t0-2~p0-t1-0", LinkKind.T0_T1, true, 0, 0),
                        link("p0-t0-1~p0-t1-0", LinkKind.T0_T1, true, 0, 0),
                        link("host-1~p0-t0-10", LinkKind.HOST_T0, true, 0, 0),
                        link("host-2~p0-t0-10", LinkKind.HOST_T0, false, 0, 0),
                        link("host-3~p0-t0-2", LinkKind.HOST_T0, true, 0, 0))),
                Set.of());
        PlaneViewModel.Layout layout = model.layoutProperty().get();
        assertEquals(List.of("p0-t0-1", "p0-t0-2", "p0-t0-10"), layout.t0());
        assertEquals(
                List.of(1, 2),
                layout.lastHop().stream().map(PlaneViewModel.LastHop::t0).toList(),
                "p0-t0-2 before p0-t0-10; p0-t0-1 has no host links");
        assertEquals(
                List.of(1, 2),
                layout.lastHop().stream().map(PlaneViewModel.LastHop::hostLinks).toList());
        assertEquals(1, layout.lastHop().getLast().down());
    }
}
