package org.planewatch.console.view;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.util.Duration;
import javax.imageio.ImageIO;

/** Saves the window as PNG for documentation and smoke tests, then closes the console. */
public final class ScreenshotWriter {
    private ScreenshotWriter() {}

    public static void after(Scene scene, Path file, double seconds) {
        PauseTransition pause = new PauseTransition(Duration.seconds(seconds));
        pause.setOnFinished(e -> {
            try {
                write(scene, file);
                System.out.println("Screenshot written to " + file.toAbsolutePath());
            } catch (IOException ex) {
                System.err.println("planewatch-console: cannot write screenshot " + file + ": " + ex.getMessage());
            }
            Platform.exit();
        });
        pause.play();
    }

    public static void exitAfter(double seconds) {
        PauseTransition pause = new PauseTransition(Duration.seconds(seconds));
        pause.setOnFinished(e -> Platform.exit());
        pause.play();
    }

    public static void write(Scene scene, Path file) throws IOException {
        write(scene.snapshot(null), file);
    }

    public static void write(WritableImage image, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
    }
}
