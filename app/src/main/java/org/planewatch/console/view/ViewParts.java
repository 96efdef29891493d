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

    static VBox titled(String title, Node content) {
        Label label = new Label(title);
        label.getStyleClass().add("section-title");
        VBox box = new VBox(4, label, content);
        VBox.setVgrow(content, Priority.ALWAYS);
        return box;
    }
}
