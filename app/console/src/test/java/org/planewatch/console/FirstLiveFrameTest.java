package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
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
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.viewmodel.MainViewModel;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 20, item 4: "First live frame" is printed once the window has painted the live figures, not
 * in the pulse that merely handed them to the views (it came seconds before the window showed them).
 */
@ExtendWith(ApplicationExtension.class)
class FirstLiveFrameTest {
    private final ManualClock clock = new ManualClock(1_800_000_000_000L);
    private final TelemetryStore store = new TelemetryStore(clock);
    private final FabricScript fabric = new FabricScript(2, 2, 2, 2);
    private final List<String> printed = new CopyOnWriteArrayList<>();
    /** Pulses laid out so far, and how many had been when the live snapshot reached the views. */
    private final AtomicInteger pulses = new AtomicInteger();

    private int pulsesAtLiveFrame = -1;
    private int pulsesAtPrint = -1;
    private MainViewModel viewModel;

    @Start
    void start(Stage stage) {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        viewModel = new MainViewModel(store, Optional.empty(), Optional.empty(), "Scripted fabric");
        Scene scene = new Scene(new MainWindow(viewModel), 1000, 700);
        scene.addPostLayoutPulseListener(pulses::incrementAndGet);
        stage.setScene(scene);
        stage.show();
        PlanewatchApp.reportFirstLiveFrame(viewModel, scene, line -> {
            pulsesAtPrint = pulses.get();
            printed.add(line);
        });
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void theFirstLiveFrameIsReportedAfterThePulsesThatPaintedIt() {
        for (int second = 1; second <= 2; second++) {
            clock.advance(Duration.ofSeconds(1));
            long ts = second * 1_000_000_000L;
            store.apply(FabricScript.asEvents("fabric", fabric.tick(ts), ts, clock.millis()));
            store.publish(IngestStats.NONE);
        }
        WaitForAsyncUtils.asyncFx(() -> {
            pulsesAtLiveFrame = pulses.get();
            viewModel.onFrame();
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (printed.isEmpty() && System.nanoTime() < deadline) {
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertEquals(1, printed.size(), "printed: " + printed);
        assertTrue(printed.getFirst().startsWith("First live frame "), printed.getFirst());
        assertTrue(
                pulsesAtPrint - pulsesAtLiveFrame >= 2,
                "printed after " + (pulsesAtPrint - pulsesAtLiveFrame)
                        + " pulses laid out since the live snapshot reached the views");
    }
}
