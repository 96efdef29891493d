package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.hansolo.tilesfx.Tile;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.state.Units;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.FabricScript;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.TrimsViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 20, item 4, in a real window: what an operator notices first. The toolbar keeps its buttons
 * whole whatever the search answers; tiles show smoothed rates in units chosen by magnitude with a
 * sparkline; the Host view says what to do before a host is chosen; the trim charts offer one scale.
 */
@ExtendWith(ApplicationExtension.class)
class FirstGlanceTest {
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
        // Narrow, as a laptop's window: the toolbar has little room to spare.
        stage.setScene(new Scene(new MainWindow(viewModel), 1100, 700));
        stage.show();
    }

    private FabricSnapshot step() {
        clock.advance(Duration.ofSeconds(1));
        ts += SECOND_NS;
        store.apply(FabricScript.asEvents("fabric", fabric.tick(ts), ts, clock.millis()));
        FabricSnapshot snapshot = store.publish(IngestStats.NONE);
        WaitForAsyncUtils.asyncFx(viewModel::onFrame);
        WaitForAsyncUtils.waitForFxEvents();
        return snapshot;
    }

    private static void assertButtonsWhole(FxRobot robot) {
        for (Node node : robot.lookup(".toggle-button").queryAll()) {
            ToggleButton button = (ToggleButton) node;
            assertTrue(
                    button.getWidth() >= button.prefWidth(-1) - 0.5,
                    "'" + button.getText() + "' is " + button.getWidth() + " px wide of the " + button.prefWidth(-1)
                            + " it needs");
        }
    }

    @Test
    void anUnknownNameNeverSqueezesTheViewButtonsAndItsAnswerGoesWhenTypingAgain(FxRobot robot) {
        step();
        step();
        assertButtonsWhole(robot);
        robot.clickOn("#search")
                .write("a-name-nobody-uses-in-this-fabric-at-all")
                .type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup("#search-message").queryAs(Label.class);
        assertTrue(message.getText().startsWith("Nothing named"), message.getText());
        assertTrue(message.isVisible());
        assertTrue(message.getWidth() <= MainWindow.MAX_SEARCH_MESSAGE_WIDTH + 0.5, "at most its room");
        assertEquals(message.getText(), message.getTooltip().getText(), "the whole answer in its tooltip");
        assertButtonsWhole(robot);
        robot.type(KeyCode.BACK_SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(message.isVisible(), "the answer to what was typed before is withdrawn");
        assertButtonsWhole(robot);
    }

    @Test
    void theSearchPromptUsesTheFabricsOwnNames(FxRobot robot) {
        step();
        String prompt = robot.lookup("#search").queryAs(TextField.class).getPromptText();
        assertTrue(prompt.contains(FabricScript.host(0)), prompt);
        assertTrue(prompt.contains("plane 0"), prompt);
    }

    @Test
    void overviewTilesShowSmoothedRatesInUnitsByMagnitudeWithASparkline(FxRobot robot) {
        FabricSnapshot last = null;
        for (int i = 0; i < 5; i++) {
            last = step();
        }
        List<FabricSnapshot.TrendPoint> trend = last.trends().get(0);
        assertTrue(trend.size() >= 4, "a point a second: " + trend);
        FabricSnapshot.TrendPoint now = trend.getLast();
        Tile goodput = robot.lookup("#plane-0-goodput").queryAs(Tile.class);
        Units.Scaled expected = Units.scaled(now.goodputBps(), "b/s");
        assertEquals(expected.unit(), goodput.getUnit());
        assertEquals(expected.value(), goodput.getValue(), 1e-9);
        Sparkline sparkline = robot.lookup("#plane-0-sparkline-1").queryAs(Sparkline.class);
        assertEquals(trend.size(), sparkline.values().length);
        assertEquals(now.goodputBps(), sparkline.values()[sparkline.values().length - 1]);
        assertTrue(sparkline.getHeight() > 0 && sparkline.getWidth() > 0, "laid out under the value");
    }

    @Test
    void theHostViewWithNoHostChosenSaysToChooseOne(FxRobot robot) {
        step();
        WaitForAsyncUtils.asyncFx(() -> viewModel.currentViewProperty().set(ViewId.HOST));
        WaitForAsyncUtils.waitForFxEvents();
        String placeholder =
                robot.lookup("#host-ports-placeholder").queryAs(Label.class).getText();
        assertTrue(placeholder.startsWith("Choose a host"), placeholder);
        WaitForAsyncUtils.asyncFx(() -> viewModel.openHost(FabricScript.host(1)));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#host-ports")
                .queryAs(javafx.scene.control.TableView.class)
                .getItems()
                .isEmpty());
    }

    @Test
    void theTrimChartsShareOneScaleUnlessAskedNotTo(FxRobot robot) {
        for (int i = 0; i < 3; i++) {
            step();
        }
        WaitForAsyncUtils.asyncFx(() -> viewModel.currentViewProperty().set(ViewId.TRIMS));
        WaitForAsyncUtils.waitForFxEvents();
        CheckBox common = robot.lookup("#trims-common-scale").queryAs(CheckBox.class);
        assertTrue(common.isSelected(), "one scale by default: the planes compare at a glance");
        var series = viewModel.trims().seriesProperty().get();
        double max = TrimsViewModel.commonMax(series, true);
        for (var points : series.values()) {
            for (var p : points) {
                assertTrue(Double.isNaN(p.lastHop()) || p.lastHop() <= max);
            }
        }
        robot.clickOn(common);
        assertFalse(viewModel.trims().commonScaleProperty().get());
    }
}
