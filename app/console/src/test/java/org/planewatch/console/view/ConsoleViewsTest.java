package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.FabricScript;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.viewmodel.LinkMetric;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Each view's key behaviour, headless, on a scripted 4-plane fabric fed straight into the state
 * owner with a manual clock (the network path has its own tests; the end-to-end test runs it all).
 */
@ExtendWith(ApplicationExtension.class)
class ConsoleViewsTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private final ManualClock clock = new ManualClock(1_800_000_000_000L);
    private final TelemetryStore store = new TelemetryStore(clock);
    private final FabricScript fabric = new FabricScript(4, 4, 8, 4);
    private long ts = SECOND_NS;
    private MainViewModel viewModel;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        viewModel = new MainViewModel(store, Optional.empty(), Optional.empty(), "Scripted fabric");
        window = new MainWindow(viewModel);
        stage.setScene(new Scene(window, 1280, 780));
        stage.show();
        step();
        step();
    }

    /** One second of fabric time: counters advance, the store publishes, the UI takes the frame. */
    private FabricSnapshot step() {
        return step(Map.of());
    }

    private FabricSnapshot step(Map<String, Map<TelemetryPath, TelemetryValue>> extra) {
        clock.advance(Duration.ofSeconds(1));
        ts += SECOND_NS;
        store.apply(FabricScript.asEvents("fabric", fabric.tick(ts), ts, clock.millis()));
        store.apply(FabricScript.asEvents("fabric", extra, ts, clock.millis()));
        FabricSnapshot snapshot = store.publish(IngestStats.NONE);
        frame();
        return snapshot;
    }

    private void frame() {
        org.testfx.api.FxToolkit.toolkitContext();
        WaitForAsyncUtils.asyncFx(viewModel::onFrame);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void show(ViewId view) {
        WaitForAsyncUtils.asyncFx(() -> viewModel.currentViewProperty().set(view));
        WaitForAsyncUtils.waitForFxEvents();
        DevShots.save(window, view.cliName());
    }

    /** The first visible row that holds an item (a table also keeps an invisible measuring row). */
    private static Node firstRow(FxRobot robot, String table) {
        return robot.lookup(table + " .table-row-cell")
                .match((TableRow<?> row) -> row.isVisible() && row.getItem() != null && row.getIndex() == 0)
                .query();
    }

    /** Fails link {@code link} and lets every host under its T0 exclude paths through it. */
    private FabricSnapshot failLinkWithExclusions(String link, int plane, int t0Index) {
        fabric.setLink(link, false);
        Map<String, Map<TelemetryPath, TelemetryValue>> events = new LinkedHashMap<>();
        for (int h = 0; h < fabric.hostsPerT0; h++) {
            String host = FabricScript.host(t0Index * fabric.hostsPerT0 + h);
            fabric.setBadEvs(host, plane, 24);
            events.put(host, fabric.exclusion(host, ts, plane, List.of(link), "GOOD", "ASSUMED_BAD", "LOSS_TIMER"));
        }
        return step(events);
    }

    @Test
    void overviewShowsOneTileGroupPerPlaneAndMarksTheDegradedPlane(FxRobot robot) {
        show(ViewId.OVERVIEW);
        for (int p = 0; p < 4; p++) {
            assertTrue(robot.lookup("#plane-" + p + "-health").tryQuery().isPresent(), "tiles of plane " + p);
        }
        failLinkWithExclusions(FabricScript.link(2, 1, 5), 2, 1);
        DevShots.save(window, "overview-degraded");
        Label verdict = robot.lookup("#plane-2-header")
                                .queryAs(VBox.class)
                                .getChildren()
                                .get(1)
                        instanceof Label l
                ? l
                : null;
        assertEquals("DEGRADED", verdict.getText());
        var healthy = robot.lookup("#plane-0-header")
                .queryAs(VBox.class)
                .getChildren()
                .get(1);
        assertEquals("HEALTHY", ((Label) healthy).getText());
        var linksDown = robot.lookup("#plane-2-links-down").queryAs(eu.hansolo.tilesfx.Tile.class);
        assertEquals(1, linksDown.getValue());
    }

    /**
     * Fails link {@code link} (T0 {@code t0Index} to T1 {@code t1Index}) and lets every host under the
     * T0 retire its paths through it to the first host under each other T0, each decision naming the
     * four links of its path as the NICs do: the host link, the failed uplink, the downlink, the far
     * host link.
     */
    private FabricSnapshot failLinkWithPathExclusions(int plane, int t0Index, int t1Index) {
        String link = FabricScript.link(plane, t0Index, t1Index);
        fabric.setLink(link, false);
        Map<String, Map<TelemetryPath, TelemetryValue>> events = new LinkedHashMap<>();
        for (int h = 0; h < fabric.hostsPerT0; h++) {
            String host = FabricScript.host(t0Index * fabric.hostsPerT0 + h);
            fabric.setBadEvs(host, plane, 24);
            for (int far = 0; far < fabric.t0; far++) {
                if (far == t0Index) {
                    continue;
                }
                String farHost = FabricScript.host(far * fabric.hostsPerT0);
                List<String> path = List.of(
                        host + "~" + FabricScript.sw(plane, 0, t0Index),
                        link,
                        FabricScript.link(plane, far, t1Index),
                        farHost + "~" + FabricScript.sw(plane, 0, far));
                events.computeIfAbsent(host, k -> new LinkedHashMap<>())
                        .putAll(fabric.exclusion(host, ts, plane, path, "GOOD", "ASSUMED_BAD", "LOSS_TIMER"));
            }
        }
        return step(events);
    }

    @Test
    void theSuspectLeadsTheExclusionsViewAndSelectingItHighlightsItInThePlaneView(FxRobot robot) {
        String link = FabricScript.link(2, 1, 5);
        failLinkWithPathExclusions(2, 1, 5);
        show(ViewId.EXCLUSIONS);
        TableView<?> suspects = robot.lookup("#suspects-table").queryAs(TableView.class);
        assertEquals(1, suspects.getItems().size(), "the innocent host links and downlinks are not suspects");
        Suspect first = (Suspect) suspects.getItems().getFirst();
        assertEquals("plane 2: link " + link + " suspected, 4 hosts excluding paths through it", first.describe());
        assertEquals(12, first.failingPaths());
        TableView<?> table = robot.lookup("#exclusion-table").queryAs(TableView.class);
        assertEquals(12, table.getItems().size());

        robot.clickOn(firstRow(robot, "#suspects-table"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Set.of(link), viewModel.highlightedLinksProperty().get());
        step();
        assertEquals(1, suspects.getSelectionModel().getSelectedIndices().size(), "the selection survives a snapshot");
        show(ViewId.PLANE);
        var cell = viewModel.plane().layoutProperty().get().link(link).orElseThrow();
        assertTrue(cell.highlighted());
        assertTrue(cell.suspected());
        assertFalse(cell.up());
        assertEquals(2, viewModel.plane().planeProperty().get());

        // Named for 2 s of the store's clock: the suspect's alarm is raised.
        step();
        step();
        show(ViewId.OVERVIEW);
        assertEquals(
                "link " + link + " suspected, 4 hosts",
                robot.lookup("#plane-2-suspect").queryAs(Label.class).getText());
        assertTrue(
                viewModel.alarms().active().stream().anyMatch(a -> a.message().equals(first.describe())),
                "an alarm names the suspect: " + viewModel.alarms().active());
    }

    @Test
    void exclusionFiltersNarrowTheTable(FxRobot robot) {
        failLinkWithExclusions(FabricScript.link(1, 0, 3), 1, 0);
        failLinkWithExclusions(FabricScript.link(3, 2, 1), 3, 2);
        show(ViewId.EXCLUSIONS);
        TableView<?> table = robot.lookup("#exclusion-table").queryAs(TableView.class);
        assertEquals(8, table.getItems().size());
        robot.clickOn("#exclusion-search").write("p3-t0-2");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4, table.getItems().size());
        assertTrue(table.getItems().stream().allMatch(e -> ((FabricSnapshot.ExclusionEvent) e).plane() == 3));
    }

    @Test
    void planeViewDrawsEveryCoreLinkAndTheLoadSpread(FxRobot robot) {
        show(ViewId.PLANE);
        var layout = viewModel.plane().layoutProperty().get();
        assertEquals(4, layout.t0().size());
        assertEquals(8, layout.t1().size());
        assertEquals(32, layout.links().size());
        assertEquals(32, layout.coreUtilizations().length);
        assertTrue(robot.lookup("#plane-spread")
                .queryAs(Label.class)
                .getText()
                .startsWith("core load spread over 32 links"));
        robot.clickOn("#metric-choice").clickOn("Trim rate");
        assertEquals(LinkMetric.TRIM_RATE, viewModel.plane().metricProperty().get());
    }

    @Test
    void aNotificationReadsWhatItsAlarmSaysNowAsTheAlarmsListDoes(FxRobot robot) {
        show(ViewId.OVERVIEW);
        fabric.setLink(FabricScript.link(0, 0, 0), false);
        step();
        Label toast = linksDownToast(robot);
        assertTrue(toast.getText().contains(": 1 of "), toast.getText());

        fabric.setLink(FabricScript.link(0, 0, 1), false);
        step();
        assertSame(toast, linksDownToast(robot), "the same toast, not a second one: the alarm was raised once");
        assertTrue(toast.getText().contains(": 2 of "), "the toast follows its alarm: " + toast.getText());
        Alarm listed = viewModel.alarms().active().stream()
                .filter(a -> a.message().contains("links down"))
                .findFirst()
                .orElseThrow();
        assertTrue(toast.getText().endsWith(listed.message()), toast.getText() + " / " + listed.message());
    }

    private static Label linksDownToast(FxRobot robot) {
        List<Label> toasts = robot.lookup("#notifications .toast").queryAllAs(Label.class).stream()
                .filter(l -> l.getText().contains("links down"))
                .toList();
        assertEquals(1, toasts.size(), "one toast for the plane's links down: " + toasts);
        return toasts.getFirst();
    }

    @Test
    void anAlarmRaisesANotificationAndClearsWhenThePlaneRecovers(FxRobot robot) {
        show(ViewId.OVERVIEW);
        String link = FabricScript.link(0, 0, 0);
        failLinkWithExclusions(link, 0, 0);
        assertTrue(robot.lookup("#alarm-badge").queryAs(Label.class).getText().endsWith("active alarms"));
        assertFalse(robot.lookup("#notifications .toast").queryAll().isEmpty());
        show(ViewId.ALARMS);
        TableView<?> active = robot.lookup("#active-alarms").queryAs(TableView.class);
        assertEquals(2, active.getItems().size(), "plane health and links down");

        fabric.setLink(link, true);
        for (int h = 0; h < fabric.hostsPerT0; h++) {
            fabric.setBadEvs(FabricScript.host(h), 0, 0);
        }
        step();
        step();
        step();
        // The plane's alarms clear. A SUSPECT alarm may stay: this script re-admits no path, so the
        // exclusion evidence against the link has not gone (it fades on its own clock).
        assertEquals(List.of(), planeAlarms(active.getItems()));
        assertEquals(
                2,
                planeAlarms(robot.lookup("#recent-alarms")
                                .queryAs(TableView.class)
                                .getItems())
                        .size());
        long stillActive = active.getItems().size();
        assertEquals(
                stillActive == 0
                        ? "No active alarms"
                        : stillActive + (stillActive == 1 ? " active alarm" : " active alarms"),
                robot.lookup("#alarm-badge").queryAs(Label.class).getText().replaceAll(",.*", ""));
    }

    /** The alarms that judge the plane's figures against thresholds: not the localization's suspects. */
    private static List<Alarm> planeAlarms(List<?> items) {
        return items.stream()
                .map(Alarm.class::cast)
                .filter(a -> a.kind() != Alarm.Kind.SUSPECT)
                .toList();
    }

    @Test
    void editedThresholdsChangeWhatRaisesAnAlarm(FxRobot robot) {
        failLinkWithExclusions(FabricScript.link(1, 1, 1), 1, 1);
        show(ViewId.ALARMS);
        robot.doubleClickOn("#threshold-links .text-field").write("5");
        robot.doubleClickOn("#threshold-health .text-field").write("50");
        robot.clickOn("#threshold-apply");
        clock.advance(Duration.ofSeconds(3));
        step();
        assertEquals(5, store.thresholds().maxLinksDown());
        assertEquals(
                List.of(),
                planeAlarms(viewModel.alarms().active()),
                "raised thresholds clear the plane's alarms (a suspect is not a threshold alarm)");
    }

    @Test
    void searchOpensAHostAndItsQpEvGrid(FxRobot robot) {
        // ESC first: on a slow machine the completion popup is open by now and would take the ENTER.
        robot.clickOn("#search").write("host-0005").type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ViewId.HOST, viewModel.currentViewProperty().get());
        TableView<?> ports = robot.lookup("#host-ports").queryAs(TableView.class);
        assertEquals(4, ports.getItems().size());
        // The console asks the agent for the host's per-EV leaves (an explicit subscription); here the script sends
        // them.
        fabric.watchEvs("host-0005");
        step();
        robot.clickOn(firstRow(robot, "#host-qps"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                16,
                viewModel
                        .devices()
                        .qpSummaryProperty()
                        .get()
                        .orElseThrow()
                        .evs()
                        .size());
        DevShots.save(window, "host");
    }

    @Test
    void searchNamesWhatItCouldNotFind(FxRobot robot) {
        // Typed, then ESC closes the completion popup a prefix may have opened, so ENTER searches the text.
        robot.clickOn("#search").write("host-9999").type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        String message = robot.lookup("#search-message").queryAs(Label.class).getText();
        assertTrue(message.startsWith("Nothing named 'host-9999'"), message);
    }

    @Test
    void switchDrillDownListsPortsAndQueues(FxRobot robot) {
        WaitForAsyncUtils.asyncFx(() -> viewModel.openSwitch("p1-t0-2"));
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> ports = robot.lookup("#switch-ports").queryAs(TableView.class);
        assertEquals(8 + 4, ports.getItems().size(), "8 up-ports and 4 host ports");
        robot.clickOn(firstRow(robot, "#switch-ports"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                1,
                robot.lookup("#switch-queues")
                        .queryAs(TableView.class)
                        .getItems()
                        .size());
        DevShots.save(window, "switch");
    }

    @Test
    void overviewRedrawsOnlyTheTilesOfAPlaneWhoseLevelChanged(FxRobot robot) {
        show(ViewId.OVERVIEW);
        var healthyTile = robot.lookup("#plane-0-evs-out").queryAs(eu.hansolo.tilesfx.Tile.class);
        var failingTile = robot.lookup("#plane-2-evs-out").queryAs(eu.hansolo.tilesfx.Tile.class);
        AtomicInteger healthyRedraws = new AtomicInteger();
        AtomicInteger failingRedraws = new AtomicInteger();
        healthyTile.addTileObserver(eu.hansolo.tilesfx.events.TileEvt.REDRAW, e -> healthyRedraws.incrementAndGet());
        failingTile.addTileObserver(eu.hansolo.tilesfx.events.TileEvt.REDRAW, e -> failingRedraws.incrementAndGet());

        failLinkWithExclusions(FabricScript.link(2, 1, 5), 2, 1);
        assertTrue(failingRedraws.get() > 0, "the plane that turned degraded is repainted");
        // TilesFX redraws a whole tile on every colour or description set, equal or not (ADR 0082).
        assertEquals(
                0, healthyRedraws.get(), "a plane that stayed healthy is not, though the overview shows new cards");
    }

    @Test
    void keyboardSwitchesViewsAndThemes(FxRobot robot) {
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT3).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ViewId.TRIMS, viewModel.currentViewProperty().get());
        robot.press(KeyCode.CONTROL).type(KeyCode.T).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(window.getStyleClass().contains("theme-light"));
        assertFalse(window.paletteProperty().get().dark());
        DevShots.save(window, "trims-light");
    }

    @Test
    void aSilentSourceTurnsStaleThenLostInTheBadgeAndTrimsShowAGap(FxRobot robot) {
        for (int i = 0; i < 3; i++) {
            step();
        }
        assertEquals(
                "LIVE", robot.lookup("#freshness-badge").queryAs(Label.class).getText());
        clock.advance(Duration.ofSeconds(4));
        store.publish(IngestStats.NONE);
        frame();
        assertEquals(
                "STALE", robot.lookup("#freshness-badge").queryAs(Label.class).getText());
        clock.advance(Duration.ofSeconds(7));
        FabricSnapshot lost = store.publish(IngestStats.NONE);
        frame();
        assertEquals(
                "LOST", robot.lookup("#freshness-badge").queryAs(Label.class).getText());
        var points = lost.trimHistory().get(0);
        assertTrue(Double.isNaN(points.getLast().lastHop()), "a gap is drawn as a gap");
        show(ViewId.TRIMS);
    }

    /** Writes PNGs of the views for a human to look at when {@code -Dpw.shots=<dir>} is set. */
    static final class DevShots {
        static void save(MainWindow window, String name) {
            String dir = System.getProperty("pw.shots");
            if (dir == null) {
                return;
            }
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.asyncFx(() -> {
                try {
                    ScreenshotWriter.write(window.getScene(), Path.of(dir, name + ".png"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
