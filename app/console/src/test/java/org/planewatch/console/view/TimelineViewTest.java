package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.record.SyntheticTelemetry;
import org.planewatch.console.session.Playhead;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.session.TimelineMarks;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.viewmodel.ReplayViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The replay timeline in a real (headless) window over a real recording. */
@ExtendWith(ApplicationExtension.class)
class TimelineViewTest {
    private static final long START = 1_790_000_000_000L;
    /** The recording runs 120 s; the alarm is raised three quarters in, the bookmark a quarter in. */
    private static final long ALARM_MILLIS = START + 90_000;

    private static final long BOOKMARK_MILLIS = START + 30_000;
    /** The source was not streaming from 60 s to 70 s. */
    private static final long GAP_FROM = START + 60_000;

    private static final long GAP_TO = START + 70_000;
    private ReplayViewModel viewModel;
    private AnimationTimer frames;

    @Start
    void start(Stage stage) throws Exception {
        Path file = Files.createTempDirectory("timeline").resolve("incident.pwrec");
        SyntheticTelemetry fabric = new SyntheticTelemetry(4, 6, 8, START);
        try (RecordingWriter writer =
                RecordingWriter.create(file, new RecordingMetadata("lab", "link-failure-demo", 1000, "t"), START)) {
            writer.append(fabric.connectAll());
            for (int i = 0; i < 480; i++) {
                List<IngestEvent> batch = new ArrayList<>(fabric.nextBatch());
                long at = fabric.arrivalMillis();
                if (at == GAP_FROM || at == GAP_TO) {
                    batch.addFirst(new IngestEvent.Connection(
                            "demo",
                            at == GAP_FROM ? ConnectionPhase.FAILED : ConnectionPhase.STREAMING,
                            at == GAP_FROM ? "connection refused" : "",
                            at));
                }
                writer.append(batch);
            }
            writer.recordAlarm(
                    ALARM_MILLIS,
                    ALARM_MILLIS + 5_000,
                    "PLANE_HEALTH",
                    "plane 2",
                    "MAJOR",
                    "Plane 2 path health 90.0%");
            writer.addBookmark(BOOKMARK_MILLIS, "link p2-t0-1~p2-t1-3 down");
        }
        viewModel = new ReplayViewModel(ReplaySession.open(file, InstantSource.system(), AlarmThresholds.defaults()));
        TimelineView timeline = new TimelineView(viewModel, Palette.DARK, () -> {});
        frames = new AnimationTimer() {
            @Override
            public void handle(long now) {
                viewModel.onFrame();
            }
        };
        frames.start();
        stage.setScene(new Scene(timeline, 1000, 160));
        stage.show();
    }

    @AfterEach
    void close() {
        frames.stop();
        viewModel.close();
    }

    @Test
    void saysUnmistakablyThatItIsAReplay(FxRobot robot) {
        Label banner = robot.lookup("#replay-banner").queryAs(Label.class);
        assertTrue(banner.getText().startsWith("REPLAY"), banner.getText());
        assertTrue(banner.getText().contains("incident.pwrec"), banner.getText());
        assertTrue(banner.getText().contains("read-only"), banner.getText());
    }

    @Test
    void clickingTheStripSeeksThere(FxRobot robot) throws Exception {
        Canvas strip = robot.lookup("#replay-strip").queryAs(Canvas.class);
        robot.clickOn(strip);
        Playhead p = waitFor(() -> Math.abs(viewModel.positionProperty().get().fraction() - 0.5) < 0.02);
        assertTrue(Math.abs(p.fraction() - 0.5) < 0.02, "fraction " + p.fraction());
    }

    @Test
    void playMovesTimeAndStepJumpsToTheNextExclusion(FxRobot robot) throws Exception {
        long before = viewModel.positionProperty().get().atMillis();
        robot.clickOn("#replay-play");
        waitFor(() -> viewModel.positionProperty().get().atMillis() > before + 200);
        robot.clickOn("#replay-play");
        waitFor(() -> !viewModel.positionProperty().get().playing());
        long now = viewModel.positionProperty().get().atMillis();
        long next = Arrays.stream(viewModel.marks().exclusions())
                .filter(t -> t > now)
                .findFirst()
                .orElseThrow();
        robot.clickOn("#replay-next-exclusion");
        Playhead p = waitFor(() -> viewModel.positionProperty().get().atMillis() == next);
        assertEquals(next, p.atMillis());
        Label time = robot.lookup("#replay-time").queryAs(Label.class);
        assertTrue(time.getText().contains(ReplayViewModel.formatInstant(next)), time.getText());
    }

    @Test
    void marksTheRecordedAlarmAndBookmarkOnTheStripAndStepsToTheAlarm(FxRobot robot) throws Exception {
        assertEquals(List.of(ALARM_MILLIS), viewModel.marks().alarms());
        assertEquals(
                "link p2-t0-1~p2-t1-3 down",
                viewModel.marks().bookmarks().getFirst().note());
        Canvas strip = robot.lookup("#replay-strip").queryAs(Canvas.class);
        Image image =
                WaitForAsyncUtils.asyncFx(() -> strip.snapshot(null, null)).get(10, TimeUnit.SECONDS);
        Playhead p = viewModel.positionProperty().get();
        double span = p.endMillis() - p.startMillis();
        double w = strip.getWidth();
        int alarmX = (int) Math.round((ALARM_MILLIS - p.startMillis()) / span * (w - 1));
        int bookmarkX = (int) Math.floor((BOOKMARK_MILLIS - p.startMillis()) / span * (w - 1)) + 1;
        assertColor(Palette.DARK.critical(), image.getPixelReader().getColor(alarmX, 3), "alarm mark");
        assertColor(Palette.DARK.highlight(), image.getPixelReader().getColor(bookmarkX, 6), "bookmark mark");
        assertTrue(
                !sameColor(Palette.DARK.critical(), image.getPixelReader().getColor(bookmarkX, 3)),
                "no alarm mark where there was none");

        robot.clickOn("#replay-next-alarm");
        assertEquals(
                ALARM_MILLIS,
                waitFor(() -> viewModel.positionProperty().get().atMillis() == ALARM_MILLIS)
                        .atMillis());
        viewModel.seekTo(p.endMillis());
        waitFor(() -> viewModel.positionProperty().get().atMillis() == p.endMillis());
        robot.clickOn("#replay-previous-alarm");
        assertEquals(
                ALARM_MILLIS,
                waitFor(() -> viewModel.positionProperty().get().atMillis() == ALARM_MILLIS)
                        .atMillis());
    }

    @Test
    void shadesThePeriodTheSourceWasNotStreaming(FxRobot robot) throws Exception {
        RecordingReaderGap gap = new RecordingReaderGap(viewModel.marks().gaps());
        assertEquals(GAP_FROM, gap.only().fromMillis());
        assertEquals(GAP_TO, gap.only().toMillis());
        assertEquals("connection refused", gap.only().reason());
        Canvas strip = robot.lookup("#replay-strip").queryAs(Canvas.class);
        Image image =
                WaitForAsyncUtils.asyncFx(() -> strip.snapshot(null, null)).get(10, TimeUnit.SECONDS);
        Playhead p = viewModel.positionProperty().get();
        double span = p.endMillis() - p.startMillis();
        double w = strip.getWidth();
        int inGap = (int) Math.round(((GAP_FROM + GAP_TO) / 2.0 - p.startMillis()) / span * (w - 1));
        int outside = (int) Math.round((START + 45_000 - p.startMillis()) / span * (w - 1));
        assertColor(Palette.DARK.panel(), image.getPixelReader().getColor(outside, 6), "no gap at 45 s");
        assertTrue(!sameColor(Palette.DARK.panel(), image.getPixelReader().getColor(inGap, 6)), "the gap is shaded");
    }

    private record RecordingReaderGap(List<TimelineMarks.SourceGap> gaps) {
        TimelineMarks.SourceGap only() {
            assertEquals(1, gaps.size(), gaps.toString());
            return gaps.getFirst();
        }
    }

    @Test
    void exportsTheShownViewAsAPng(FxRobot robot) throws Exception {
        Path png = Files.createTempDirectory("png").resolve("timeline.png");
        Canvas strip = robot.lookup("#replay-strip").queryAs(Canvas.class);
        WaitForAsyncUtils.asyncFx(() -> {
                    ScreenshotWriter.write(strip.getScene(), png);
                    return null;
                })
                .get(10, TimeUnit.SECONDS);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1000, image.getWidth());
        assertEquals(160, image.getHeight());
    }

    private static void assertColor(Color expected, Color actual, String what) {
        assertTrue(sameColor(expected, actual), what + ": expected " + expected + " but the strip shows " + actual);
    }

    private static boolean sameColor(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.04
                && Math.abs(a.getGreen() - b.getGreen()) < 0.04
                && Math.abs(a.getBlue() - b.getBlue()) < 0.04;
    }

    private Playhead waitFor(BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
            WaitForAsyncUtils.waitForFxEvents();
            return condition.getAsBoolean();
        });
        return viewModel.positionProperty().get();
    }
}
