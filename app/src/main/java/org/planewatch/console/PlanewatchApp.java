package org.planewatch.console;

import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.view.ScreenshotWriter;
import org.planewatch.console.viewmodel.MainViewModel;

/** The JavaFX application: builds the main window and honours the scripting options. */
public final class PlanewatchApp extends Application {
    private static final AtomicReference<ConsoleOptions> OPTIONS =
            new AtomicReference<>(ConsoleOptions.parse(new String[0], System.err));

    static void launchWith(ConsoleOptions options) {
        OPTIONS.set(options);
        Application.launch(PlanewatchApp.class);
    }

    @Override
    public void start(Stage stage) {
        ConsoleOptions options = OPTIONS.get();
        MainViewModel viewModel = new MainViewModel();
        MainWindow window = new MainWindow(viewModel);
        Scene scene = new Scene(window, 1440, 900);
        stage.setTitle("Planewatch");
        stage.setScene(scene);
        stage.show();
        options.screenshot()
                .ifPresentOrElse(
                        file -> ScreenshotWriter.after(
                                scene, file, options.exitAfterSeconds().orElse(2.0)),
                        () -> options.exitAfterSeconds()
                                .ifPresent(seconds -> ScreenshotWriter.exitAfter(seconds)));
    }

    @Override
    public void stop() {
        Platform.exit();
    }
}
