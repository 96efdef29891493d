package org.planewatch.console;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntConsumer;
import javafx.animation.AnimationTimer;
import javafx.animation.PauseTransition;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.util.Duration;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.view.ScreenshotWriter;
import org.planewatch.console.viewmodel.MainViewModel;

/**
 * {@code --smoke-test}: proves on the machine it runs on that the console starts, receives live
 * telemetry from the embedded demo's agent over gRPC (or, on a fleet, has read the whole fabric from
 * Kafka and finds it live) and draws it. It passes when a frame drawn
 * from live data renders into a picture that is not blank and that picture is saved; it fails, with
 * the reason on stderr, when no live data arrives in time, the frame is blank or the file cannot be
 * written. The installers' CI test runs it in the packaged console (docs/adr/0080).
 */
final class SmokeTest {
    static final double DEFAULT_TIMEOUT_SECONDS = 60;
    /** Pulses let pass after live data first reached the view model, so that the views have drawn it. */
    private static final int SETTLE_PULSES = 3;
    /** A window with text, tiles and a plane grid shows hundreds of colours; a failed render shows one. */
    private static final int MIN_DISTINCT_COLOURS = 16;

    private final MainViewModel viewModel;
    private final Scene scene;
    private final Path screenshot;
    private final IntConsumer finish;
    private final PauseTransition deadline;
    private boolean finished;

    private SmokeTest(
            MainViewModel viewModel, Scene scene, Path screenshot, PauseTransition deadline, IntConsumer finish) {
        this.viewModel = viewModel;
        this.scene = scene;
        this.screenshot = screenshot;
        this.deadline = deadline;
        this.finish = finish;
    }

    /**
     * Starts the check on the FX thread; {@code finish} receives the exit status once.
     *
     * @param source what the live data comes from, as a failure names it ("the embedded demo")
     */
    static SmokeTest start(
            MainViewModel viewModel,
            Scene scene,
            Path screenshot,
            double timeoutSeconds,
            String source,
            IntConsumer finish) {
        SmokeTest test = new SmokeTest(
                viewModel, scene, screenshot, new PauseTransition(Duration.seconds(timeoutSeconds)), finish);
        test.deadline.setOnFinished(e -> test.fail(String.format(
                Locale.ROOT,
                "no frame with live data from %s within %s s (freshness now %s, %d planes known)",
                source,
                BigDecimal.valueOf(timeoutSeconds).stripTrailingZeros().toPlainString(),
                viewModel.worstFreshnessProperty().get(),
                viewModel.snapshotProperty().get().planes().size())));
        // Freshness and the snapshot are separate properties: whichever changes last completes "live".
        InvalidationListener check = new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                if (viewModel.worstFreshnessProperty().get() == Freshness.LIVE
                        && !viewModel.snapshotProperty().get().planes().isEmpty()) {
                    viewModel.worstFreshnessProperty().removeListener(this);
                    viewModel.snapshotProperty().removeListener(this);
                    test.liveDataArrived();
                }
            }
        };
        viewModel.worstFreshnessProperty().addListener(check);
        viewModel.snapshotProperty().addListener(check);
        test.deadline.play();
        return test;
    }

    private void liveDataArrived() {
        // The plane's layout is computed off the FX thread (ADR 0104): at full scale it takes longer
        // than the settling pulses, and a picture taken before the live snapshot's layout was shown
        // showed the frames before live, every link grey (stale), under a LIVE badge. Waiting for that
        // layout, not for the newest, ends though a busy fleet asks for a new one every frame. Taken at
        // the first pulse: the views are given the live snapshot after the property that told it.
        new AnimationTimer() {
            private int pulses;
            private long liveLayout = -1;

            @Override
            public void handle(long now) {
                if (liveLayout < 0) {
                    liveLayout = viewModel.plane().layoutsAsked();
                }
                if (!viewModel.plane().shows(liveLayout)) {
                    pulses = 0;
                    return;
                }
                if (++pulses >= SETTLE_PULSES) {
                    stop();
                    capture();
                }
            }
        }.start();
    }

    /** Ends the test at once, e.g. when the demo could not even start. */
    void fail(String reason) {
        if (finished) {
            return;
        }
        finished = true;
        deadline.stop();
        System.err.println("planewatch-console: smoke test failed: " + reason);
        finish.accept(1);
    }

    private void capture() {
        if (finished) {
            return;
        }
        WritableImage frame;
        try {
            frame = scene.snapshot(null);
        } catch (RuntimeException e) {
            fail("rendering the window failed: " + e);
            return;
        }
        int colours = distinctColours(frame, MIN_DISTINCT_COLOURS);
        if (colours < MIN_DISTINCT_COLOURS) {
            fail(String.format(
                    Locale.ROOT,
                    "the rendered %.0fx%.0f frame is blank (%d colour(s))",
                    frame.getWidth(),
                    frame.getHeight(),
                    colours));
            return;
        }
        try {
            ScreenshotWriter.write(frame, screenshot);
        } catch (IOException e) {
            fail("cannot write the screenshot " + screenshot + ": " + e.getMessage());
            return;
        }
        finished = true;
        deadline.stop();
        FabricSnapshot snapshot = viewModel.snapshotProperty().get();
        System.out.printf(
                Locale.ROOT,
                "Smoke test passed: live frame with %d planes, %d hosts, %d switches drawn %d ms after JVM start; "
                        + "screenshot written to %s%n",
                snapshot.planes().size(),
                snapshot.hosts().size(),
                snapshot.switches().size(),
                ManagementFactory.getRuntimeMXBean().getUptime(),
                screenshot.toAbsolutePath());
        finish.accept(0);
    }

    /** Counts the distinct colours of {@code image}, stopping at {@code enough}. */
    static int distinctColours(WritableImage image, int enough) {
        PixelReader pixels = image.getPixelReader();
        Set<Integer> seen = new HashSet<>();
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        for (int y = 0; y < height; y += 3) {
            for (int x = 0; x < width; x += 3) {
                if (seen.add(pixels.getArgb(x, y)) && seen.size() >= enough) {
                    return seen.size();
                }
            }
        }
        return seen.size();
    }
}
