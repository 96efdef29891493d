package org.planewatch.console.view;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.FabricSnapshot.LinkExclusionGroup;
import org.planewatch.console.viewmodel.ExclusionsViewModel;
import org.planewatch.console.viewmodel.MainViewModel;

/**
 * Which endpoints excluded which paths, and why: on the left the links many hosts excluded paths
 * through (the fault is usually at the top), on the right every EV state change, newest first,
 * with filters. Selecting either highlights the links in the plane view.
 */
public final class ExclusionsView extends BorderPane {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    public ExclusionsView(MainViewModel main) {
        ExclusionsViewModel viewModel = main.exclusions();
        setId("exclusions-view");
        ListView<LinkExclusionGroup> groups = new ListView<>(viewModel.groups());
        groups.setId("exclusion-groups");
        groups.setPlaceholder(new Label("No exclusions in the last 5 minutes"));
        groups.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(LinkExclusionGroup group, boolean empty) {
                super.updateItem(group, empty);
                setText(
                        empty || group == null
                                ? null
                                : group.describe() + "  (" + group.events() + " decisions, plane " + group.plane()
                                        + ")");
            }
        });
        groups.getSelectionModel().selectedItemProperty().addListener((o, a, group) -> {
            if (group != null) {
                viewModel.selectedGroupProperty().set(group);
            }
        });
        Label groupHelp = new Label("Exclusions of the last 5 minutes grouped by link, most hosts first. Many hosts "
                + "retiring paths through one link point at that link. Double-click to see it in the plane.");
        groupHelp.setWrapText(true);
        groupHelp.getStyleClass().add("muted");
        groups.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && groups.getSelectionModel().getSelectedItem() != null) {
                main.search(groups.getSelectionModel().getSelectedItem().link());
            }
        });
        VBox left = new VBox(6, ViewParts.titled("By link", groups), groupHelp);
        left.setPadding(new Insets(8));
        VBox.setVgrow(left.getChildren().getFirst(), Priority.ALWAYS);

        TableView<ExclusionEvent> table = new TableView<>(viewModel.visibleRows());
        table.setId("exclusion-table");
        table.setPlaceholder(new Label("No EV state changes yet"));
        table.getColumns().add(ViewParts.column("Time", e -> TIME.format(Instant.ofEpochMilli(e.arrivalMillis())), 95));
        table.getColumns().add(ViewParts.column("Host", ExclusionEvent::host, 80));
        table.getColumns().add(ViewParts.column("QP", ExclusionEvent::qpn, 45));
        table.getColumns().add(ViewParts.column("EV", ExclusionEvent::ev, 45));
        table.getColumns().add(ViewParts.column("Plane", ExclusionEvent::plane, 50));
        table.getColumns().add(ViewParts.column("From \u2192 to", e -> e.fromState() + " \u2192 " + e.toState(), 215));
        table.getColumns().add(ViewParts.column("Reason", ExclusionEvent::reason, 130));
        table.getColumns().add(ViewParts.column("Links", e -> String.join("  ", e.links()), 320));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, event) -> {
            if (event != null) {
                viewModel.selectedEventProperty().set(event);
            }
        });
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ExclusionEvent event, boolean empty) {
                super.updateItem(event, empty);
                ViewParts.chooseStyleClass(
                        this,
                        "row-",
                        empty || event == null ? null : event.isExclusion() ? "row-exclusion" : "row-recovery");
            }
        });
        table.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && table.getSelectionModel().getSelectedItem() != null) {
                main.openPlane(table.getSelectionModel().getSelectedItem().plane());
            }
        });

        ComboBox<Integer> plane = new ComboBox<>();
        plane.setId("exclusion-plane-filter");
        plane.setPromptText("All planes");
        main.plane().planesProperty().addListener((o, a, planes) -> {
            List<Integer> items = new ArrayList<>();
            items.add(null);
            items.addAll(planes);
            plane.getItems().setAll(items);
        });
        plane.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer value) {
                return value == null ? "All planes" : "Plane " + value;
            }

            @Override
            public Integer fromString(String text) {
                return text.startsWith("All") ? null : Integer.valueOf(text.replaceAll("\\D", ""));
            }
        });
        plane.valueProperty().bindBidirectional(viewModel.planeFilterProperty());
        ComboBox<String> reason = new ComboBox<>();
        reason.setId("exclusion-reason-filter");
        reason.getItems().setAll(ExclusionsViewModel.reasons());
        reason.valueProperty().bindBidirectional(viewModel.reasonFilterProperty());
        TextField search = new TextField();
        search.setId("exclusion-search");
        search.setPromptText("Filter: host, link, QP, reason");
        search.setPrefColumnCount(22);
        search.textProperty().bindBidirectional(viewModel.searchProperty());
        CheckBox only = new CheckBox("Exclusions only (hide recoveries)");
        only.setId("exclusion-only");
        only.selectedProperty().bindBidirectional(viewModel.exclusionsOnlyProperty());
        Label count = new Label();
        count.textProperty().bind(Bindings.size(viewModel.visibleRows()).asString("%d rows"));
        count.getStyleClass().add("muted");
        HBox filters = new HBox(10, plane, reason, search, only, count);
        filters.setAlignment(Pos.CENTER_LEFT);
        filters.setPadding(new Insets(8, 8, 6, 8));
        BorderPane right = new BorderPane(table);
        right.setTop(filters);

        SplitPane split = new SplitPane(left, right);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.33);
        setCenter(split);
    }
}
