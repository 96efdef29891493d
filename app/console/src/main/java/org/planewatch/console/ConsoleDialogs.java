package org.planewatch.console;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputDialog;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Window;
import org.planewatch.console.session.SessionException;
import org.planewatch.console.view.CompareDialog;
import org.planewatch.console.viewmodel.ReplayComparison;
import org.planewatch.console.viewmodel.ReplayViewModel;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.PathSyntaxException;
import org.planewatch.telemetry.schema.PlaneLeaves;

/** The file choosers and message boxes of the recording and replay actions. */
final class ConsoleDialogs {
    static final FileChooser.ExtensionFilter RECORDINGS =
            new FileChooser.ExtensionFilter("Planewatch recordings (*.pwrec)", "*.pwrec");

    private ConsoleDialogs() {}

    static Optional<Path> chooseRecording(Window owner) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open recording");
        chooser.getExtensionFilters().add(RECORDINGS);
        return Optional.ofNullable(chooser.showOpenDialog(owner)).map(File::toPath);
    }

    static Optional<Path> chooseNewFile(
            Window owner, String title, String suggestedName, FileChooser.ExtensionFilter filter) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(suggestedName);
        chooser.getExtensionFilters().add(filter);
        return Optional.ofNullable(chooser.showSaveDialog(owner)).map(File::toPath);
    }

    /**
     * Shows an error in front of {@code owner} (modal to it: an unowned box could open behind the main
     * window and go unseen); with no owner, as a window of its own. Returns the box, shown.
     */
    static Alert error(Window owner, String what, String message) {
        return show(owner, Alert.AlertType.ERROR, what, message);
    }

    static Alert info(Window owner, String what, String message) {
        return show(owner, Alert.AlertType.INFORMATION, what, message);
    }

    private static Alert show(Window owner, Alert.AlertType type, String what, String message) {
        Alert alert = new Alert(type, message, ButtonType.OK);
        alert.setHeaderText(what);
        if (owner != null) {
            alert.initOwner(owner);
            alert.initModality(Modality.WINDOW_MODAL);
        }
        alert.show();
        return alert;
    }

    static void showComparison(ReplayComparison comparison, Throwable error) {
        if (error != null) {
            CompareDialog.failure(error).show();
        } else {
            CompareDialog.of(comparison).show();
        }
    }

    /** Exports the 60 s before the replay's instant, for the leaves matching a pattern the operator gives. */
    static void exportCsv(Window owner, ReplayViewModel replay) {
        TextInputDialog ask = new TextInputDialog(
                PlaneLeaves.STATE_TEMPLATE.child(PathElem.ANY).toString());
        ask.setHeaderText("Export the minute before the shown instant as CSV");
        ask.setContentText("Leaves (gNMI path, * for any key or name):");
        Optional<String> text = ask.showAndWait();
        if (text.isEmpty()) {
            return;
        }
        PathPattern pattern;
        try {
            pattern = PathPattern.parse(text.get().trim());
        } catch (PathSyntaxException e) {
            error(owner, "Not a gNMI path", e.getMessage());
            return;
        }
        Optional<Path> out = chooseNewFile(
                owner, "Export CSV", "planewatch-export.csv", new FileChooser.ExtensionFilter("CSV (*.csv)", "*.csv"));
        if (out.isEmpty()) {
            return;
        }
        try {
            long rows = replay.exportMinuteBefore(pattern, out.get());
            info(owner, "CSV exported", rows + " rows written to " + out.get());
        } catch (SessionException | IOException e) {
            error(owner, "CSV export failed", e.getMessage());
        }
    }
}
