package org.planewatch.console.view;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.viewmodel.ExclusionsViewModel;
import org.planewatch.console.viewmodel.MainViewModel;

/**
 * What broke, then the evidence: on top the suspects, the links and switches the endpoints'
 * exclusion decisions point at, best first (ADR 0095); below, every EV state change, newest first,
 * with filters. Selecting either highlights its links in the plane view.
 */
public final class ExclusionsView extends BorderPane {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    public ExclusionsView(MainViewModel main) {
        ExclusionsViewModel viewModel = main.exclusions();
        setId("exclusions-view");
        VBox top = suspects(main, viewModel);

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
        count.setId("decisions-count");
        count.textProperty().bind(viewModel.decisionsSummaryProperty());
        count.getStyleClass().add("muted");
        HBox filters = new HBox(10, plane, reason, search, only, count);
        filters.setAlignment(Pos.CENTER_LEFT);
        filters.setPadding(new Insets(8, 8, 6, 8));
        BorderPane right = new BorderPane(table);

        Label decisionsTitle = new Label("Exclusion decisions (EV state changes), newest first");
        decisionsTitle.getStyleClass().add("section-title");
        decisionsTitle.setPadding(new Insets(6, 8, 0, 8));
        right.setTop(new VBox(decisionsTitle, filters));

        SplitPane split = new SplitPane(top, right);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.36);
        setCenter(split);
    }

    /**
     * The suspects table: the best first, in the suspect colour (bold), so that the answer to "what
     * broke?" is the first line the operator reads. Rows follow the element while its numbers move,
     * and so does the selection.
     */
    private static VBox suspects(MainViewModel main, ExclusionsViewModel viewModel) {
        TableView<Suspect> table = new TableView<>(viewModel.suspects());
        table.setId("suspects-table");
        table.setPlaceholder(new Label("No suspects: no link or switch stands out from what the endpoints decided"));
        table.getColumns().add(ViewParts.column("Kind", (Suspect x) -> x.kind().word(), 60));
        table.getColumns().add(ViewParts.column("Name", Suspect::name, 190));
        table.getColumns().add(ViewParts.column("Plane", Suspect::plane, 55));
        table.getColumns()
                .add(ViewParts.column("Score", (Suspect x) -> String.format(Locale.ROOT, "%.1f", x.score()), 70));
        table.getColumns().add(ViewParts.column("Hosts affected", Suspect::hosts, 110));
        // "First seen (N ago)" is read from the fabric's time: each cell follows it, not only when its row
        // changes (a suspect whose numbers stay the same is never replaced, and its age stood still).
        TableColumn<Suspect, String> firstSeen = new TableColumn<>("First seen");
        firstSeen.setCellValueFactory(c ->
                Bindings.createStringBinding(() -> viewModel.firstSeen(c.getValue()), viewModel.secondShownProperty()));
        firstSeen.setPrefWidth(150);
        table.getColumns().add(firstSeen);
        table.getColumns().add(ViewParts.column("Evidence: paths through it", ExclusionsViewModel::evidence, 210));
        table.getColumns().add(ViewParts.column("As the alarm reads", Suspect::describe, 300));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Suspect suspect, boolean empty) {
                super.updateItem(suspect, empty);
                ViewParts.chooseStyleClass(
                        this,
                        "suspect-",
                        empty || suspect == null ? null : getIndex() == 0 ? "suspect-lead" : "suspect-other");
            }
        });
        table.getSelectionModel().selectedItemProperty().addListener((o, a, suspect) -> {
            if (suspect != null) {
                viewModel.selectedSuspectProperty().set(suspect);
            }
        });
        viewModel.suspects().addListener((ListChangeListener<Suspect>) change -> reselect(table, viewModel));
        viewModel.selectedSuspectProperty().addListener((o, a, b) -> reselect(table, viewModel));
        table.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && table.getSelectionModel().getSelectedItem() != null) {
                main.search(table.getSelectionModel().getSelectedItem().name());
            }
        });
        Label help = new Label("Links and switches the endpoints' exclusions point at, best first: score is the "
                + "evidence beyond what their peers carry (paths out now, recent retirements, less paths that came "
                + "back); a suspect leaves when its evidence fades. Double-click to open it.");
        help.setWrapText(true);
        help.getStyleClass().add("muted");
        Label suspectsCount = new Label();
        suspectsCount.setId("suspects-count");
        suspectsCount.getStyleClass().add("muted");
        suspectsCount.textProperty().bind(viewModel.suspectsSummaryProperty());
        VBox box = new VBox(
                6, ViewParts.titled("Suspects: what the exclusion decisions point at", table), suspectsCount, help);
        box.setPadding(new Insets(8));
        VBox.setVgrow(box.getChildren().getFirst(), Priority.ALWAYS);
        return box;
    }

    /** Keeps the row of the selected element selected after its numbers moved; none once it left. */
    private static void reselect(TableView<Suspect> table, ExclusionsViewModel viewModel) {
        Suspect selected = viewModel.selectedSuspectProperty().get();
        int index = -1;
        for (int i = 0; selected != null && i < table.getItems().size() && index < 0; i++) {
            if (table.getItems().get(i).name().equals(selected.name())) {
                index = i;
            }
        }
        if (index < 0) {
            table.getSelectionModel().clearSelection();
        } else if (table.getSelectionModel().getSelectedIndex() != index) {
            table.getSelectionModel().select(index);
        }
    }
}
