package org.planewatch.console;

import java.io.IOException;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.planewatch.console.demo.EmbeddedDemo;
import org.planewatch.console.ingest.TargetConfig;
import org.planewatch.console.ingest.TargetsFile;
import org.planewatch.console.session.ConsoleSession;
import org.planewatch.console.session.FaultControl;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.view.FrameDriver;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.view.ScreenshotWriter;
import org.planewatch.console.viewmodel.MainViewModel;

/** The JavaFX application: opens the source, builds the main window and honours the scripting options. */
public final class PlanewatchApp extends Application {
    private static final AtomicReference<ConsoleOptions> OPTIONS =
            new AtomicReference<>(ConsoleOptions.parse(new String[0], System.err));

    private ConsoleSession session;
    private EmbeddedDemo demo;
    private FrameDriver frames;

    static void launchWith(ConsoleOptions options) {
        OPTIONS.set(options);
        Application.launch(PlanewatchApp.class);
    }

    @Override
    public void start(Stage stage) {
        ConsoleOptions options = OPTIONS.get();
        session = new ConsoleSession(InstantSource.system());
        String label;
        Optional<FaultControl> faults = Optional.empty();
        if (options.targetsFile().isPresent()) {
            label = connectTargets(options);
        } else {
            try {
                demo = EmbeddedDemo.start();
                session.add(demo.target());
                faults = demo.faults();
                label = "Embedded demo: " + demo.description();
            } catch (RuntimeException | IOException e) {
                label = "Embedded demo unavailable: " + e.getMessage();
                System.err.println("planewatch-console: " + label);
            }
        }
        MainViewModel viewModel = new MainViewModel(session.snapshots(), Optional.of(session), faults, label);
        viewModel.currentViewProperty().set(options.view());
        MainWindow window = new MainWindow(viewModel);
        if (options.lightTheme()) {
            window.setDarkTheme(false);
        }
        Scene scene = new Scene(window, 1600, 960);
        stage.setTitle("Planewatch \u2014 " + label);
        stage.setScene(scene);
        stage.show();
        frames = new FrameDriver(viewModel);
        frames.start();
        options.select().ifPresent(name -> selectWhenKnown(viewModel, name));
        reportFirstLiveFrame(viewModel);
        options.screenshot()
                .ifPresentOrElse(
                        file -> ScreenshotWriter.after(scene, file, options.exitAfterSeconds().orElse(2.0)),
                        () -> options.exitAfterSeconds().ifPresent(ScreenshotWriter::exitAfter));
    }

    /** Opens {@code name} as soon as a snapshot knows it (the fabric arrives a moment after launch). */
    private static void selectWhenKnown(MainViewModel viewModel, String name) {
        ChangeListener<FabricSnapshot> listener = new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends FabricSnapshot> o, FabricSnapshot a, FabricSnapshot b) {
                if (viewModel.search(name).isEmpty()) {
                    viewModel.snapshotProperty().removeListener(this);
                }
            }
        };
        viewModel.snapshotProperty().addListener(listener);
    }

    /** Prints once how long after JVM start the first frame showed LIVE data (the start-up benchmark). */
    private static void reportFirstLiveFrame(MainViewModel viewModel) {
        ChangeListener<Freshness> listener = new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Freshness> o, Freshness a, Freshness b) {
                if (b == Freshness.LIVE && !viewModel.snapshotProperty().get().planes().isEmpty()) {
                    long uptime = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
                    System.out.println("First live frame " + uptime + " ms after JVM start");
                    viewModel.worstFreshnessProperty().removeListener(this);
                }
            }
        };
        viewModel.worstFreshnessProperty().addListener(listener);
    }

    private String connectTargets(ConsoleOptions options) {
        var file = options.targetsFile().get();
        try {
            List<TargetConfig> targets = TargetsFile.read(file);
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
        if (frames != null) {
            frames.stop();
        }
        if (session != null) {
            session.close();
        }
        if (demo != null) {
            demo.close();
        }
        Platform.exit();
    }
}
