package org.planewatch.console;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.BorderPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.session.SessionException;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.view.FrameDriver;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.view.Palette;
import org.planewatch.console.view.TimelineView;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ReplayViewModel;

/**
 * A recording replayed in its own window: every live view, fed by the replay driver, with the
 * timeline underneath. Closing the window closes the recording.
 */
public final class ReplayWindow {
    private final ReplayViewModel replay;
    private final MainViewModel viewModel;
    private final BorderPane root;
    private final FrameDriver frames;
    private final AnimationTimer timelineFrames;

    private ReplayWindow(ReplayViewModel replay) {
        this.replay = replay;
        this.viewModel = MainWindow.layOutPlanesOffTheFxThread(new MainViewModel(
                replay.source(),
                Optional.empty(),
                Optional.empty(),
                "Replay of " + replay.file().getFileName()));
        MainWindow window = new MainWindow(viewModel);
        window.markAsReplay();
        TimelineView timeline = new TimelineView(replay, Palette.DARK, this::compare);
        root = new BorderPane(window);
        root.setBottom(timeline);
        frames = new FrameDriver(viewModel);
        timelineFrames = new AnimationTimer() {
            @Override
            public void handle(long now) {
                replay.onFrame();
            }
        };
        window.addFileMenuItems(List.of(new MenuItem("Export window as CSV\u2026") {
            {
                setOnAction(e -> ConsoleDialogs.exportCsv(root.getScene().getWindow(), replay));
            }
        }));
    }

    /** Opens {@code file} (read-only) in {@code stage}; throws with a clear message for a bad file. */
    public static ReplayWindow open(Stage stage, Path file) throws SessionException {
        return open(stage, file, notice -> {});
    }

    /**
     * {@link #open(Stage, Path)}, giving {@code notices} every line the replay says about the recording
     * (an abrupt end, gaps), on the JavaFX thread, as the replay view shows them.
     */
    public static ReplayWindow open(Stage stage, Path file, Consumer<String> notices) throws SessionException {
        ReplayViewModel replay =
                new ReplayViewModel(ReplaySession.open(file, InstantSource.system(), AlarmThresholds.defaults()));
        replay.onNotice(notices);
        ReplayWindow window = new ReplayWindow(replay);
        stage.setTitle("Planewatch \u2014 REPLAY of " + file.getFileName());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        stage.setScene(new Scene(window.root, Math.min(1600, screen.getWidth()), Math.min(1000, screen.getHeight())));
        stage.setOnHidden(e -> window.close());
        window.frames.start();
        window.timelineFrames.start();
        stage.show();
        return window;
    }

    public MainViewModel viewModel() {
        return viewModel;
    }

    public ReplayViewModel replay() {
        return replay;
    }

    public Scene scene() {
        return root.getScene();
    }

    private void compare() {
        var position = replay.positionProperty().get();
        long b = position.atMillis();
        long a = Math.max(position.startMillis(), b - 30_000);
        replay.compare(a, b)
                .whenComplete((comparison, error) ->
                        Platform.runLater(() -> ConsoleDialogs.showComparison(comparison, error)));
    }

    public void close() {
        frames.stop();
        timelineFrames.stop();
        replay.close();
    }
}
