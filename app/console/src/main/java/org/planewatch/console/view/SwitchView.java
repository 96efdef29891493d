package org.planewatch.console.view;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.planewatch.console.state.FabricSnapshot.PortSummary;
import org.planewatch.console.state.FabricSnapshot.QueueSummary;
import org.planewatch.console.state.FabricSnapshot.SwitchSummary;
import org.planewatch.console.state.Units;
import org.planewatch.console.viewmodel.DeviceViewModel;
import org.planewatch.console.viewmodel.MainViewModel;

/** Switch drill-down: ports (named after their peers) and the queues of the selected port. */
public final class SwitchView extends BorderPane {

    public SwitchView(MainViewModel main) {
        DeviceViewModel viewModel = main.devices();
        setId("switch-view");
        ComboBox<String> choice = new ComboBox<>();
        choice.setId("switch-choice");
        choice.setPromptText("Choose a switch");
        viewModel
                .switchNamesProperty()
                .addListener((o, a, names) -> choice.getItems().setAll(names));
        choice.getItems().setAll(viewModel.switchNamesProperty().get());
        ViewParts.fixedWidthChoice(choice);
        choice.valueProperty().bindBidirectional(viewModel.switchNameProperty());
        Label freshness = new Label();
        HBox bar = new HBox(10, new Label("Switch"), choice, freshness);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8, 12, 8, 12));
        setTop(bar);

        TableView<PortSummary> ports = new TableView<>();
        ports.setId("switch-ports");
        ports.setPlaceholder(new Label("No ports reported"));
        ports.getColumns().add(ViewParts.column("Port", PortSummary::name, 90));
        ports.getColumns().add(ViewParts.column("Peer", PortSummary::peer, 110));
        ports.getColumns().add(ViewParts.column("Status", PortSummary::operStatus, 80));
        ports.getColumns().add(ViewParts.column("Out", p -> Units.bits(p.outBps()), 100));
        ports.getColumns().add(ViewParts.column("In", p -> Units.bits(p.inBps()), 100));
        ports.getColumns().add(ViewParts.column("Trims/s", p -> Units.count(p.trimRate()), 90));
        ports.getColumns().add(ViewParts.column("ECN/s", p -> Units.count(p.ecnRate()), 90));
        ports.getColumns().add(ViewParts.column("Drops/s", p -> Units.count(p.dropRate()), 90));
        ports.getColumns().add(ViewParts.column("In errors/s", p -> Units.count(p.inErrorRate()), 90));
        ports.getColumns().add(ViewParts.column("In discards/s", p -> Units.count(p.inDiscardRate()), 90));
        ports.getColumns().add(ViewParts.column("Lost in/s", p -> Units.count(p.inLossRate()), 90));
        ports.getColumns().add(ViewParts.column("Speed", p -> Units.bits(p.speedBps()), 90));
        ports.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        ports.getSelectionModel().selectedItemProperty().addListener((o, a, port) -> {
            if (port != null) {
                viewModel.selectedPortProperty().set(port.name());
            }
        });
        ports.setOnMouseClicked(e -> {
            PortSummary port = ports.getSelectionModel().getSelectedItem();
            if (e.getClickCount() == 2 && port != null) {
                main.search(port.peer());
            }
        });
        TableView<QueueSummary> queues = new TableView<>();
        queues.setId("switch-queues");
        queues.setPlaceholder(new Label("Select a port to see its queues"));
        queues.getColumns().add(ViewParts.column("Queue", QueueSummary::name, 90));
        queues.getColumns().add(ViewParts.column("TX pkt/s", q -> Units.count(q.transmitRate()), 90));
        queues.getColumns().add(ViewParts.column("ECN/s", q -> Units.count(q.ecnRate()), 90));
        queues.getColumns().add(ViewParts.column("Trims/s", q -> Units.count(q.trimRate()), 90));
        queues.getColumns().add(ViewParts.column("Drops/s", q -> Units.count(q.dropRate()), 90));
        queues.getColumns().add(ViewParts.column("Max depth", q -> Units.of(q.maxQueueLen(), "B"), 90));
        queues.getColumns().add(ViewParts.column("Avg depth", q -> Units.of(q.avgQueueLen(), "B"), 90));
        queues.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox content =
                new VBox(8, ViewParts.titled("Ports", ports), ViewParts.titled("Queues of the selected port", queues));
        VBox.setVgrow(content.getChildren().get(0), Priority.ALWAYS);
        VBox.setVgrow(content.getChildren().get(1), Priority.ALWAYS);
        content.setPadding(new Insets(0, 12, 12, 12));
        setCenter(content);
        Consumer<Optional<SwitchSummary>> showSwitch = summary -> {
            String selected = viewModel.selectedPortProperty().get();
            ports.getItems().setAll(summary.map(SwitchSummary::ports).orElse(List.of()));
            ports.getItems().stream()
                    .filter(p -> p.name().equals(selected))
                    .findFirst()
                    .ifPresent(p -> ports.getSelectionModel().select(p));
            freshness.setText(summary.map(s -> s.freshness().name()).orElse(""));
        };
        Consumer<Optional<PortSummary>> showPort =
                port -> queues.getItems().setAll(port.map(PortSummary::queues).orElse(List.of()));
        viewModel.switchSummaryProperty().addListener((o, a, summary) -> showSwitch.accept(summary));
        viewModel.portSummaryProperty().addListener((o, a, port) -> showPort.accept(port));
        showSwitch.accept(viewModel.switchSummaryProperty().get());
        showPort.accept(viewModel.portSummaryProperty().get());
    }
}
