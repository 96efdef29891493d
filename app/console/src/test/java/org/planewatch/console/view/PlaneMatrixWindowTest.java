package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.FabricScript;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.PlaneViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dense matrix of a big plane, as drawn: a selected down link is a dark cell crossed in red with
 * a cyan ring around it (not a cyan fill that hides it), and the rows carry their T0 names.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class PlaneMatrixWindowTest {
    private static final long SECOND_NS = 1_000_000_000L;
    /** 24 x 12 = 288 core links: above {@link PlaneViewModel#MATRIX_THRESHOLD}, so a matrix. */
    private final FabricScript fabric = new FabricScript(1, 24, 12, 1);

    private final ManualClock clock = new ManualClock(1_800_000_000_000L);
    private final TelemetryStore store = new TelemetryStore(clock);
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

    private void step() {
        clock.advance(Duration.ofSeconds(1));
        ts += SECOND_NS;
        store.apply(FabricScript.asEvents("fabric", fabric.tick(ts), ts, clock.millis()));
        store.publish(IngestStats.NONE);
        WaitForAsyncUtils.asyncFx(viewModel::onFrame);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static boolean near(Color actual, Color expected) {
        return Math.abs(actual.getRed() - expected.getRed()) < 0.12
                && Math.abs(actual.getGreen() - expected.getGreen()) < 0.12
                && Math.abs(actual.getBlue() - expected.getBlue()) < 0.12;
    }

    @Test
    void aSelectedDownLinkIsADarkCrossedCellInACyanRingAndTheRowsAreNamed(FxRobot robot) throws Exception {
        String link = FabricScript.link(0, 3, 5);
        fabric.setLink(link, false);
        step();
        WaitForAsyncUtils.asyncFx(() -> viewModel.search(link));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.asyncFx(() -> viewModel.currentViewProperty().set(ViewId.PLANE));
        step();
        assertTrue(viewModel.plane().layoutProperty().get().matrix());
        ConsoleViewsTest.DevShots.save(window, "plane-matrix");
        Canvas canvas = robot.lookup("#plane-canvas").queryAs(Canvas.class);
        WritableImage image =
                WaitForAsyncUtils.asyncFx(() -> canvas.snapshot(null, null)).get();
        PixelReader pixels = image.getPixelReader();
        double left = 110;
        double top = 64;
        double cellW = (canvas.getWidth() - left - 20) / 12;
        double cellH = (canvas.getHeight() - top - 20) / 24;
        double x = left + 5 * cellW;
        double y = top + 3 * cellH;
        Palette colors = Palette.DARK;

        Color inside = pixels.getColor((int) (x + cellW * 0.5), (int) (y + cellH * 0.15));
        assertTrue(near(inside, colors.down()), "a down cell is dark, not filled by the selection: " + inside);
        Color cross = pixels.getColor((int) (x + (cellW - 1) / 2), (int) (y + (cellH - 1) / 2));
        assertTrue(near(cross, colors.critical()), "crossed in red: " + cross);
        Color ring = pixels.getColor((int) Math.round(x - 3.5), (int) (y + cellH / 2));
        assertTrue(near(ring, colors.highlight()), "the selection rings the cell: " + ring);

        Color saturatedRed = colors.ramp(1);
        assertTrue(!near(colors.down(), saturatedRed), "down is not the saturated red");

        long labelPixels = 0;
        for (int px = 20; px < left - 10; px++) {
            for (int py = (int) top; py < top + 3 * cellH; py++) {
                if (!near(pixels.getColor(px, py), colors.background())) {
                    labelPixels++;
                }
            }
        }
        assertTrue(labelPixels > 20, "the first rows carry their T0 names on the left: " + labelPixels);
        assertTrue(robot.lookup("#plane-legend").queryAs(Label.class).getText().contains("down"));
        Label planeLabel = robot.lookup("#plane-view .label")
                .match((Label l) -> "Plane".equals(l.getText()))
                .queryAs(Label.class);
        assertTrue(
                planeLabel.getWidth() >= planeLabel.prefWidth(-1) - 0.5,
                "the legend gives way, not the controls: " + planeLabel.getWidth());
        assertEquals(
                List.of("t0-0", "t0-1", "t0-2"),
                PlaneViewModel.axisLabels(
                                viewModel.plane().layoutProperty().get().t0(), 24)
                        .stream()
                        .limit(3)
                        .map(PlaneViewModel.AxisLabel::text)
                        .toList());
    }
}
