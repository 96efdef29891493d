package org.planewatch.console.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.robot.Robot;
import javafx.stage.Stage;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.synthetic.FullScaleFabric;
import org.planewatch.console.synthetic.SyntheticInput;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.view.PlaneView;
import org.planewatch.console.view.ScreenshotWriter;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;

/**
 * The console's views at full scale (ADR 0104), on a generated snapshot ({@link FullScaleFabric}:
 * 8 x 512 x 256 core links, 137,216 device names, 20,000 decisions; not a live fleet): per view,
 * the FX thread's work for a new snapshot (view model update, CSS, layout, the plane canvas's
 * drawing) and, for the plane, the time until the new layout computed off the FX thread is drawn;
 * the plane matrix's redraw at each zoom and a hover; the search box from keystroke to the
 * completion list; a click from the button to the view shown (for the plane, drawn). With {@code
 * --screenshots DIR} it saves the plane matrix, a zoomed matrix with its hover tooltip, the search
 * list, the suspects and the overview as PNGs (a screen capture: popups included).
 *
 * <pre>
 * xvfb-run -a -s "-screen 0 1600x1000x24" java -Xmx3g -cp app/target/planewatch-console-bench.jar \
 *     org.planewatch.console.bench.FullScaleViewsBench [rounds] [--screenshots docs/images]
 * </pre>
 */
public final class FullScaleViewsBench {
    private static final int WIDTH = 1600;
    private static final int HEIGHT = 960;

    private final FullScaleFabric.Source source = new FullScaleFabric.Source();
    private final List<FabricSnapshot> snapshots = new ArrayList<>();
    private MainViewModel viewModel;
    private MainWindow window;
    private Stage stage;
    private long version = 1;
    private long eventsFrom;
    private volatile long firstFrameNanos;
    private final FullScaleFabric fabric = new FullScaleFabric();

    public static void main(String[] args) throws Exception {
        int rounds = 20;
        Optional<Path> shots = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--screenshots")) {
                shots = Optional.of(Path.of(args[++i]));
            } else {
                rounds = Integer.parseInt(args[i]);
            }
        }
        new FullScaleViewsBench().run(rounds, shots);
        Platform.exit();
        System.exit(0);
    }

    private void run(int rounds, Optional<Path> shots) throws Exception {
        long started = System.nanoTime();
        snapshots.add(fabric.snapshot(1, 1));
        snapshots.add(fabric.snapshot(2, 2));
        FabricSnapshot first = snapshots.getFirst();
        System.out.printf(
                Locale.ROOT,
                "generated 2 full-scale snapshots in %.1f s: %,d links, %,d hosts, %,d switches, %,d events, %d suspects%n",
                (System.nanoTime() - started) / 1e9,
                first.links().size(),
                first.hosts().size(),
                first.switches().size(),
                first.events().size(),
                first.suspects().size());
        source.set(first);
        layoutAlone(rounds);
        CompletableFuture<Void> shown = new CompletableFuture<>();
        Platform.startup(() -> {
            viewModel = MainWindow.layOutPlanesOffTheFxThread(
                    new MainViewModel(source, Optional.empty(), Optional.empty(), "full-scale benchmark (generated)"));
            window = new MainWindow(viewModel);
            stage = new Stage();
            stage.setX(0);
            stage.setY(0);
            stage.setScene(new Scene(window, WIDTH, HEIGHT));
            stage.setTitle("Planewatch \u2014 full-scale views benchmark (generated snapshot, not a live fleet)");
            stage.show();
            firstFrameNanos = System.nanoTime();
            viewModel.onFrame();
            shown.complete(null);
        });
        shown.get(60, TimeUnit.SECONDS);
        // From the first frame, when the index was asked for (it is built meanwhile, off the FX thread).
        waitFor(viewModel::searchIndexReady, 60_000);
        System.out.printf(
                Locale.ROOT,
                "search index of %,d names ready %.0f ms after the first frame%n",
                137_216 + first.links().size(),
                (System.nanoTime() - firstFrameNanos) / 1e6);

        for (ViewId view : List.of(ViewId.OVERVIEW, ViewId.PLANE, ViewId.EXCLUSIONS, ViewId.ALARMS, ViewId.HOST)) {
            frames(view, rounds);
        }
        zoomAndHover(rounds);
        search();
        clicks(rounds);
        shots.ifPresent(this::screenshots);
    }

    /** A new snapshot per round with {@code view} shown: the FX thread's work, and for the plane the time to drawn. */
    private void frames(ViewId view, int rounds) throws Exception {
        fx(() -> {
            viewModel.currentViewProperty().set(view);
            if (view == ViewId.PLANE) {
                viewModel.openPlane(FullScaleFabric.DOWN_SPINE_PLANE);
            }
            return null;
        });
        settle();
        long[] work = new long[rounds];
        long[] drawn = new long[rounds];
        long[] draw = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            source.set(next());
            long t0 = System.nanoTime();
            work[r] = fx(() -> {
                long s = System.nanoTime();
                viewModel.onFrame();
                window.applyCss();
                window.layout();
                return System.nanoTime() - s;
            });
            if (view == ViewId.PLANE) {
                waitFor(() -> viewModel.plane().upToDate(), 30_000);
                drawn[r] = fx(() -> System.nanoTime()) - t0;
                draw[r] = fx(() -> planeView().lastDrawNanos());
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%-10s new snapshot, FX thread work (update + CSS + layout%s): p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                view.cliName(),
                view == ViewId.PLANE ? "" : "",
                FrameStats.pct(work, 50),
                FrameStats.pct(work, 99),
                FrameStats.pct(work, 100));
        if (view == ViewId.PLANE) {
            System.out.printf(
                    Locale.ROOT,
                    "%-10s matrix draw (pixels + marks + axes) p50 %.1f ms  p99 %.1f ms; snapshot to matrix drawn "
                            + "(layout off the FX thread): p50 %.0f ms  p99 %.0f ms  max %.0f ms%n",
                    view.cliName(),
                    FrameStats.pct(draw, 50),
                    FrameStats.pct(draw, 99),
                    FrameStats.pct(drawn, 50),
                    FrameStats.pct(drawn, 99),
                    FrameStats.pct(drawn, 100));
        }
    }

    /**
     * The next snapshot: the links' figures alternate between two draws and the exclusion history
     * moves on by 50 decisions (a second of a busy fabric).
     */
    private FabricSnapshot next() {
        FabricSnapshot links = snapshots.get((int) (version % 2));
        eventsFrom += 50;
        return fabric.withNewerEvents(links.withVersion(version), ++version, (int) eventsFrom);
    }

    /** The plane's layout on the calling thread, alone: what the layout thread does per snapshot. */
    private void layoutAlone(int rounds) {
        MainViewModel alone = new MainViewModel(source, Optional.empty(), Optional.empty(), "layout alone");
        alone.currentViewProperty().set(ViewId.PLANE);
        alone.openPlane(FullScaleFabric.DOWN_SPINE_PLANE);
        long[] times = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            source.set(next());
            long s = System.nanoTime();
            alone.onFrame();
            times[r] = System.nanoTime() - s;
        }
        System.out.printf(
                Locale.ROOT,
                "plane      view models for a new snapshot, plane view shown, layout on the same thread: p50 %.0f ms  p99 %.0f ms%n",
                FrameStats.pct(times, 50),
                FrameStats.pct(times, 99));
    }

    private PlaneView planeView() {
        return (PlaneView) window.lookup("#plane-view");
    }

    /** Redraws at each zoom step and a hover over a down link (the hit test and the tooltip's text). */
    private void zoomAndHover(int rounds) throws Exception {
        fx(() -> {
            viewModel.openPlane(FullScaleFabric.DOWN_SPINE_PLANE);
            return null;
        });
        waitFor(() -> viewModel.plane().upToDate(), 30_000);
        settle();
        fx(() -> {
            ((Button) window.lookup("#zoom-fit")).fire();
            return null;
        });
        StringBuilder line = new StringBuilder("plane      matrix redraw by zoom:");
        for (int step = 0; step <= 12; step += 4) {
            long[] draws = new long[rounds];
            for (int r = 0; r < rounds; r++) {
                draws[r] = fx(() -> {
                    long s = System.nanoTime();
                    ((Button) window.lookup("#zoom-in")).fire();
                    ((Button) window.lookup("#zoom-out")).fire();
                    return (System.nanoTime() - s) / 2;
                });
            }
            line.append(
                    String.format(Locale.ROOT, "  x%.1f p50 %.1f ms", Math.pow(1.25, step), FrameStats.pct(draws, 50)));
            for (int i = 0; i < 4; i++) {
                fx(() -> {
                    ((Button) window.lookup("#zoom-in")).fire();
                    return null;
                });
            }
        }
        System.out.println(line);
        fx(() -> {
            ((Button) window.lookup("#zoom-fit")).fire();
            return null;
        });
        Canvas canvas = (Canvas) window.lookup("#plane-canvas");
        long[] hovers = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            double x = 200 + r * 13 % 600;
            double y = 100 + r * 7 % 400;
            hovers[r] = fx(() -> {
                long s = System.nanoTime();
                SyntheticInput.moveTo(canvas, new javafx.geometry.Point2D(x, y));
                return System.nanoTime() - s;
            });
        }
        System.out.printf(
                Locale.ROOT,
                "plane      hover (hit test + text + tooltip): p50 %.2f ms  max %.2f ms%n",
                FrameStats.pct(hovers, 50),
                FrameStats.pct(hovers, 100));
    }

    /** Each query typed a character at a time: from the text changing to the list filled. */
    private void search() throws Exception {
        List<String> queries = List.of("host-1", "host-13107", "p3-t1-1", "p5-t0-170~", "t1-25", "0042", "zzz");
        List<Long> keys = new ArrayList<>();
        TextField field = (TextField) window.lookup("#search");
        for (String query : queries) {
            for (int i = 1; i <= query.length(); i++) {
                String typed = query.substring(0, i);
                keys.add(fx(() -> {
                    long s = System.nanoTime();
                    field.setText(typed);
                    return System.nanoTime() - s;
                }));
            }
            fx(() -> {
                field.setText("");
                return null;
            });
        }
        long[] all = keys.stream().mapToLong(Long::longValue).toArray();
        System.out.printf(
                Locale.ROOT,
                "search     keystroke to completion list (%d keystrokes over %,d names): p50 %.2f ms  p99 %.2f ms  max %.2f ms%n",
                all.length,
                137_216 + snapshots.getFirst().links().size(),
                FrameStats.pct(all, 50),
                FrameStats.pct(all, 99),
                FrameStats.pct(all, 100));
    }

    /** A view button fired to the view laid out; for the plane view, to another plane's matrix drawn. */
    private void clicks(int rounds) throws Exception {
        List<ViewId> order = List.of(ViewId.OVERVIEW, ViewId.EXCLUSIONS, ViewId.ALARMS, ViewId.HOST, ViewId.TRIMS);
        long[] views = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            ViewId view = order.get(r % order.size());
            views[r] = fx(() -> {
                long s = System.nanoTime();
                ((javafx.scene.control.ButtonBase) window.lookup("#view-" + view.cliName())).fire();
                window.applyCss();
                window.layout();
                return System.nanoTime() - s;
            });
        }
        long[] planes = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            int plane = r % FullScaleFabric.PLANES;
            long t0 = System.nanoTime();
            fx(() -> {
                ((javafx.scene.control.ButtonBase) window.lookup("#view-overview")).fire();
                viewModel.openPlane(plane);
                return null;
            });
            waitFor(
                    () -> viewModel.plane().upToDate()
                            && viewModel.plane().layoutProperty().get().plane() == plane,
                    30_000);
            planes[r] = fx(() -> System.nanoTime()) - t0;
        }
        System.out.printf(
                Locale.ROOT,
                "click      view button to view laid out: p50 %.1f ms  p99 %.1f ms  max %.1f ms; "
                        + "to another plane's matrix drawn: p50 %.0f ms  p99 %.0f ms  max %.0f ms%n",
                FrameStats.pct(views, 50),
                FrameStats.pct(views, 99),
                FrameStats.pct(views, 100),
                FrameStats.pct(planes, 50),
                FrameStats.pct(planes, 99),
                FrameStats.pct(planes, 100));
    }

    private void screenshots(Path dir) {
        try {
            Files.createDirectories(dir);
            fx(() -> {
                viewModel.openPlane(FullScaleFabric.DOWN_SPINE_PLANE);
                ((Button) window.lookup("#zoom-fit")).fire();
                return null;
            });
            waitFor(() -> viewModel.plane().upToDate(), 30_000);
            capture(dir.resolve("fullscale-plane-matrix.png"));
            Canvas canvas = (Canvas) window.lookup("#plane-canvas");
            // Zoomed in on the spine that went down, hovering over one of its links.
            fx(() -> {
                for (int i = 0; i < 9; i++) {
                    SyntheticInput.wheelUp(
                            canvas,
                            new javafx.geometry.Point2D(110 + (canvas.getWidth() - 130) * (17.5 / 256), 64 + 40));
                }
                return null;
            });
            settle();
            moveOverDownLink(canvas);
            Thread.sleep(800);
            capture(dir.resolve("fullscale-plane-matrix-zoom.png"));
            fx(() -> {
                new Robot().mouseMove(5, 5);
                ((Button) window.lookup("#zoom-fit")).fire();
                viewModel.currentViewProperty().set(ViewId.EXCLUSIONS);
                return null;
            });
            settle();
            capture(dir.resolve("fullscale-suspects.png"));
            fx(() -> {
                viewModel.currentViewProperty().set(ViewId.OVERVIEW);
                return null;
            });
            settle();
            capture(dir.resolve("fullscale-overview.png"));
            TextField field = (TextField) window.lookup("#search");
            fx(() -> {
                field.requestFocus();
                field.setText("host-1024");
                return null;
            });
            settle();
            capture(dir.resolve("fullscale-search.png"));
            // The completion list closed before the toolkit exits (a popup still showing fails its exit).
            fx(() -> {
                field.setText("");
                return null;
            });
            settle();
        } catch (Exception e) {
            throw new IllegalStateException("screenshots failed: " + e.getMessage(), e);
        }
    }

    /** Moves the real mouse along the down spine's column until the hover names a down link. */
    private void moveOverDownLink(Canvas canvas) throws Exception {
        for (int dx = 0; dx < 400; dx += 2) {
            int step = dx;
            fx(() -> {
                Bounds b = canvas.localToScreen(canvas.getBoundsInLocal());
                new Robot().mouseMove(b.getMinX() + 110 + step, b.getMinY() + 64 + 60);
                return null;
            });
            Thread.sleep(20);
            String text = fx(() -> ((javafx.scene.control.Label) window.lookup("#plane-hover")).getText());
            if (text.contains("DOWN")) {
                return;
            }
        }
    }

    private void capture(Path file) throws Exception {
        settle();
        javafx.scene.image.WritableImage image = fx(() -> new Robot()
                .getScreenCapture(null, stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), false));
        ScreenshotWriter.write(image, file);
        System.out.println("screenshot " + file);
    }

    private void settle() throws Exception {
        Thread.sleep(300);
        fx(() -> null);
        waitFor(() -> viewModel.plane().upToDate(), 30_000);
        Thread.sleep(200);
        fx(() -> null);
    }

    private static <T> T fx(Callable<T> task) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(task.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(60, TimeUnit.SECONDS);
    }

    private static void waitFor(BooleanSupplier condition, long millis) throws Exception {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!fx(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + millis + " ms");
            }
            Thread.sleep(2);
        }
    }
}
