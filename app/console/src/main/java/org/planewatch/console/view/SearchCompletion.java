package org.planewatch.console.view;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Popup;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.SearchIndex;

/**
 * The search box's completions as the operator types: the first {@link #SHOWN} names the index
 * offers and how many matched in all ("20 of 4,096 matches"), answered from the index on the FX
 * thread within the keystroke (ADR 0104). Down moves into the list, Enter or a click opens the
 * name, Escape closes the list.
 */
final class SearchCompletion {
    static final int SHOWN = 20;

    private final TextField field;
    private final MainViewModel viewModel;
    private final Consumer<String> open;
    private final Popup popup = new Popup();
    private final ListView<String> list = new ListView<>();
    private final Label count = new Label();
    private boolean choosing;

    SearchCompletion(TextField field, MainViewModel viewModel, Consumer<String> open) {
        this.field = field;
        this.viewModel = viewModel;
        this.open = open;
        list.setId("search-suggestions");
        list.setPrefHeight(10 * 24 + 2);
        list.setFocusTraversable(false);
        count.setId("search-count");
        count.getStyleClass().add("muted");
        VBox box = new VBox(4, list, count);
        box.setId("search-popup");
        box.setPadding(new Insets(4));
        box.setStyle("-fx-background-color: #1e2228; -fx-border-color: #4fc3f7; -fx-border-width: 1;");
        count.setStyle("-fx-text-fill: #c7ced8;");
        popup.getContent().add(box);
        popup.setAutoHide(true);
        field.textProperty().addListener((o, a, text) -> {
            if (!choosing) {
                refresh(text);
            }
        });
        field.focusedProperty().addListener((o, a, focused) -> {
            if (!focused && !list.isFocused()) {
                popup.hide();
            }
        });
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DOWN
                    && popup.isShowing()
                    && !list.getItems().isEmpty()) {
                list.getSelectionModel().selectFirst();
                list.requestFocus();
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                popup.hide();
            }
        });
        list.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                choose(list.getSelectionModel().getSelectedItem());
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                popup.hide();
                field.requestFocus();
            }
        });
        list.setOnMouseClicked(e -> choose(list.getSelectionModel().getSelectedItem()));
    }

    /** The names the list shows now (tests). */
    ListView<String> list() {
        return list;
    }

    /** "20 of 4,096 matches" (tests). */
    String countText() {
        return count.getText();
    }

    boolean isShowing() {
        return popup.isShowing();
    }

    void hide() {
        popup.hide();
    }

    private void refresh(String text) {
        SearchIndex.Matches matches = viewModel.searchMatches(text, SHOWN);
        if (matches.total() == 0) {
            popup.hide();
            return;
        }
        list.getItems().setAll(matches.shown());
        list.getSelectionModel().clearSelection();
        count.setText(describe(matches));
        if (!popup.isShowing() && field.getScene() != null && field.getScene().getWindow() != null) {
            Bounds bounds = field.localToScreen(field.getBoundsInLocal());
            if (bounds != null) {
                popup.show(field, bounds.getMinX(), bounds.getMaxY());
            }
        }
        list.setPrefWidth(Math.max(field.getWidth(), 320));
    }

    /** "all 3 matches", "20 of 4,096 matches: type more to narrow". */
    static String describe(SearchIndex.Matches matches) {
        if (matches.shown().size() == matches.total()) {
            return matches.total() == 1 ? "1 match" : "all " + matches.total() + " matches";
        }
        return String.format(
                Locale.ROOT,
                "%d of %,d matches: type more to narrow",
                matches.shown().size(),
                matches.total());
    }

    private void choose(String name) {
        if (name == null) {
            return;
        }
        popup.hide();
        choosing = true;
        try {
            field.setText(name);
        } finally {
            choosing = false;
        }
        field.requestFocus();
        open.accept(name);
    }
}
