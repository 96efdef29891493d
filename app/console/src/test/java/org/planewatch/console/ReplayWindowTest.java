package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.record.DamagedRecordings;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.record.SyntheticTelemetry;
import org.planewatch.console.session.SessionException;
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
            } catch (SessionException e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            Label banner = robot.lookup("#replay-banner").queryAs(Label.class);
            assertTrue(banner.getText().startsWith("REPLAY"));
            assertTrue(stage.getTitle().contains("REPLAY"), stage.getTitle());
            assertTrue(
                    window[0].viewModel().snapshotProperty().get().planes().isEmpty(),
                    "nothing recorded yet at the start");
            window[0].replay().seekTo(START + 5_000);
            // The views follow a seek even though it rebuilds the state from a keyframe.
            WaitForAsyncUtils.waitFor(
                    10,
                    TimeUnit.SECONDS,
                    () -> window[0]
                                    .viewModel()
                                    .snapshotProperty()
                                    .get()
                                    .planes()
                                    .size()
                            == 8);
        } finally {
            robot.interact(() -> stage.hide());
        }
    }

    @Test
    void saysUnderTheBannerThatTheRecordingEndedAbruptlyAndWhereItHasAGap(FxRobot robot) throws Exception {
        Path file = DamagedRecordings.abandoned(Files.createTempDirectory("replay-window"), "killed.pwrec", 40, 0, 30);
        List<String> notices = new CopyOnWriteArrayList<>();
        ReplayWindow window = open(robot, file, notices::add);
        try {
            String abrupt = "ecording ended abruptly at 2026-09-21 14:13:30.000 UTC; the last 250 ms may be missing"
                    + " (or it is still being recorded)";
            assertEquals("r" + abrupt, notices.getFirst(), "at once, when it opens");
            Label shown = robot.lookup("#replay-notices").queryAs(Label.class);
            // The gap is found by the seek, or before it by the rehearsal that plays a copy ahead while the replay is
            // paused.
            window.replay().seekTo(START + 7_600);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> notices.size() == 2);
            WaitForAsyncUtils.waitForFxEvents();
            String[] lines = shown.getText().split("\n");
            assertEquals("R" + abrupt, lines[0]);
            assertTrue(
                    lines[1].startsWith("Batch 30 is damaged (a data block is not valid deflate data"),
                    shown.getText());
            assertTrue(shown.isVisible());
            assertEquals(1, window.replay().damage().size(), "marked on the timeline");
            // Inside the gap the views show the state before it, not an empty fabric.
            WaitForAsyncUtils.waitFor(
                    10,
                    TimeUnit.SECONDS,
                    () -> window.replay().positionProperty().get().atMillis() == START + 7_600
                            && window.viewModel()
                                            .snapshotProperty()
                                            .get()
                                            .planes()
                                            .size()
                                    == 8);
        } finally {
            robot.interact(() -> stage.hide());
        }
    }

    private ReplayWindow open(FxRobot robot, Path file, Consumer<String> notices) {
        ReplayWindow[] window = new ReplayWindow[1];
        robot.interact(() -> {
            try {
                window[0] = ReplayWindow.open(stage, file, notices);
            } catch (SessionException e) {
                throw new IllegalStateException(e);
            }
        });
        return window[0];
    }

    @Test
    void replayOptionTakesTheFileOnceAndAloneBecauseARecordingIsNotALiveSource() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(
                Path.of("a.pwrec"),
                ConsoleOptions.parse(new String[] {"a.pwrec"}, errStream)
                        .replay()
                        .orElseThrow());
        assertEquals(
                Path.of("b.pwrec"),
                ConsoleOptions.parse(new String[] {"--replay", "b.pwrec"}, errStream)
                        .replay()
                        .orElseThrow());
        assertNull(ConsoleOptions.parse(new String[] {"--replay", "b.pwrec", "--targets", "t.yaml"}, errStream));
        assertTrue(
                err.toString(StandardCharsets.UTF_8).contains("cannot be combined"),
                err.toString(StandardCharsets.UTF_8));
    }
}
