package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A recording that does not open, in real windows: its error is shown in front of the window it was
 * opened from (modal to it: an unowned box opened behind the main window, unseen), and no window
 * shows anything in its place.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class RecordingRefusedWindowTest {
    @TempDir
    Path dir;

    private Stage live;
    private Path notes;
    private List<Window> windowsBefore;

    @Start
    void start(Stage stage) {
        this.live = stage;
        stage.setTitle("Planewatch \u2014 live");
        stage.setScene(new Scene(new Label("the live fabric"), 640, 400));
        stage.show();
    }

    @BeforeEach
    void notARecording(FxRobot robot) throws Exception {
        notes = Files.writeString(dir.resolve("incident.pwrec"), "notes, not a recording\n");
        windowsBefore = new ArrayList<>(robot.listWindows());
    }

    @AfterEach
    void closeWhatOpened(FxRobot robot) {
        robot.interact(() -> newWindows(robot).forEach(Window::hide));
    }

    @Test
    void fromTheLiveWindowTheErrorIsModalInFrontOfItAndNoReplayWindowOpens(FxRobot robot) {
        robot.interact(() -> PlanewatchApp.openReplay(live, notes));
        Stage box = onlyNewWindow(robot);
        assertSame(live, box.getOwner(), "owned by the window it was opened from: always in front of it");
        assertEquals(Modality.WINDOW_MODAL, box.getModality());
        assertSaysWhatIsWrong(box);
        assertTrue(live.isShowing());
        assertEquals("Planewatch \u2014 live", live.getTitle(), "the live window is left as it was");
    }

    @Test
    void atStartUpOnlyTheErrorShowsAndClosingItExitsWithStatus2(FxRobot robot) {
        ConsoleOptions options = ConsoleOptions.parse(new String[] {notes.toString()}, quiet());
        AtomicInteger exit = new AtomicInteger(-1);
        Stage[] main = new Stage[1];
        robot.interact(() -> {
            main[0] = new Stage();
            PlanewatchApp.startReplay(main[0], options, exit::set);
        });
        assertFalse(
                main[0].isShowing(), "the console's window does not open: nothing (no demo) in place of the recording");
        assertNull(main[0].getScene());
        Stage box = onlyNewWindow(robot);
        assertNull(box.getOwner(), "no window to be in front of: the box is the only one");
        assertSaysWhatIsWrong(box);
        assertEquals(-1, exit.get(), "waits for the operator to read it");
        robot.interact(() -> ((Button) ((DialogPane) box.getScene().getRoot()).lookupButton(ButtonType.OK)).fire());
        assertFalse(box.isShowing());
        assertEquals(PlanewatchApp.EXIT_RECORDING_REFUSED, exit.get());
    }

    @Test
    void headlessAtStartUpNothingShowsAndItExitsWithStatus2AtOnce(FxRobot robot) {
        ConsoleOptions options = ConsoleOptions.parse(new String[] {notes.toString(), "--headless"}, quiet());
        AtomicInteger exit = new AtomicInteger(-1);
        robot.interact(() -> PlanewatchApp.startReplay(new Stage(), options, exit::set));
        assertEquals(PlanewatchApp.EXIT_RECORDING_REFUSED, exit.get());
        assertEquals(List.of(), newWindows(robot));
    }

    private void assertSaysWhatIsWrong(Stage box) {
        DialogPane pane = (DialogPane) box.getScene().getRoot();
        assertEquals("Cannot replay this recording", pane.getHeaderText());
        assertEquals(notes + ": is not a Planewatch recording (not an SQLite database)", pane.getContentText());
    }

    private Stage onlyNewWindow(FxRobot robot) {
        List<Window> opened = newWindows(robot);
        assertEquals(1, opened.size(), "windows opened: " + opened);
        return (Stage) opened.getFirst();
    }

    private List<Window> newWindows(FxRobot robot) {
        return robot.listWindows().stream()
                .filter(w -> w.isShowing() && !windowsBefore.contains(w))
                .toList();
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
