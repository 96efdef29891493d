package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.localize.Suspect;

/** The overview and the plane view name what the exclusion decisions point at (issue 19, item 2). */
class SuspectsInViewsTest {
    private static final String FAILED = "p2-t0-1~p2-t1-3";
    private static final Suspect LINK = new Suspect(Suspect.Kind.LINK, FAILED, 2, 300, 32, 1, 96, 0);
    private static final Suspect SPINE = new Suspect(Suspect.Kind.SWITCH, "p2-t1-0", 2, 90, 12, 1, 40, 0);

    private static PlaneSummary plane(int plane, double health, int linksDown) {
        return new PlaneSummary(
                plane, health, 1000, 0, 1e9, 0, 0, linksDown, 16, LoadSpread.NONE, Freshness.LIVE, 32, 8);
    }

    private static LinkState link(String id, LinkKind kind, boolean up) {
        String[] ends = id.split("~");
        return new LinkState(id, 2, ends[0], ends[1], kind, up, 1e9, 0.1, 0, 0, 0, Freshness.LIVE, 0, 0, 100e9);
    }

    private static FabricSnapshot snapshot(List<LinkState> links, List<Suspect> suspects) {
        return new FabricSnapshot(
                1,
                0,
                List.of(plane(2, 0.9, 1)),
                links,
                List.of(),
                List.of(),
                List.of(),
                suspects,
                List.of(),
                List.of(),
                List.of(),
                Map.of(),
                FabricSnapshot.IngestStats.NONE,
                Map.of());
    }

    /** Plane 2 as two T0s under four T1s, its T0 1 uplink to T1 3 down, and a host link. */
    private static List<LinkState> planeTwo() {
        List<LinkState> links = new ArrayList<>();
        for (int t0 = 0; t0 < 2; t0++) {
            for (int t1 = 0; t1 < 4; t1++) {
                String id = "p2-t0-" + t0 + "~p2-t1-" + t1;
                links.add(link(id, LinkKind.T0_T1, !id.equals(FAILED)));
            }
        }
        links.add(link("host-14~p2-t0-1", LinkKind.HOST_T0, true));
        return links;
    }

    @Test
    void thePlaneCardNamesItsBestSuspectAndHowManyMore() {
        PlaneSummary degraded = plane(2, 0.9, 1);
        OverviewViewModel.PlaneCard card =
                OverviewViewModel.card(degraded, List.of(), List.of(LINK, SPINE), AlarmThresholds.defaults());
        assertEquals("link " + FAILED + " suspected, 32 hosts (+1 more)", card.suspect());
        assertEquals(Level.CRITICAL, card.level());

        OverviewViewModel.PlaneCard other =
                OverviewViewModel.card(plane(3, 1.0, 0), List.of(), List.of(LINK), AlarmThresholds.defaults());
        assertEquals("", other.suspect(), "a suspect of plane 2 is not plane 3's");
        assertEquals("healthy", other.verdict());
    }

    @Test
    void aPlaneHealthyByItsThresholdsIsNotCalledHealthyWhileItHasASuspect() {
        // A gray link: paths come back at once, the plane's health stays above the threshold.
        OverviewViewModel.PlaneCard card =
                OverviewViewModel.card(plane(2, 0.995, 0), List.of(), List.of(LINK), AlarmThresholds.defaults());
        assertEquals(Level.WARNING, card.level());
        assertEquals("suspect", card.verdict());
        assertEquals("link " + FAILED + " suspected, 32 hosts", card.suspect());
    }

    @Test
    void thePlaneMarksTheSuspectedLinkApartFromTheSelectionAndFromBeingDown() {
        PlaneViewModel viewModel = new PlaneViewModel();
        viewModel.planeProperty().set(2);
        viewModel.update(snapshot(planeTwo(), List.of(LINK, SPINE)), Set.of("p2-t0-0~p2-t1-0"));
        PlaneViewModel.Layout layout = viewModel.layoutProperty().get();

        PlaneViewModel.LinkCell suspected = layout.link(FAILED).orElseThrow();
        assertTrue(suspected.suspected());
        assertFalse(suspected.highlighted(), "suspected is not selected");
        PlaneViewModel.LinkCell selected = layout.link("p2-t0-0~p2-t1-0").orElseThrow();
        assertTrue(selected.highlighted());
        assertFalse(selected.suspected(), "selected is not suspected");
        assertEquals(
                1,
                layout.links().stream()
                        .filter(PlaneViewModel.LinkCell::suspected)
                        .count(),
                "a down link is not a suspect by being down, nor are the suspect switch's links");
        assertEquals(Set.of("p2-t1-0"), layout.suspectedSwitches());
        assertEquals(List.of(LINK.describe(), SPINE.describe()), layout.suspects());
        assertEquals(layout.links().getLast(), selected, "the selection is drawn last, above the suspect");
    }

    @Test
    void selectingASwitchSuspectHighlightsItsLinks() {
        assertEquals(
                Set.of("p2-t0-0~p2-t1-0", "p2-t0-1~p2-t1-0"),
                MainViewModel.linksOf(SPINE, snapshot(planeTwo(), List.of(SPINE))));
        assertEquals(Set.of(FAILED), MainViewModel.linksOf(LINK, snapshot(planeTwo(), List.of(LINK))));
    }
}
