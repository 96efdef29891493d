package org.planewatch.console.view;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.planewatch.console.state.FabricSnapshot.TargetStatus;
import org.planewatch.console.state.Units;
import org.planewatch.console.viewmodel.MainViewModel;

/** Every connection: freshness, last seen, devices served, and the last error in words. */
public final class TargetsView extends BorderPane {

    public TargetsView(MainViewModel main, Runnable addAgent) {
        setId("targets-view");
        TableView<TargetStatus> table = new TableView<>(main.targets());
        table.setId("targets-table");
        table.setPlaceholder(new Label("No targets: File \u2192 Add agent\u2026"));
        table.getColumns().add(ViewParts.column("Target", TargetStatus::source, 160));
        TableColumn<TargetStatus, String> state =
                ViewParts.column("State", t -> t.freshness().name(), 100);
        state.setCellFactory(c -> new FreshnessCell<>());
        table.getColumns().add(state);
        table.getColumns().add(ViewParts.column("Connection", t -> t.phase().name(), 110));
        table.getColumns()
                .add(ViewParts.column(
                        "Last seen",
                        t -> t.lastSeenMillis() == 0
                                ? "never"
                                : Units.seconds(Math.max(
                                                0, main.snapshotProperty().get().atMillis() - t.lastSeenMillis()))
                                        + " ago",
                        110));
        table.getColumns().add(ViewParts.column("Devices", TargetStatus::devices, 80));
        table.getColumns().add(ViewParts.column("Notifications", TargetStatus::notifications, 110));
        table.getColumns().add(ViewParts.column("Detail", TargetStatus::detail, 500));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Button add = new Button("Add agent\u2026");
        add.setId("add-agent");
        add.setOnAction(e -> addAgent.run());
        add.setDisable(main.newAddTargetForm().isEmpty());
        Label help = new Label("LIVE: data within 3 s. STALE: silent 3-10 s, values are old. LOST: silent over 10 s "
                + "or unreachable; the console keeps redialling with backoff.");
        help.getStyleClass().add("muted");
        HBox bar = new HBox(12, add, help);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8, 12, 8, 12));
        setTop(bar);
        setCenter(table);
        BorderPane.setMargin(table, new Insets(0, 12, 12, 12));
    }
}
