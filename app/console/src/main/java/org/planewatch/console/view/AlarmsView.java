package org.planewatch.console.view;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.Units;
import org.planewatch.console.viewmodel.AlarmsViewModel;
import org.planewatch.console.viewmodel.MainViewModel;

/** Active alarms, recently cleared ones, and the thresholds that raise them. */
public final class AlarmsView extends BorderPane {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    public AlarmsView(MainViewModel main) {
        AlarmsViewModel viewModel = main.alarms();
        setId("alarms-view");
        TableView<Alarm> active = table(viewModel.active(), "No active alarms", main, false);
        active.setId("active-alarms");
        TableView<Alarm> recent = table(viewModel.recent(), "Nothing cleared yet", main, true);
        recent.setId("recent-alarms");
        VBox tables = new VBox(
                8,
                ViewParts.titled("Active", new VBox(4, acknowledgement(viewModel, active), active)),
                ViewParts.titled("Cleared", recent));
        VBox.setVgrow(tables.getChildren().get(0), Priority.ALWAYS);
        VBox.setVgrow(tables.getChildren().get(1), Priority.ALWAYS);
        tables.setPadding(new Insets(8, 8, 8, 12));
        setCenter(tables);
        setRight(thresholds(viewModel));
    }

    private static TableView<Alarm> table(
            ObservableList<Alarm> alarms, String empty, MainViewModel main, boolean cleared) {
        TableView<Alarm> table = new TableView<>(alarms);
        table.setPlaceholder(new Label(empty));
        table.getColumns().add(ViewParts.column("Severity", Alarm::severity, 90));
        table.getColumns().add(ViewParts.column("Subject", Alarm::subject, 120));
        table.getColumns()
                .add(ViewParts.column(
                        "State",
                        a -> AlarmsViewModel.stateText(
                                a, main.snapshotProperty().get().atMillis()),
                        cleared ? 120 : 260));
        table.getColumns()
                .add(ViewParts.column("Raised", a -> TIME.format(Instant.ofEpochMilli(a.raisedAtMillis())), 80));
        if (cleared) {
            table.getColumns()
                    .add(ViewParts.column("Cleared", a -> TIME.format(Instant.ofEpochMilli(a.goneSinceMillis())), 80));
            table.getColumns()
                    .add(ViewParts.column("Lasted", a -> Units.seconds(a.goneSinceMillis() - a.raisedAtMillis()), 80));
        } else {
            table.getColumns()
                    .add(ViewParts.column(
                            "For",
                            a -> Units.seconds(
                                    Math.max(0, main.snapshotProperty().get().atMillis() - a.raisedAtMillis())),
                            80));
        }
        table.getColumns().add(ViewParts.column("Message", AlarmsViewModel::messageText, 500));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Alarm alarm, boolean isEmpty) {
                super.updateItem(alarm, isEmpty);
                ViewParts.chooseStyleClass(this, "alarm-", isEmpty || alarm == null ? null : styleClass(alarm));
            }
        });
        table.setOnMouseClicked(e -> {
            Alarm alarm = table.getSelectionModel().getSelectedItem();
            if (e.getClickCount() == 2 && alarm != null) {
                main.search(alarm.subject());
            }
        });
        return table;
    }

    /** An alarm whose condition is gone is no longer drawn as an alarm: it reads as recovering. */
    static String styleClass(Alarm alarm) {
        return switch (alarm.status()) {
            case ACTIVE -> "alarm-" + alarm.severity().name().toLowerCase(Locale.ROOT);
            case CLEARING -> "alarm-clearing";
            case CLEARED -> null;
        };
    }

    /** Acknowledge the selected alarm, or silence its notifications for a while (recorded when recording). */
    private static HBox acknowledgement(AlarmsViewModel viewModel, TableView<Alarm> active) {
        Button acknowledge = new Button("Acknowledge");
        acknowledge.setId("alarm-acknowledge");
        acknowledge.setOnAction(
                e -> viewModel.acknowledge(active.getSelectionModel().getSelectedItem(), Duration.ZERO));
        HBox box = new HBox(8, acknowledge);
        for (Duration silence : AlarmsViewModel.SILENCES) {
            Button button = new Button("Silence " + AlarmsViewModel.silenceText(silence));
            button.setId("alarm-silence-" + silence.toMinutes() + "m");
            button.setOnAction(
                    e -> viewModel.acknowledge(active.getSelectionModel().getSelectedItem(), silence));
            box.getChildren().add(button);
        }
        Label hint = new Label(
                viewModel.canAcknowledge()
                        ? "Select an alarm; silencing stops its notifications, and the alarm stays listed."
                        : "Replay: alarms are shown as they were recorded.");
        hint.getStyleClass().add("muted");
        box.getChildren().add(hint);
        for (var node : box.getChildren()) {
            if (node instanceof Button button && viewModel.canAcknowledge()) {
                button.disableProperty()
                        .bind(active.getSelectionModel().selectedItemProperty().isNull());
            } else if (node instanceof Button button) {
                button.setDisable(true);
            }
        }
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static VBox thresholds(AlarmsViewModel viewModel) {
        Spinner<Double> health = new Spinner<>(new SpinnerValueFactory.DoubleSpinnerValueFactory(
                0, 100, viewModel.minHealthPercentProperty().get(), 0.5));
        health.setId("threshold-health");
        health.setEditable(true);
        health.valueProperty()
                .addListener((o, a, b) -> viewModel.minHealthPercentProperty().set(b));
        Spinner<Double> trims = new Spinner<>(new SpinnerValueFactory.DoubleSpinnerValueFactory(
                0, 1e9, viewModel.maxTrimRateKppsProperty().get(), 100));
        trims.setId("threshold-trims");
        trims.setEditable(true);
        trims.valueProperty()
                .addListener((o, a, b) -> viewModel.maxTrimRateKppsProperty().set(b));
        Spinner<Integer> links =
                new Spinner<>(0, 10_000, viewModel.maxLinksDownProperty().get());
        links.setId("threshold-links");
        links.setEditable(true);
        links.valueProperty()
                .addListener((o, a, b) -> viewModel.maxLinksDownProperty().set(b));
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(8);
        form.addRow(0, new Label("Plane path health below (%)"), health);
        form.addRow(1, new Label("Plane trim rate above (kpkt/s)"), trims);
        form.addRow(2, new Label("Links down per plane above"), links);
        Button apply = new Button("Apply");
        apply.setId("threshold-apply");
        apply.setDefaultButton(false);
        apply.setOnAction(e -> viewModel.applyThresholds());
        Label message = new Label();
        message.textProperty().bind(viewModel.thresholdMessageProperty());
        message.setWrapText(true);
        Label help =
                new Label("Targets raise an alarm when STALE (warning) or LOST (major); a MIN_ACTIVE_GUARD decision "
                        + "raises one for its host; a suspect (a link or switch the exclusions point at) raises one "
                        + "once named for 2 s. An alarm clears after its condition has been gone for 2 s.");
        help.setWrapText(true);
        help.getStyleClass().add("muted");
        HBox buttons = new HBox(8, apply);
        buttons.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(10, ViewParts.titled("Thresholds", form), buttons, message, help);
        box.setPadding(new Insets(8, 12, 8, 8));
        box.setPrefWidth(380);
        return box;
    }
}
