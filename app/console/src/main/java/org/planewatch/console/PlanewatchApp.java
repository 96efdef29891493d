package org.planewatch.console;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextInputDialog;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.planewatch.console.demo.EmbeddedDemo;
import org.planewatch.console.session.DrillDownControl;
import org.planewatch.console.session.FleetRecording;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.session.RecordingControl;
import org.planewatch.console.session.RecordingInfo;
import org.planewatch.console.session.SessionException;
import org.planewatch.console.session.TargetControl;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.telemetry.FaultControl;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.view.FrameDriver;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.view.ScreenshotWriter;
import org.planewatch.console.viewmodel.MainViewModel;

/** The JavaFX application: opens the source, builds the main window and honours the scripting options. */
public final class PlanewatchApp extends Application {
    private static final AtomicReference<ConsoleOptions> OPTIONS =
            new AtomicReference<>(ConsoleOptions.parse(new String[0], System.err));
    /** What the process exits with once the window closed: only a failed --smoke-test sets it. */
    private static final AtomicInteger EXIT_STATUS = new AtomicInteger();

    private LiveSession session;
    private FleetSession fleet;
    /** The fleet being recorded with --record, once its recording started. */
    private FleetRecording fleetRecording;

    private EmbeddedDemo demo;
    private FrameDriver frames;
    private RecordingControl recording;
    /** The recording given on the command line, once open. */
    private ReplayWindow replayWindow;

    /**
     * The embedded demo and its session, started off the JavaFX thread before the toolkit starts: the
     * simulation build, the agent's server, gRPC's class loading and the first subscription overlap
     * the toolkit's own start-up instead of following it (the first live frame came 4 to 9 s after launch).
     */
    private static final AtomicReference<CompletableFuture<LiveStart>> DEMO_START = new AtomicReference<>();

    /** A live session with what it is connected to ({@code demo} is null unless it is the embedded demo). */
    private record LiveStart(LiveSession session, EmbeddedDemo demo, String label) {}

    static void launchWith(ConsoleOptions options) {
        OPTIONS.set(options);
        if (options.replay().isEmpty()
                && options.targetsFile().isEmpty()
                && options.fleet().isEmpty()) {
            DEMO_START.set(CompletableFuture.supplyAsync(
                    PlanewatchApp::startDemo,
                    task -> Thread.ofPlatform()
                            .daemon()
                            .name("planewatch-demo-start")
                            .start(task)));
        }
        Application.launch(PlanewatchApp.class);
    }

    static int exitStatus() {
        return EXIT_STATUS.get();
    }

    private static LiveStart startDemo() {
        LiveSession session = new LiveSession(InstantSource.system());
        try {
            EmbeddedDemo demo = EmbeddedDemo.start();
            session.add(demo.target());
            return new LiveStart(session, demo, "Embedded demo: " + demo.description());
        } catch (RuntimeException | IOException e) {
            String label = "Embedded demo unavailable: " + e.getMessage();
            System.err.println("planewatch-console: " + label);
            return new LiveStart(session, null, label);
        }
    }

    @Override
    public void start(Stage stage) {
        ConsoleOptions options = OPTIONS.get();
        if (options.replay().isPresent()) {
            replayWindow = startReplay(stage, options, status -> {
                EXIT_STATUS.set(status);
                Platform.exit();
            });
            return;
        }
        if (options.fleet().isPresent()) {
            startFleet(stage, options, options.fleet().get());
            return;
        }
        String label;
        Optional<FaultControl> faults = Optional.empty();
        if (options.targetsFile().isPresent()) {
            session = new LiveSession(InstantSource.system());
            label = connectTargets(options);
        } else {
            CompletableFuture<LiveStart> started = DEMO_START.getAndSet(null);
            LiveStart live = started != null ? started.join() : startDemo();
            session = live.session();
            demo = live.demo();
            label = live.label();
            if (demo != null) {
                faults = Optional.of(session.faultControl(demo.target()));
            }
        }
        MainViewModel viewModel = MainWindow.layOutPlanesOffTheFxThread(
                new MainViewModel(session.snapshots(), Optional.of(session), faults, label));
        viewModel.currentViewProperty().set(options.view());
        MainWindow window = new MainWindow(viewModel);
        if (options.lightTheme()) {
            window.setDarkTheme(false);
        }
        recording = session.recording(
                new RecordingInfo(label, demo == null ? "" : EmbeddedDemo.SCENARIO, demo == null ? 1 : 1000, version()),
                (file, reason) -> Platform.runLater(() -> ConsoleDialogs.error(stage, "Recording stopped", reason)));
        window.addFileMenuItems(recordingMenu(stage, scene(window)));
        Scene scene = window.getScene();
        stage.setTitle("Planewatch \u2014 " + label);
        stage.setScene(scene);
        stage.show();
        // After the window shows, so that the error box opens in front of it.
        options.record().ifPresent(file -> {
            try {
                recording.start(file, 0);
            } catch (SessionException e) {
                System.err.println("planewatch-console: " + e.getMessage());
                ConsoleDialogs.error(stage, "Cannot record", e.getMessage());
            }
        });
        frames = new FrameDriver(viewModel);
        frames.start();
        options.select().ifPresent(name -> selectWhenKnown(viewModel, name));
        reportFirstLiveFrame(viewModel, scene, System.out::println);
        if (options.smokeTest()) {
            startSmokeTest(options, viewModel, scene, "the embedded demo", demo != null);
            return;
        }
        options.screenshot()
                .ifPresentOrElse(
                        file -> ScreenshotWriter.after(
                                scene, file, options.exitAfterSeconds().orElse(2.0)),
                        () -> options.exitAfterSeconds().ifPresent(ScreenshotWriter::exitAfter));
    }

    /**
     * The console on a fleet (ADR 0102): the rollups from Kafka, the drilled-down device's raw updates;
     * the title says so. {@code --record} records the fleet from its topics as the headless recorder
     * does (ADR 0106); no recording menu.
     */
    private void startFleet(Stage stage, ConsoleOptions options, FleetAddress address) {
        fleet = FleetSession.start(address, InstantSource.system());
        MainViewModel viewModel = showFleet(stage, options, fleet.snapshots(), fleet, fleet.label());
        frames = new FrameDriver(viewModel);
        frames.start();
        options.record().ifPresent(file -> recordFleet(stage, address, file));
        options.select().ifPresent(name -> selectWhenKnown(viewModel, name));
        if (options.smokeTest()) {
            // On a fleet the check waits until the console has read the whole fabric and it is live.
            startSmokeTest(options, viewModel, stage.getScene(), "the fleet at " + address.bootstrap(), true);
            return;
        }
        options.screenshot()
                .ifPresentOrElse(
                        file -> ScreenshotWriter.after(
                                stage.getScene(),
                                file,
                                options.exitAfterSeconds().orElse(2.0)),
                        () -> options.exitAfterSeconds().ifPresent(ScreenshotWriter::exitAfter));
    }

    /**
     * The window of a console on a fleet in {@code stage}: {@code snapshots} (the fleet's rollups as
     * {@link FabricSnapshot}s, the whole fabric at once), {@code fleetControl} the session that
     * drills into one device. Frames are the caller's to drive.
     */
    static <C extends TargetControl & DrillDownControl> MainViewModel showFleet(
            Stage stage, ConsoleOptions options, SnapshotSource snapshots, C fleetControl, String label) {
        // A fleet is the whole fabric at once: its planes' layouts and its names' index cost more than a
        // frame, so they are made off the FX thread as for every other source (ADR 0104).
        MainViewModel viewModel = MainWindow.layOutPlanesOffTheFxThread(
                new MainViewModel(snapshots, Optional.of(fleetControl), Optional.empty(), label));
        viewModel.currentViewProperty().set(options.view());
        MainWindow window = new MainWindow(viewModel);
        if (options.lightTheme()) {
            window.setDarkTheme(false);
        }
        stage.setTitle("Planewatch \u2014 " + label);
        stage.setScene(scene(window));
        stage.show();
        return viewModel;
    }

    /**
     * Records the fleet to {@code file} off the JavaFX thread (the cluster has up to 15 s to answer);
     * a recording refused or stopped on its own is said on stderr and in a dialog, the views go on.
     */
    private void recordFleet(Stage stage, FleetAddress address, Path file) {
        Thread.ofPlatform().daemon().name("planewatch-fleet-record-start").start(() -> {
            try {
                FleetRecording started = FleetRecording.start(
                        address,
                        file,
                        InstantSource.system(),
                        FleetRecording.DEFAULT_LOOKBACK,
                        FleetRecording.DEFAULT_TIMEOUT,
                        version(),
                        0,
                        0,
                        (f, reason) ->
                                Platform.runLater(() -> ConsoleDialogs.error(stage, "Recording stopped", reason)));
                synchronized (this) {
                    fleetRecording = started;
                }
                System.err.println("planewatch-console: recording " + address.label() + " to " + file);
            } catch (SessionException e) {
                System.err.println("planewatch-console: " + e.getMessage());
                Platform.runLater(() -> ConsoleDialogs.error(stage, "Cannot record", e.getMessage()));
            }
        });
    }

    /**
     * @param source what the live data comes from, as a failure names it
     * @param sourceStarted false when the embedded demo could not start: the test fails at once
     */
    private void startSmokeTest(
            ConsoleOptions options, MainViewModel viewModel, Scene scene, String source, boolean sourceStarted) {
        Path screenshot;
        try {
            screenshot = options.screenshot().isPresent()
                    ? options.screenshot().get()
                    : Files.createTempFile("planewatch-smoke-", ".png");
        } catch (IOException e) {
            System.err.println(
                    "planewatch-console: smoke test failed: cannot create a temporary file for the screenshot: "
                            + e.getMessage());
            EXIT_STATUS.set(1);
            Platform.exit();
            return;
        }
        SmokeTest smoke = SmokeTest.start(
                viewModel,
                scene,
                screenshot,
                options.exitAfterSeconds().orElse(SmokeTest.DEFAULT_TIMEOUT_SECONDS),
                source,
                status -> {
                    EXIT_STATUS.set(status);
                    Platform.exit();
                });
        if (!sourceStarted) {
            smoke.fail(viewModel.sourceLabel());
        }
    }

    /** Exit status of a console asked to replay a recording it cannot open (as for bad options). */
    static final int EXIT_RECORDING_REFUSED = 2;

    /**
     * Opens the recording given on the command line in {@code stage}, with the scripting options. A
     * recording that does not open is refused, never replaced by a live source: its problem goes to
     * stderr in one line, and {@code exit} gets {@link #EXIT_RECORDING_REFUSED}; when someone may be
     * watching (no --headless, --screenshot, --exit-after) an error box says it first, and the console
     * exits when it is closed. What is wrong with a recording that does open (an abrupt end, gaps)
     * goes to stderr too, a line each, and to the replay view.
     */
    static ReplayWindow startReplay(Stage stage, ConsoleOptions options, IntConsumer exit) {
        Path file = options.replay().orElseThrow();
        ReplayWindow replay;
        try {
            replay = ReplayWindow.open(
                    stage, file, notice -> System.err.println("planewatch-console: " + file + ": " + notice));
        } catch (SessionException e) {
            System.err.println("planewatch-console: " + e.getMessage());
            if (options.headless()
                    || options.screenshot().isPresent()
                    || options.exitAfterSeconds().isPresent()) {
                exit.accept(EXIT_RECORDING_REFUSED);
            } else {
                ConsoleDialogs.error(null, "Cannot replay this recording", e.getMessage())
                        .setOnHidden(closed -> exit.accept(EXIT_RECORDING_REFUSED));
            }
            return null;
        }
        replay.viewModel().currentViewProperty().set(options.view());
        options.replayAtSeconds()
                .ifPresent(seconds -> replay.replay()
                        .seekTo(replay.replay().positionProperty().get().startMillis() + Math.round(seconds * 1000)));
        options.select().ifPresent(name -> selectWhenKnown(replay.viewModel(), name));
        options.screenshot()
                .ifPresentOrElse(
                        shot -> ScreenshotWriter.after(
                                replay.scene(), shot, options.exitAfterSeconds().orElse(2.0)),
                        () -> options.exitAfterSeconds().ifPresent(ScreenshotWriter::exitAfter));
        return replay;
    }

    /** Opens {@code name} as soon as a snapshot knows it (the fabric arrives a moment after launch). */
    private static void selectWhenKnown(MainViewModel viewModel, String name) {
        ChangeListener<FabricSnapshot> listener = new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends FabricSnapshot> o, FabricSnapshot a, FabricSnapshot b) {
                if (viewModel.search(name).isEmpty()) {
                    viewModel.snapshotProperty().removeListener(this);
                }
            }
        };
        viewModel.snapshotProperty().addListener(listener);
    }

    /**
     * Prints once how long after JVM start the first frame showed LIVE data (the start-up benchmark):
     * when it was painted, not when the data arrived. The snapshot reaches the views in one pulse;
     * laying out the views it fills (built on first use) and rendering take that pulse and more, and
     * the line came seconds before the window showed the figures. So it waits for the pulses after.
     */
    static void reportFirstLiveFrame(MainViewModel viewModel, Scene scene, Consumer<String> out) {
        // On every new snapshot, not only when the freshness turns LIVE: it may turn LIVE before the
        // first planes are known, and then the line waited for the next flip (tens of seconds).
        ChangeListener<FabricSnapshot> listener = new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends FabricSnapshot> o, FabricSnapshot a, FabricSnapshot b) {
                if (!b.targets().isEmpty()
                        && b.targets().stream().allMatch(t -> t.freshness() == Freshness.LIVE)
                        && !b.planes().isEmpty()) {
                    viewModel.snapshotProperty().removeListener(this);
                    afterPainted(scene, () -> {
                        long uptime = ManagementFactory.getRuntimeMXBean().getUptime();
                        out.accept("First live frame " + uptime + " ms after JVM start");
                    });
                }
            }
        };
        viewModel.snapshotProperty().addListener(listener);
    }

    /**
     * Runs {@code then} once what the scene shows now has been painted: at the end of the layout of
     * the second pulse after this one. A pulse hands its frame to the render thread and the next
     * pulse waits for that rendering before it renders its own, so by then the frame is on screen.
     */
    static void afterPainted(Scene scene, Runnable then) {
        Runnable listener = new Runnable() {
            private int pulses;

            @Override
            public void run() {
                if (++pulses < 3) {
                    Platform.requestNextPulse();
                    return;
                }
                scene.removePostLayoutPulseListener(this);
                then.run();
            }
        };
        scene.addPostLayoutPulseListener(listener);
        Platform.requestNextPulse();
    }

    private static Scene scene(MainWindow window) {
        // No bigger than the screen, as the replay window (a window larger than a laptop's screen hides its bottom).
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(window, Math.min(1600, screen.getWidth()), Math.min(960, screen.getHeight()));
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
        });
        scene.setOnDragDropped(e -> {
            boolean opened = false;
            for (File file : e.getDragboard().getFiles()) {
                openReplay(scene.getWindow(), file.toPath());
                opened = true;
            }
            e.setDropCompleted(opened);
        });
        return scene;
    }

    /**
     * Opens a recording in a window of its own; the window it was asked from keeps running. A recording
     * that does not open gets an error box in front of that window, and no replay window opens.
     */
    static void openReplay(Window owner, Path file) {
        try {
            ReplayWindow.open(
                    new Stage(), file, notice -> System.err.println("planewatch-console: " + file + ": " + notice));
        } catch (SessionException e) {
            ConsoleDialogs.error(owner, "Cannot replay this recording", e.getMessage());
        }
    }

    private List<MenuItem> recordingMenu(Stage stage, Scene scene) {
        MenuItem open = new MenuItem("Open recording\u2026");
        open.setId("menu-open-recording");
        open.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        open.setOnAction(e -> ConsoleDialogs.chooseRecording(stage).ifPresent(file -> openReplay(stage, file)));
        MenuItem start = new MenuItem("Start recording\u2026");
        start.setId("menu-start-recording");
        start.setOnAction(e -> ConsoleDialogs.chooseNewFile(
                        stage,
                        "Record to",
                        "planewatch-" + System.currentTimeMillis() + ".pwrec",
                        ConsoleDialogs.RECORDINGS)
                .ifPresent(file -> {
                    try {
                        recording.start(file, 0);
                    } catch (SessionException ex) {
                        ConsoleDialogs.error(stage, "Cannot record", ex.getMessage());
                    }
                }));
        MenuItem stopRecording = new MenuItem("Stop recording");
        stopRecording.setOnAction(e -> recording.stop());
        MenuItem incident = new MenuItem("Save last 5 minutes as incident\u2026");
        incident.setOnAction(e -> ConsoleDialogs.chooseNewFile(
                        stage, "Save incident", "incident.pwrec", ConsoleDialogs.RECORDINGS)
                .ifPresent(file -> {
                    try {
                        recording.saveIncident(300_000, file);
                        ConsoleDialogs.info(
                                stage,
                                "Incident saved",
                                "Saved to " + file + ". Open it with File \u2192 Open recording.");
                    } catch (SessionException ex) {
                        ConsoleDialogs.error(stage, "Cannot save the incident", ex.getMessage());
                    }
                }));
        MenuItem bookmark = new MenuItem("Bookmark this moment\u2026");
        bookmark.setOnAction(e -> {
            TextInputDialog ask = new TextInputDialog();
            ask.setHeaderText("A note for this moment in the recording");
            ask.showAndWait().ifPresent(recording::bookmark);
        });
        MenuItem png = new MenuItem("Export view as PNG\u2026");
        png.setOnAction(e -> ConsoleDialogs.chooseNewFile(
                        stage, "Export PNG", "planewatch.png", new FileChooser.ExtensionFilter("PNG (*.png)", "*.png"))
                .ifPresent(file -> {
                    try {
                        ScreenshotWriter.write(scene, file);
                    } catch (IOException ex) {
                        ConsoleDialogs.error(stage, "Cannot write the PNG", ex.getMessage());
                    }
                }));
        return List.of(open, start, stopRecording, incident, bookmark, png);
    }

    private static String version() {
        String version = PlanewatchApp.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    private String connectTargets(ConsoleOptions options) {
        var file = options.targetsFile().get();
        try {
            List<TargetConfig> targets = LiveSession.readTargets(file);
            for (TargetConfig target : targets) {
                session.add(target);
            }
            return "Targets from " + file.getFileName() + " (" + targets.size() + ")";
        } catch (IOException e) {
            String message = "cannot read targets file " + file + ": " + e.getMessage();
            System.err.println("planewatch-console: " + message);
            return message;
        } catch (RuntimeException e) {
            System.err.println("planewatch-console: " + e.getMessage());
            return e.getMessage();
        }
    }

    @Override
    public void stop() {
        if (replayWindow != null) {
            replayWindow.replay().onFrame(); // says what it found since the last frame (a gap) before the console exits
        }
        if (frames != null) {
            frames.stop();
        }
        if (recording != null) {
            recording.close();
        }
        synchronized (this) {
            if (fleetRecording != null) {
                fleetRecording.close();
            }
        }
        if (fleet != null) {
            fleet.close();
        }
        if (session != null) {
            session.close();
            // One line for scripts: applied, coalesced, dropped, events lost (ADR 0098, docs/troubleshooting.md).
            System.out.println(session.ingestTotalsLine());
        }
        if (demo != null) {
            demo.close();
        }
        Platform.exit();
    }
}
