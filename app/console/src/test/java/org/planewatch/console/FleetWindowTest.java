package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.session.DrillDownControl;
import org.planewatch.console.session.TargetControl;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.synthetic.FullScaleFabric;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.viewmodel.LinkMatrix;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The console's window on a fleet (ADR 0102, ADR 0104), as {@code --kafka} opens it, fed the
 * snapshots a fleet publishes (the whole fabric at once, every device by name, no detail): the
 * window shows the console, lays planes out and indexes names for the search box off the FX thread
 * as the other sources' windows do, and a device searched for is drilled into through the session.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(120)
class FleetWindowTest {
    /** 8 planes of 64 T0 x 32 T1 (a matrix, as every plane of a fleet is), 16,384 hosts. */
    private static final FullScaleFabric FABRIC = new FullScaleFabric(8, 64, 32, 1_800_000_000_000L);

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    /** The fleet session's side the window uses: the devices it was asked to drill into. */
    private static final class DrillDowns implements TargetControl, DrillDownControl {
        final List<String> devices = new CopyOnWriteArrayList<>();

        @Override
        public void watchEvs(String host) {
            devices.add(host);
        }

        @Override
        public void watchDevice(String device) {
            devices.add(device);
        }

        @Override
        public void add(TargetConfig target) {
            throw new IllegalArgumentException("on a fleet the collectors subscribe to agents");
        }

        @Override
        public void remove(String name) {}

        @Override
        public List<TargetConfig> targets() {
            return List.of();
        }
    }

    @Test
    void aFleetShowsTheConsoleLaysPlanesOutAndIndexesNamesOffTheFxThreadAndDrillsIntoADeviceSearchedFor(FxRobot robot)
            throws Exception {
        FabricSnapshot fleetSnapshot = FABRIC.snapshot(1, 1);
        ConsoleOptions options = ConsoleOptions.parse(
                new String[] {"--kafka", "127.0.0.1:9092", "--view", "plane"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        DrillDowns session = new DrillDowns();
        MainViewModel viewModel = WaitForAsyncUtils.asyncFx(() -> PlanewatchApp.showFleet(
                        stage, options, FullScaleFabric.fixedSource(fleetSnapshot), session, "fleet via Kafka test"))
                .get(30, TimeUnit.SECONDS);
        Scene scene = stage.getScene();
        assertNotNull(scene, "the fleet's window has a scene");
        assertNotNull(scene.lookup("#main-window"), "and the console in it");
        assertTrue(stage.isShowing());

        boolean[] doneWithinTheFrame = WaitForAsyncUtils.asyncFx(() -> {
                    viewModel.openPlane(FullScaleFabric.DOWN_SPINE_PLANE);
                    viewModel.onFrame();
                    return new boolean[] {viewModel.plane().upToDate(), viewModel.searchIndexReady()};
                })
                .get(30, TimeUnit.SECONDS);
        // Published on the FX thread, which this frame holds: if either is there, it was computed on it.
        assertFalse(doneWithinTheFrame[0], "the plane's layout is computed off the FX thread");
        assertFalse(doneWithinTheFrame[1], "the search index is built off the FX thread");

        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> viewModel.plane().upToDate() && viewModel.searchIndexReady())
                        .get());
        LinkMatrix grid = WaitForAsyncUtils.asyncFx(
                        () -> viewModel.plane().layoutProperty().get().grid())
                .get();
        assertEquals(64, grid.rows(), "T0 rows of the fleet's plane");
        assertEquals(32, grid.columns(), "T1 columns");

        robot.clickOn("#search").write(FullScaleFabric.sw(2, 1, 7)).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ViewId.SWITCH, viewModel.currentViewProperty().get());
        assertTrue(session.devices.contains("p2-t1-7"), "drilled into through the fleet session: " + session.devices);
    }
}
