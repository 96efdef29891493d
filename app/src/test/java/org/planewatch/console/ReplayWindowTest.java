package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.record.SyntheticTelemetry;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A recording opened from the command line replays in the full console, marked as a replay. */
@ExtendWith(ApplicationExtension.class)
class ReplayWindowTest {
    private static final long START = 1_790_000_000_000L;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void opensARecordingWithEveryViewAndTheReplayBanner(FxRobot robot) throws Exception {
        Path file = Files.createTempDirectory("replay-window").resolve("demo.pwrec");
        SyntheticTelemetry fabric = new SyntheticTelemetry(2, 6, 8, START);
        try (RecordingWriter writer = RecordingWriter.create(file, new RecordingMetadata("lab", "", 1, "t"), START)) {
            writer.append(fabric.connectAll());
            for (int i = 0; i < 200; i++) {
                writer.append(fabric.nextBatch());
            }
        }
        ReplayWindow[] window = new ReplayWindow[1];
        robot.interact(() -> {
            try {
                window[0] = ReplayWindow.open(stage, file);
            } catch (RecordingException e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            Label banner = robot.lookup("#replay-banner").queryAs(Label.class);
            assertTrue(banner.getText().startsWith("REPLAY"));
            assertTrue(stage.getTitle().contains("REPLAY"), stage.getTitle());
            assertTrue(window[0].viewModel().snapshotProperty().get().planes().isEmpty(), "nothing recorded yet at the start");
            window[0].replay().seekTo(START + 5_000);
            // The views follow a seek even though it rebuilds the state from a keyframe.
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                    () -> window[0].viewModel().snapshotProperty().get().planes().size() == 8);
        } finally {
            robot.interact(() -> stage.hide());
        }
    }

    @Test
    void replayOptionTakesTheFileOnceAndAloneBecauseARecordingIsNotALiveSource() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(Path.of("a.pwrec"), ConsoleOptions.parse(new String[] {"a.pwrec"}, errStream).replay().orElseThrow());
        assertEquals(Path.of("b.pwrec"), ConsoleOptions.parse(new String[] {"--replay", "b.pwrec"}, errStream).replay().orElseThrow());
        assertNull(ConsoleOptions.parse(new String[] {"--replay", "b.pwrec", "--targets", "t.yaml"}, errStream));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("cannot be combined"), err.toString(StandardCharsets.UTF_8));
    }
}
