package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.synthetic.FullScaleFabric;

/**
 * The view models' share of full-scale views (ADR 0104), on a fabric of the full-scale shape cut
 * down (4 planes x 40 T0 x 20 T1): the matrix as arrays and its pixels, layouts computed elsewhere
 * and coalesced, the search index and the exclusion counts.
 */
class FullScaleViewModelsTest {
    private static final int PLANE = FullScaleFabric.DOWN_SPINE_PLANE;
    private final FullScaleFabric fabric = new FullScaleFabric(4, 40, 20, 1_800_000_000_000L);
    private final FabricSnapshot snapshot = fabric.snapshot(1, 1);

    private static int[] cell(String link) {
        String[] ends = link.split("~");
        return new int[] {
            Integer.parseInt(ends[0].replaceAll(".*-", "")), Integer.parseInt(ends[1].replaceAll(".*-", ""))
        };
    }

    private PlaneViewModel.Layout layout() {
        PlaneViewModel model = new PlaneViewModel();
        model.planeProperty().set(PLANE);
        model.update(snapshot, Set.of());
        return model.layoutProperty().get();
    }

    @Test
    void aMatrixPlaneKeepsEveryLinkInItsGridAndOnlyTheLinksDrawnApartAsCells() {
        PlaneViewModel.Layout layout = layout();
        assertTrue(layout.matrix());
        LinkMatrix grid = layout.grid();
        assertEquals(40, grid.rows());
        assertEquals(20, grid.columns());
        int[] down = cell(fabric.downLink(PLANE));
        assertEquals(fabric.downLink(PLANE), grid.link(down[0], down[1]).id());
        assertTrue((grid.flags(down[0], down[1]) & LinkMatrix.DOWN) != 0);
        assertTrue((grid.flags(down[0], down[1]) & LinkMatrix.SUSPECTED) != 0, "the down link is a suspect");
        assertTrue((grid.flags(0, FullScaleFabric.DOWN_SPINE % 20) & LinkMatrix.DOWN) != 0, "the spine's links");
        // The spine's 40 links, the plane's own down link and the gray link (suspected, losing packets).
        assertEquals(42, layout.links().size());
        assertEquals(
                List.of(fabric.grayLink()),
                layout.links().stream()
                        .filter(PlaneViewModel.LinkCell::up)
                        .map(PlaneViewModel.LinkCell::id)
                        .toList());
        assertEquals(42, grid.markedCells().length);
    }

    @Test
    void aPixelOverSeveralCellsShowsTheWorstAndDownBeatsSaturated() {
        LinkMatrix grid = layout().grid();
        int[] down = cell(fabric.downLink(PLANE));
        // A block around the down link, clear of the spine's column (17).
        int worst = grid.worstIn(down[0] - 1, down[0] + 2, down[1], down[1] + 2);
        assertEquals(down[0] * grid.columns() + down[1], worst);
        int[] ramp = new int[256];
        for (int i = 0; i < ramp.length; i++) {
            ramp[i] = 0xff000000 | i << 16;
        }
        LinkMatrix.Colors colors =
                new LinkMatrix.Colors(ramp, 0xff000001, 0xff000002, 0xff000003, 0xff000004, 0xff000005);
        // Four cells a pixel each way: the matrix in a 10 x 5 pixel image.
        int[] pixels = new int[10 * 5];
        grid.render(pixels, 10, 5, 0, 0, 0.25, 0.25, colors);
        int downPixel = (down[0] / 4) * 10 + down[1] / 4;
        assertEquals(0xff000001, pixels[downPixel], "the down link's pixel");
        int spinePixel = 10 * 4 + FullScaleFabric.DOWN_SPINE % 20 / 4;
        assertEquals(0xff000001, pixels[spinePixel], "the spine's pixels");
        // Zoomed in: 8 pixels a cell, the last one of each a gap.
        int[] zoomed = new int[16 * 8];
        grid.render(zoomed, 16, 8, down[0], down[1], 8, 8, colors);
        assertEquals(0xff000001, zoomed[0]);
        assertEquals(0xff000005, zoomed[7], "a gap between cells when they are big enough");
    }

    @Test
    void aLayoutAskedForIsShownOnceItIsPublishedThoughNewerOnesAreStillAskedFor() {
        PlaneViewModel model = new PlaneViewModel();
        ArrayDeque<Runnable> background = new ArrayDeque<>();
        ArrayDeque<Runnable> ui = new ArrayDeque<>();
        model.computeOn(background::add, ui::add);
        model.update(snapshot, Set.of());
        long live = model.layoutsAsked();
        assertFalse(model.shows(live), "not laid out yet");
        background.poll().run();
        model.update(snapshot, Set.of(fabric.grayLink())); // a newer snapshot while the first is published
        ui.poll().run();
        assertTrue(model.shows(live), "the layout asked for is shown");
        assertFalse(model.upToDate(), "a newer one is asked for still");
    }

    @Test
    void layoutsComputedElsewhereArePublishedNewestOnlyAndRequestsCoalesce() {
        PlaneViewModel model = new PlaneViewModel();
        ArrayDeque<Runnable> background = new ArrayDeque<>();
        ArrayDeque<Runnable> ui = new ArrayDeque<>();
        model.computeOn(background::add, ui::add);
        model.planeProperty().set(0);
        model.update(snapshot, Set.of());
        model.planeProperty().set(PLANE);
        model.update(snapshot, Set.of(fabric.grayLink()));
        assertEquals(1, background.size(), "requests made while one waits are coalesced");
        assertFalse(model.upToDate());
        assertEquals(-1, model.layoutProperty().get().plane(), "nothing is laid out on the calling thread");
        background.poll().run();
        assertEquals(1, ui.size());
        ui.poll().run();
        assertTrue(model.upToDate());
        assertEquals(PLANE, model.layoutProperty().get().plane(), "the newest request, not the first");
        assertTrue(model.layoutProperty()
                .get()
                .link(fabric.grayLink())
                .orElseThrow()
                .highlighted());
    }

    @Test
    void searchOffersDevicesByPrefixThenLinksThenDevicesByAnyPartAndCountsThemAll() {
        SearchIndex index = SearchIndex.of(snapshot);
        SearchIndex.Matches hosts = index.query("HOST-100", 5);
        assertEquals(List.of("host-1000", "host-10000", "host-10001", "host-10002", "host-10003"), hosts.shown());
        long expected = snapshot.hosts().stream()
                .filter(h -> h.name().contains("host-100"))
                .count();
        assertEquals(110, expected, "host-1000..9 and host-10000..99");
        assertEquals(expected, hosts.total());
        SearchIndex.Matches spines = index.query("t1-19", 20);
        assertEquals(List.of("p0-t1-19", "p1-t1-19", "p2-t1-19", "p3-t1-19"), spines.shown());
        assertEquals(4, spines.total(), "found inside the names; link ids only by their start");
        SearchIndex.Matches links = index.query("p2-t0-7~", 3);
        assertEquals(3, links.shown().size());
        assertEquals(20, links.total(), "every link of p2-t0-7");
        assertEquals(SearchIndex.Matches.NONE, index.query("  ", 5));
        assertEquals(0, index.query("nothing-like-it", 5).total());
        assertEquals(SearchIndex.fingerprint(snapshot), SearchIndex.fingerprint(fabric.snapshot(2, 2)));
        assertTrue(SearchIndex.fingerprint(snapshot)
                != SearchIndex.fingerprint(new FullScaleFabric(4, 40, 21, 0).snapshot(1, 1)));
    }

    @Test
    void theMainViewModelIndexesOnceForATopologyAndAnswersFromTheIndex() {
        MainViewModel main =
                new MainViewModel(FullScaleFabric.fixedSource(snapshot), Optional.empty(), Optional.empty(), "test");
        ArrayDeque<Runnable> indexing = new ArrayDeque<>();
        main.computeLayoutsOn(Runnable::run, indexing::add, Runnable::run);
        main.onFrame();
        assertFalse(main.searchIndexReady());
        assertEquals(0, main.searchMatches("host-1", 5).total(), "no index yet: no answers, no blocking");
        indexing.poll().run();
        assertTrue(main.searchIndexReady());
        assertEquals(5, main.searchMatches("host-1", 5).shown().size());
        assertEquals(List.of("p1-t0-3"), main.searchCandidates("p1-t0-3").subList(0, 1));
        assertTrue(indexing.isEmpty());
    }

    /**
     * A fleet's first read grows the topology twice a second while an index of a million names takes
     * seconds: topologies that arrive while one waits to be indexed are skipped, never queued each with
     * its snapshot (seconds of stale builds, and a million links' snapshot held by each).
     */
    @Test
    void topologiesThatArriveWhileOneWaitsToBeIndexedAreCoalescedToTheNewest() {
        FabricSnapshot[] growing = {
            new FullScaleFabric(4, 10, 20, 0).snapshot(1, 1),
            new FullScaleFabric(4, 20, 20, 0).snapshot(2, 1),
            new FullScaleFabric(4, 40, 20, 0).snapshot(3, 1)
        };
        FullScaleFabric.Source source = FullScaleFabric.fixedSource(growing[0]);
        MainViewModel main = new MainViewModel(source, Optional.empty(), Optional.empty(), "test");
        ArrayDeque<Runnable> indexing = new ArrayDeque<>();
        main.computeLayoutsOn(Runnable::run, indexing::add, Runnable::run);
        main.onFrame();
        source.set(growing[1]);
        main.onFrame();
        source.set(growing[2]);
        main.onFrame();
        assertEquals(1, indexing.size(), "one build waits, for the newest topology");
        indexing.poll().run();
        assertTrue(indexing.isEmpty());
        assertTrue(main.searchIndexReady());
        assertEquals(
                40 * FullScaleFabric.HOSTS_PER_T0,
                main.searchMatches("host-", 1).total(),
                "the newest's hosts");
    }

    private static int downCells(LinkMatrix grid) {
        int down = 0;
        for (int row = 0; row < grid.rows(); row++) {
            for (int column = 0; column < grid.columns(); column++) {
                down += (grid.flags(row, column) & LinkMatrix.DOWN) != 0 ? 1 : 0;
            }
        }
        return down;
    }

    /**
     * What the screenshots show must read as one fabric: per plane, the overview's EVs out are the
     * EVs its suspects' failing paths stand for, its links down the matrix's down cells and its alarm's
     * count; each suspect explains no more hosts than failing paths and holds an alarm; the decisions
     * end at the snapshot's time (also as the history slides) and each leaves from its host's T0.
     */
    @Test
    void theGeneratedFabricsFiguresAgreeAcrossOverviewMatrixSuspectsAlarmsAndDecisions() {
        for (FabricSnapshot.PlaneSummary plane : snapshot.planes()) {
            OverviewViewModel.PlaneCard card = OverviewViewModel.card(
                    plane, List.of(), snapshot.suspects(), org.planewatch.console.state.AlarmThresholds.defaults());
            long failing = snapshot.suspects().stream()
                    .filter(x -> x.plane() == plane.plane())
                    .mapToLong(org.planewatch.console.state.localize.Suspect::failingPaths)
                    .sum();
            assertEquals(failing, card.evsOutOfService(), "plane " + plane.plane() + ": EVs out, its suspects'");
            assertEquals(
                    (double) plane.evsGood() / (plane.evsGood() + plane.evsOutOfService()),
                    card.pathHealth(),
                    1e-9,
                    "plane " + plane.plane() + ": path health, the share of its EVs still good");
            PlaneViewModel model = new PlaneViewModel();
            model.planeProperty().set(plane.plane());
            model.update(snapshot, Set.of());
            LinkMatrix grid = model.layoutProperty().get().grid();
            int downCells = downCells(grid);
            assertEquals(card.linksDown(), downCells, "plane " + plane.plane() + ": links down, the matrix's");
            List<org.planewatch.console.state.Alarm> linksAlarms = snapshot.activeAlarms().stream()
                    .filter(a -> a.kind() == org.planewatch.console.state.Alarm.Kind.LINKS_DOWN)
                    .filter(a -> a.subject().equals("plane " + plane.plane()))
                    .toList();
            assertEquals(downCells == 0 ? 0 : 1, linksAlarms.size(), "plane " + plane.plane() + "'s links-down alarm");
            linksAlarms.forEach(a -> assertTrue(
                    a.message().contains(downCells + " of " + grid.rows() * grid.columns() + " links down"),
                    a.message()));
        }
        for (org.planewatch.console.state.localize.Suspect suspect : snapshot.suspects()) {
            assertTrue(
                    suspect.hosts() <= suspect.failingPaths(),
                    suspect.name() + ": hosts whose failing paths it explains, at most one per path");
            assertTrue(
                    snapshot.activeAlarms().stream()
                            .anyMatch(a -> a.subject().equals(suspect.name())
                                    && a.message().equals(suspect.describe())),
                    suspect.name() + " holds an alarm, as the store's alarm engine raises one per suspect");
        }
        for (FabricSnapshot s : List.of(snapshot, fabric.withNewerEvents(snapshot, 2, 50))) {
            assertTrue(
                    s.events().getLast().arrivalMillis() <= s.atMillis(),
                    "the newest decision is not later than the snapshot");
            for (FabricSnapshot.ExclusionEvent event : s.events()) {
                int host = Integer.parseInt(event.host().substring("host-".length()));
                assertEquals(
                        cell(event.links().getFirst())[0],
                        host / FullScaleFabric.HOSTS_PER_T0,
                        event.host() + " leaves from the T0 of " + event.links());
            }
        }
        assertTrue(
                snapshot.events().stream()
                        .anyMatch(e -> e.isExclusion()
                                && e.links()
                                        .getFirst()
                                        .endsWith("~"
                                                + snapshot.suspects().getFirst().name())),
                "exclusions point at the down spine");
    }

    @Test
    void theExclusionCountsAgreeWithTheRowsAndTheSuspects() {
        ExclusionsViewModel model = new ExclusionsViewModel();
        model.update(snapshot);
        long exclusions = snapshot.events().stream()
                .filter(FabricSnapshot.ExclusionEvent::isExclusion)
                .count();
        long hosts = snapshot.events().stream()
                .filter(FabricSnapshot.ExclusionEvent::isExclusion)
                .map(FabricSnapshot.ExclusionEvent::host)
                .distinct()
                .count();
        assertEquals(
                String.format(
                        "20,000 of 20,000 decisions shown; %,d exclusions by %,d hosts in the newest 20,000 kept",
                        exclusions, hosts),
                model.decisionsSummaryProperty().get());
        model.planeFilterProperty().set(PLANE);
        long onPlane =
                snapshot.events().stream().filter(e -> e.plane() == PLANE).count();
        assertTrue(model.decisionsSummaryProperty().get().startsWith(String.format("%,d of 20,000", onPlane)));
        assertEquals(snapshot.suspects().size(), model.suspects().size());
        assertEquals(
                "4 suspects: 3 links, 1 switch", model.suspectsSummaryProperty().get());
        model.planeFilterProperty().set(null);
        FabricSnapshot later = fabric.withNewerEvents(snapshot, 2, 50);
        model.update(later);
        assertEquals(FullScaleFabric.EVENTS, model.visibleRows().size(), "the history slid: 50 in, 50 out");
        assertEquals(later.events().getLast(), model.visibleRows().getFirst(), "newest first");
        assertEquals(
                snapshot.events().getLast().seq() + 50, later.events().getLast().seq());
        assertNull(model.selectedEventProperty().get());
    }
}
