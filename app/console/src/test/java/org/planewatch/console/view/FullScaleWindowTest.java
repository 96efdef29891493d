package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.synthetic.FullScaleFabric;
import org.planewatch.console.synthetic.SyntheticInput;
import org.planewatch.console.viewmodel.LinkMatrix;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The views on a full-scale fabric (8 x 512 x 256 core links, 137,216 device names), laid out off
 * the FX thread as the console does: the plane matrix fits a 512 x 256 plane, names the down link
 * under the mouse in its tooltip, and keeps it crossed in red when zoomed in by the wheel; the
 * search box completes as the operator types and says how many names matched.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(180)
class FullScaleWindowTest {
    private static final int PLANE = FullScaleFabric.DOWN_SPINE_PLANE;
    private static final FullScaleFabric FABRIC = new FullScaleFabric();
    private static FabricSnapshot snapshot;

    private MainViewModel viewModel;
    private MainWindow window;

    private static synchronized FabricSnapshot snapshot() {
        if (snapshot == null) {
            snapshot = FABRIC.snapshot(1, 1);
        }
        return snapshot;
    }

    @Start
    void start(Stage stage) {
        viewModel = MainWindow.layOutPlanesOffTheFxThread(new MainViewModel(
                FullScaleFabric.fixedSource(snapshot()), Optional.empty(), Optional.empty(), "full-scale test"));
        window = new MainWindow(viewModel);
        // Within Monocle's headless screen (1280 x 800): the plane's 512 rows get less than a pixel each.
        stage.setScene(new Scene(window, 1280, 780));
        stage.show();
        viewModel.onFrame();
    }

    private static boolean near(Color actual, Color expected) {
        return Math.abs(actual.getRed() - expected.getRed()) < 0.12
                && Math.abs(actual.getGreen() - expected.getGreen()) < 0.12
                && Math.abs(actual.getBlue() - expected.getBlue()) < 0.12;
    }

    private void showPlane() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> viewModel.openPlane(PLANE));
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> viewModel.plane().upToDate()
                                && viewModel.plane().layoutProperty().get().plane() == PLANE)
                        .get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Where the view centres a cell's marks, in canvas coordinates (fit, or zoomed about a point). */
    private static Point2D cellCentre(Canvas canvas, MatrixViewport viewport, int row, int column) {
        return new Point2D(
                110 + viewport.xOf(column) + Math.max(1, viewport.cellWidth() - 1) / 2,
                64 + viewport.yOf(row) + Math.max(1, viewport.cellHeight() - 1) / 2);
    }

    /** The reddest pixel within a pixel of {@code at}: a thin antialiased stroke may straddle two. */
    private static Color reddestAround(PixelReader pixels, Point2D at) {
        Color best = Color.BLACK;
        for (int dx = -1; dx <= 1; dx++) {
            for (int dy = -1; dy <= 1; dy++) {
                Color c = pixels.getColor((int) at.getX() + dx, (int) at.getY() + dy);
                if (c.getRed() - c.getGreen() > best.getRed() - best.getGreen()) {
                    best = c;
                }
            }
        }
        return best;
    }

    private static MatrixViewport fitted(Canvas canvas, LinkMatrix grid) {
        MatrixViewport viewport = new MatrixViewport();
        viewport.fit(
                grid.rows(), grid.columns(), Math.floor(canvas.getWidth() - 130), Math.floor(canvas.getHeight() - 84));
        return viewport;
    }

    private static PixelReader pixels(Canvas canvas) throws Exception {
        WritableImage image =
                WaitForAsyncUtils.asyncFx(() -> canvas.snapshot(null, null)).get();
        return image.getPixelReader();
    }

    /** The mouse moving over the canvas at {@code at}, as the window delivers it to the canvas's handler. */
    private static void hover(Canvas canvas, Point2D at) {
        WaitForAsyncUtils.asyncFx(() -> SyntheticInput.moveTo(canvas, at));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The matrix point (fractional column, row) under canvas point {@code at}, as the view last drew it. */
    private static Point2D underMouse(PlaneView view, Point2D at) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return WaitForAsyncUtils.asyncFx(() -> view.matrixPointAt(at.getX(), at.getY()))
                .get();
    }

    /** The same matrix point, to a hundredth of a cell: the matrix did not move under the mouse. */
    private static void assertSamePoint(Point2D expected, Point2D actual, String after) {
        assertEquals(expected.getX(), actual.getX(), 0.01, "after " + after + ", the column under the mouse");
        assertEquals(expected.getY(), actual.getY(), 0.01, "after " + after + ", the row under the mouse");
    }

    @Test
    void aFullScalePlaneFitsItsDownLinkStaysCrossedInRedWhenZoomedAndTheMouseNamesIt(FxRobot robot) throws Exception {
        showPlane();
        LinkMatrix grid = viewModel.plane().layoutProperty().get().grid();
        assertEquals(512, grid.rows(), "T0 rows");
        assertEquals(256, grid.columns(), "T1 columns");
        Canvas canvas = robot.lookup("#plane-canvas").queryAs(Canvas.class);
        PlaneView view = robot.lookup("#plane-view").queryAs(PlaneView.class);
        String down = FABRIC.downLink(PLANE);
        int row = Integer.parseInt(down.split("~")[0].replaceAll(".*-", ""));
        int column = Integer.parseInt(down.split("~")[1].replaceAll(".*-", ""));
        MatrixViewport fit = fitted(canvas, grid);
        assertTrue(fit.cellHeight() < 1, "the whole plane in view: rows of " + fit.cellHeight() + " px");

        Point2D centre = cellCentre(canvas, fit, row, column);
        Palette colors = Palette.DARK;
        PixelReader fitPixels = pixels(canvas);
        Color atCross = reddestAround(fitPixels, centre);
        assertTrue(near(atCross, colors.critical()), "a down link of a sub-pixel row is crossed in red: " + atCross);

        // The rebooted spine's column: a dark band with red crosses on it, not a red (saturated) column.
        int spineX =
                (int) cellCentre(canvas, fit, 0, FullScaleFabric.DOWN_SPINE).getX();
        int dark = 0;
        int red = 0;
        int rowsDrawn = (int) (fit.cellHeight() * 512);
        for (int y = 64; y < 64 + rowsDrawn; y++) {
            Color c = fitPixels.getColor(spineX + 1, y);
            dark += near(c, colors.down()) ? 1 : 0;
            red += near(c, colors.critical()) ? 1 : 0;
        }
        assertTrue(dark > rowsDrawn / 4, "mostly dark: " + dark + " of " + rowsDrawn);
        assertTrue(red > rowsDrawn / 20, "crossed in red along it: " + red + " of " + rowsDrawn);

        // What the operator points at: the down link's cell, as the fitted matrix was drawn.
        Point2D pointed = underMouse(view, centre);
        assertEquals(row, (int) Math.floor(pointed.getY()), "the mouse is on the down link's row");
        assertEquals(column, (int) Math.floor(pointed.getX()), "and on its column");

        hover(canvas, centre);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.linkTipText().contains(down));
        assertTrue(view.linkTipText().contains("DOWN"), view.linkTipText());
        assertTrue(robot.lookup("#plane-hover").queryAs(Label.class).getText().startsWith(down + "  DOWN"));
        // The hover bar fills with the link's figures: the matrix must not move under the mouse for it.
        assertSamePoint(pointed, underMouse(view, centre), "hovering a link");

        for (int i = 0; i < 12; i++) {
            WaitForAsyncUtils.asyncFx(() -> SyntheticInput.wheelUp(canvas, centre));
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertSamePoint(pointed, underMouse(view, centre), "twelve steps of the wheel");
        MatrixViewport zoomed = fitted(canvas, grid);
        zoomed.zoomAt(centre.getX() - 110, centre.getY() - 64, Math.pow(1.25, 12));
        assertTrue(zoomed.cellHeight() > 12, "zoomed in: rows of " + zoomed.cellHeight() + " px");
        Point2D zoomedCentre = cellCentre(canvas, zoomed, row, column);
        assertEquals(centre.getX(), zoomedCentre.getX(), zoomed.cellWidth(), "the wheel zooms about the mouse");
        assertEquals(centre.getY(), zoomedCentre.getY(), zoomed.cellHeight(), "the wheel zooms about the mouse");
        PixelReader pixels = pixels(canvas);
        double cellLeft = 110 + zoomed.xOf(column);
        double cellTop = 64 + zoomed.yOf(row);
        Color inside = pixels.getColor(
                (int) (cellLeft + zoomed.cellWidth() * 0.5), (int) (cellTop + zoomed.cellHeight() * 0.12));
        assertTrue(near(inside, colors.down()), "zoomed in, a down cell is dark: " + inside);
        Color cross = reddestAround(pixels, zoomedCentre);
        assertTrue(near(cross, colors.critical()), "and crossed in red: " + cross);
        hover(canvas, zoomedCentre.add(zoomed.cellWidth() / 4, 0));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.linkTipText().contains(down));
        ConsoleViewsTest.DevShots.save(window, "fullscale-plane-matrix-zoomed");
    }

    @Test
    void searchCompletesAsYouTypeOverEveryDeviceNameAndSaysHowManyMatched(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(viewModel::searchIndexReady).get());
        SearchCompletion completion = window.completion();
        robot.clickOn("#search").write("host-1024");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(completion.isShowing(), "the list opens as the name is typed");
        List<String> shown = List.copyOf(completion.list().getItems());
        assertEquals("host-1024", shown.getFirst());
        assertEquals(SearchCompletion.SHOWN, shown.size());
        long expected = expectedMatches("host-1024");
        assertEquals(111, expected, "host-1024, host-10240..9, host-102400..99");
        assertEquals(
                String.format(Locale.ROOT, "20 of %,d matches: type more to narrow", expected), completion.countText());

        robot.eraseText(9).write("t1-255");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(expectedMatches("t1-255"), completion.list().getItems().size());
        assertEquals("all 8 matches", completion.countText(), "one last spine in each plane, found inside the names");

        robot.eraseText(6).write("p5-t0-170~");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                String.format(Locale.ROOT, "20 of %,d matches: type more to narrow", expectedMatches("p5-t0-170~")),
                completion.countText());
        assertTrue(completion.list().getItems().stream().allMatch(n -> n.startsWith("p5-t0-170~")));
        ConsoleViewsTest.DevShots.save(window, "fullscale-search");

        robot.eraseText(10).write("host-1024").type(KeyCode.DOWN).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ViewId.HOST, viewModel.currentViewProperty().get(), "Enter on the first completion opens it");
        assertEquals("host-1024", viewModel.devices().hostProperty().get());
    }

    /** Every device name containing {@code typed}, and every link id starting with it (the index's rule). */
    private static long expectedMatches(String typed) {
        FabricSnapshot s = snapshot();
        long devices = Stream.concat(
                        s.hosts().stream().map(FabricSnapshot.HostSummary::name),
                        s.switches().stream().map(FabricSnapshot.SwitchSummary::name))
                .filter(n -> n.contains(typed))
                .count();
        long links = s.links().stream().filter(l -> l.id().startsWith(typed)).count();
        return devices + links;
    }
}
