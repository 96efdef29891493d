package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.Freshness;

/** The plane matrix: a down link apart from the load scale, axis labels, the spread's figures clamped and explained. */
class PlaneMatrixViewModelTest {

    private static LinkState link(String id, boolean up, double utilization) {
        String[] ends = id.split("~");
        return new LinkState(
                id,
                0,
                ends[0],
                ends[1],
                LinkKind.T0_T1,
                up,
                400e9 * utilization,
                utilization,
                0,
                0,
                0,
                Freshness.LIVE,
                0,
                0,
                400e9);
    }

    private static FabricSnapshot snapshot(List<LinkState> links, double coreMax) {
        return snapshot(links, new LoadSpread(0.5, 0.7, coreMax, 0.7, 0.1));
    }

    private static FabricSnapshot snapshot(List<LinkState> links, LoadSpread spread) {
        PlaneSummary plane = new PlaneSummary(0, 1, 64, 0, 0, 0, 0, 1, links.size(), spread, Freshness.LIVE, 4, 4);
        return TestSnapshots.of(0, List.of(plane), links, List.of());
    }

    @Test
    void aDownLinkIsNotOnTheLoadScaleWhereASaturatedLinkIsAtItsTop() {
        PlaneViewModel model = new PlaneViewModel();
        model.update(
                snapshot(
                        List.of(
                                link("p0-t0-0~p0-t1-0", false, 0),
                                link("p0-t0-0~p0-t1-1", true, 1.0),
                                link("p0-t0-1~p0-t1-0", true, 0.5)),
                        1.0),
                Set.of("p0-t0-0~p0-t1-0"));
        PlaneViewModel.Layout layout = model.layoutProperty().get();
        PlaneViewModel.LinkCell down = layout.link("p0-t0-0~p0-t1-0").orElseThrow();
        PlaneViewModel.LinkCell saturated = layout.link("p0-t0-0~p0-t1-1").orElseThrow();
        assertEquals(1.0, saturated.intensity());
        assertEquals(0.0, down.intensity(), "down is drawn apart from the scale, not as its red top");
        assertEquals(down, layout.links().getLast(), "the selected down link is drawn last, on top");
    }

    @Test
    void aFleetsSpreadOfOnlyAMeanAndAMaximumShowsDashesNotNaN() {
        PlaneViewModel model = new PlaneViewModel();
        // A fleet's plane rollup carries the core links' mean and maximum utilization, nothing else.
        model.update(
                snapshot(
                        List.of(link("p0-t0-0~p0-t1-0", true, 0.012)),
                        new LoadSpread(Double.NaN, Double.NaN, 0.012, 0.01, Double.NaN)),
                Set.of());
        String text = model.layoutProperty().get().spreadText();
        assertTrue(text.endsWith("min –  median –  max 1.2%  (cv –)"), text);
    }

    @Test
    void theSpreadClampsUtilizationAt100PercentAndItsTipSaysWhatWasMeasured() {
        PlaneViewModel model = new PlaneViewModel();
        model.update(snapshot(List.of(link("p0-t0-0~p0-t1-0", true, 1.009)), 1.009), Set.of());
        PlaneViewModel.Layout layout = model.layoutProperty().get();
        assertTrue(layout.spreadText().endsWith("max 100.0%  (cv 0.10)"), layout.spreadText());
        assertTrue(
                layout.spreadTip().startsWith("The busiest link measured 100.9 % of its capacity, shown as 100 %"),
                layout.spreadTip());
        model.update(snapshot(List.of(link("p0-t0-0~p0-t1-0", true, 0.9)), 0.9), Set.of());
        assertEquals("", model.layoutProperty().get().spreadTip());
    }

    @Test
    void matrixAxesNameEachSwitchWhileTheyFitAndRunsOfThemWhenNot() {
        List<String> t1 = IntStream.range(0, 8).mapToObj(i -> "p2-t1-" + i).toList();
        assertEquals(
                List.of("t1-0", "t1-1", "t1-2", "t1-3", "t1-4", "t1-5", "t1-6", "t1-7"),
                PlaneViewModel.axisLabels(t1, 20).stream()
                        .map(PlaneViewModel.AxisLabel::text)
                        .toList());
        List<String> t0 = new ArrayList<>();
        IntStream.range(0, 256).forEach(i -> t0.add("p2-t0-" + i));
        List<PlaneViewModel.AxisLabel> runs = PlaneViewModel.axisLabels(t0, 16);
        assertEquals(16, runs.size());
        assertEquals(new PlaneViewModel.AxisLabel(0, 15, "t0-0\u2026t0-15"), runs.getFirst());
        assertEquals(new PlaneViewModel.AxisLabel(240, 255, "t0-240\u2026t0-255"), runs.getLast());
        assertEquals(
                List.of("leaf-a"),
                PlaneViewModel.axisLabels(List.of("leaf-a"), 4).stream()
                        .map(PlaneViewModel.AxisLabel::text)
                        .toList(),
                "names of another form are kept whole");
    }
}
