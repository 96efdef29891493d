package org.planewatch.console.view;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Small building blocks the views share: record-backed table columns and titled sections. */
final class ViewParts {
    private ViewParts() {}

    static <S, T> TableColumn<S, T> column(String title, Function<S, T> value, double width) {
        TableColumn<S, T> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }

    /**
     * Gives {@code node} the style class {@code chosen} (none when null) among those starting with
     * {@code prefix}, touching its style classes only when that changes: any change makes JavaFX
     * match the node's CSS again, and list and table cells are updated with every new snapshot (a
     * cell that removed and re-added the same class each time cost a CSS pass per cell per frame).
     */
    static void chooseStyleClass(Node node, String prefix, String chosen) {
        var classes = node.getStyleClass();
        if (classes.stream().anyMatch(c -> c.startsWith(prefix) && !c.equals(chosen))) {
            classes.removeIf(c -> c.startsWith(prefix) && !c.equals(chosen));
        }
        if (chosen != null && !classes.contains(chosen)) {
            classes.add(chosen);
        }
    }

    static VBox titled(String title, Node content) {
        Label label = new Label(title);
        label.getStyleClass().add("section-title");
        VBox box = new VBox(4, label, content);
        VBox.setVgrow(content, Priority.ALWAYS);
        return box;
    }

    /**
     * A choice among tens of thousands of names (131,072 hosts at full scale) at a fixed width: left
     * to compute its own, a combo box measures its list's cells at every layout pass, which cost the
     * frame tens of milliseconds (ADR 0104).
     */
    static void fixedWidthChoice(javafx.scene.control.ComboBox<String> choice) {
        choice.setPrefWidth(260);
        choice.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        choice.setVisibleRowCount(16);
        choice.getProperties().put("comboBoxRowsToMeasureWidth", 16);
    }
}
