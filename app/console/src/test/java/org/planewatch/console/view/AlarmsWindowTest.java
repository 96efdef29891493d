package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.FabricScript;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * In the window: an alarm whose plane recovered reads as clearing with the plane's current figure in
 * the Alarms view and the overview's list, and an operator silences an alarm from the Alarms view.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class AlarmsWindowTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private final ManualClock clock = new ManualClock(1_800_000_000_000L);
    private final TelemetryStore store = new TelemetryStore(clock);
    private final FabricScript fabric = new FabricScript(4, 4, 8, 4);
    private long ts = SECOND_NS;
    private MainViewModel viewModel;

    @Start
    void start(Stage stage) {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        viewModel = new MainViewModel(store, Optional.empty(), Optional.empty(), "Scripted fabric");
        stage.setScene(new Scene(new MainWindow(viewModel), 1280, 780));
        stage.show();
        step(Map.of());
    }

    private void step(Map<String, Map<TelemetryPath, TelemetryValue>> extra) {
        clock.advance(Duration.ofSeconds(1));
        ts += SECOND_NS;
        store.apply(FabricScript.asEvents("fabric", fabric.tick(ts), ts, clock.millis()));
        store.apply(FabricScript.asEvents("fabric", extra, ts, clock.millis()));
        store.publish(IngestStats.NONE);
        WaitForAsyncUtils.asyncFx(viewModel::onFrame);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void degradePlaneZero() {
        fabric.setLink(FabricScript.link(0, 0, 0), false);
        for (int h = 0; h < fabric.hostsPerT0; h++) {
            fabric.setBadEvs(FabricScript.host(h), 0, 24);
        }
        step(Map.of());
    }

    private void recoverPlaneZero() {
        fabric.setLink(FabricScript.link(0, 0, 0), true);
        for (int h = 0; h < fabric.hostsPerT0; h++) {
            fabric.setBadEvs(FabricScript.host(h), 0, 0);
        }
        step(Map.of());
    }

    /** Whether a visible table cell (of {@code table}, or any when null) starts with {@code prefix}. */
    private static boolean cellStartingWith(FxRobot robot, TableView<?> table, String prefix) {
        return robot.lookup(n -> n instanceof TableCell<?, ?> c
                        && (table == null || c.getTableView() == table)
                        && c.getText() != null
                        && c.getText().startsWith(prefix))
                .tryQuery()
                .isPresent();
    }

    private void show(ViewId view) {
        WaitForAsyncUtils.asyncFx(() -> viewModel.currentViewProperty().set(view));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aRecoveredPlanesAlarmReadsClearingWithItsCurrentFigureInTheAlarmsViewAndTheOverview(FxRobot robot) {
        degradePlaneZero();
        show(ViewId.OVERVIEW);
        recoverPlaneZero();
        ListView<?> overview = robot.lookup("#overview-alarms").queryAs(ListView.class);
        String health =
                robot.lookup("#overview-alarms .list-cell").queryAllAs(javafx.scene.control.ListCell.class).stream()
                        .map(c -> c.getText() == null ? "" : c.getText())
                        .filter(t -> t.contains("path health"))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no health alarm in " + overview.getItems()));
        assertTrue(health.startsWith("CLEARING since "), health);
        assertTrue(health.contains("now path health 100.0%, 0 EVs out of service (was: Plane 0 path health"), health);
        assertTrue(
                robot.lookup("#alarm-badge").queryAs(Label.class).getText().startsWith("No active alarms, 2 clearing"),
                robot.lookup("#alarm-badge").queryAs(Label.class).getText());

        show(ViewId.ALARMS);
        assertTrue(robot.lookup("#active-alarms .alarm-clearing").tryQuery().isPresent(), "drawn as clearing");
        assertTrue(robot.lookup("#active-alarms .alarm-major").tryQuery().isEmpty(), "not as a major alarm");
        assertTrue(cellStartingWith(robot, null, "CLEARING since"));
        step(Map.of());
        step(Map.of());
        TableView<?> recent = robot.lookup("#recent-alarms").queryAs(TableView.class);
        assertTrue(
                cellStartingWith(robot, recent, "now 0 of"), "the cleared links alarm says what the plane reads now");
    }

    @Test
    void silencingTheSelectedAlarmFromTheAlarmsViewKeepsItListedAndQuiet(FxRobot robot) {
        degradePlaneZero();
        show(ViewId.ALARMS);
        assertTrue(robot.lookup("#alarm-silence-15m").queryButton().isDisabled(), "nothing selected yet");
        robot.clickOn(robot.lookup("#active-alarms .table-row-cell").nth(0).queryAs(javafx.scene.Node.class));
        Alarm selected = viewModel.alarms().active().getFirst();
        robot.clickOn("#alarm-silence-15m");
        step(Map.of());
        Alarm silenced = store.latest().activeAlarms().stream()
                .filter(a -> a.key().equals(selected.key()))
                .findFirst()
                .orElseThrow();
        assertTrue(silenced.acknowledged());
        assertEquals(
                silenced.acknowledgedAtMillis() + Duration.ofMinutes(15).toMillis(), silenced.silencedUntilMillis());
        assertTrue(cellStartingWith(robot, null, "ACTIVE, silenced until"));
        FabricSnapshot latest = store.latest();
        assertEquals(latest.activeAlarms().size(), viewModel.alarms().active().size(), "still listed");
    }
}
