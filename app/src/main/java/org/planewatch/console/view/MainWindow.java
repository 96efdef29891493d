package org.planewatch.console.view;

import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.planewatch.console.viewmodel.MainViewModel;

/** The application shell: menu bar, the fabric view area, and a status bar. */
public final class MainWindow extends BorderPane {

    public MainWindow(MainViewModel viewModel) {
        getStyleClass().add("main-window");
        getStylesheets().add(MainWindow.class.getResource("planewatch.css").toExternalForm());
        setTop(menuBar());
        setCenter(fabricArea(viewModel));
        setBottom(statusBar(viewModel));
    }

    private static MenuBar menuBar() {
        MenuItem quit = new MenuItem("Quit");
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        quit.setOnAction(e -> Platform.exit());
        Menu file = new Menu("File", null, quit);
        Menu view = new Menu("View");
        Menu help = new Menu("Help");
        MenuBar bar = new MenuBar(file, view, help);
        bar.setId("main-menu");
        return bar;
    }

    private static StackPane fabricArea(MainViewModel viewModel) {
        Label placeholder = new Label();
        placeholder.textProperty().bind(viewModel.fabricPlaceholderProperty());
        placeholder.getStyleClass().add("placeholder");
        placeholder.setId("fabric-placeholder");
        StackPane area = new StackPane(placeholder);
        area.setId("fabric-view");
        area.getStyleClass().add("fabric-view");
        StackPane.setAlignment(placeholder, Pos.CENTER);
        return area;
    }

    private static HBox statusBar(MainViewModel viewModel) {
        Label source = new Label();
        source.textProperty().bind(viewModel.sourceDescriptionProperty());
        source.setId("status-source");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label product = new Label("Planewatch");
        HBox bar = new HBox(12, source, spacer, product);
        bar.setPadding(new Insets(4, 10, 4, 10));
        bar.getStyleClass().add("status-bar");
        bar.setId("status-bar");
        return bar;
    }
}
