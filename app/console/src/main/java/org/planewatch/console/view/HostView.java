package org.planewatch.console.view;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import org.planewatch.console.state.FabricSnapshot.EvCell;
import org.planewatch.console.state.FabricSnapshot.HostPlanePort;
import org.planewatch.console.state.FabricSnapshot.HostSummary;
import org.planewatch.console.state.FabricSnapshot.QpSummary;
import org.planewatch.console.state.Units;
import org.planewatch.console.viewmodel.DeviceViewModel;
import org.planewatch.console.viewmodel.MainViewModel;

/** Host drill-down: its plane ports, its QPs, and the EV grid of the selected QP. */
public final class HostView extends BorderPane {
    private static final double CELL = 22;
    private final DeviceViewModel viewModel;
    private final ObjectProperty<Palette> palette;
    private final TableView<HostPlanePort> ports = new TableView<>();
    private final TableView<QpSummary> qps = new TableView<>();
    private final Canvas evGrid = new Canvas(600, 200);
    private final Label evTitle = new Label("Select a QP to see its EVs");

    public HostView(MainViewModel main, ObjectProperty<Palette> palette) {
        this.viewModel = main.devices();
        this.palette = palette;
        setId("host-view");
        ComboBox<String> host = new ComboBox<>();
        host.setId("host-choice");
        host.setPromptText("Choose a host");
        viewModel
                .hostNamesProperty()
                .addListener((o, a, names) -> host.getItems().setAll(names));
        host.getItems().setAll(viewModel.hostNamesProperty().get());
        ViewParts.fixedWidthChoice(host);
        host.valueProperty().bindBidirectional(viewModel.hostProperty());
        Label freshness = new Label();
        HBox bar = new HBox(10, new Label("Host"), host, freshness);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8, 12, 8, 12));
        setTop(bar);

        ports.setId("host-ports");
        ports.setPlaceholder(portsPlaceholder);
        portsPlaceholder.setId("host-ports-placeholder");
        qps.setPlaceholder(qpsPlaceholder);
        ports.getColumns().add(ViewParts.column("Plane", HostPlanePort::plane, 60));
        ports.getColumns().add(ViewParts.column("Port", HostPlanePort::portName, 90));
        ports.getColumns().add(ViewParts.column("Status", HostPlanePort::operStatus, 80));
        ports.getColumns().add(ViewParts.column("TX", p -> Units.bits(p.txBps()), 100));
        ports.getColumns().add(ViewParts.column("RX", p -> Units.bits(p.rxBps()), 100));
        ports.getColumns().add(ViewParts.column("EVs good", HostPlanePort::evsGood, 80));
        ports.getColumns().add(ViewParts.column("Assumed bad", HostPlanePort::evsAssumedBad, 90));
        ports.getColumns().add(ViewParts.column("Denied", HostPlanePort::evsDenied, 70));
        ports.getColumns().add(ViewParts.column("Unknown", HostPlanePort::evsUnknown, 75));
        ports.getColumns().add(ViewParts.column("Retransmits/s", p -> Units.count(p.retransmitRate()), 100));
        ports.getColumns().add(ViewParts.column("Trim NACKs/s", p -> Units.count(p.trimNackRate()), 100));
        ports.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        qps.setId("host-qps");
        qps.getColumns().add(ViewParts.column("QP", QpSummary::qpn, 60));
        qps.getColumns().add(ViewParts.column("Peer", QpSummary::peer, 100));
        qps.getColumns().add(ViewParts.column("EVs active", QpSummary::evsActive, 80));
        qps.getColumns().add(ViewParts.column("cwnd", q -> Units.of(q.cwndOctets(), "B"), 80));
        qps.getColumns().add(ViewParts.column("In flight", q -> Units.of(q.inflightOctets(), "B"), 80));
        qps.getColumns().add(ViewParts.column("sRTT", q -> Units.count(q.srttNs() / 1000.0) + " \u00b5s", 80));
        qps.getColumns().add(ViewParts.column("TX pkt/s", q -> Units.count(q.txRate()), 90));
        qps.getColumns().add(ViewParts.column("Retransmits/s", q -> Units.count(q.retransmitRate()), 100));
        qps.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        qps.getSelectionModel().selectedItemProperty().addListener((o, a, qp) -> {
            if (qp != null) {
                viewModel.selectedQpProperty().set(qp.qpn());
            }
        });
        Tooltip tip = new Tooltip();
        Tooltip.install(evGrid, tip);
        evGrid.setOnMouseMoved(e -> tip.setText(evAt(e.getX(), e.getY())
                .map(ev -> "EV " + ev.id() + " plane " + ev.plane() + ": "
                        + (ev.state().isEmpty() ? "no state reported yet" : ev.state()) + ", penalty "
                        + Units.count(ev.penalty()) + ", trims " + ev.trims() + ", losses " + ev.losses())
                .orElse("")));
        evTitle.setId("ev-title");
        VBox evBox = new VBox(4, evTitle, evGrid);
        VBox content = new VBox(8, ViewParts.titled("Plane ports", ports), ViewParts.titled("Queue pairs", qps), evBox);
        VBox.setVgrow(content.getChildren().get(0), Priority.ALWAYS);
        VBox.setVgrow(content.getChildren().get(1), Priority.ALWAYS);
        content.setPadding(new Insets(0, 12, 12, 12));
        setCenter(content);

        viewModel.hostSummaryProperty().addListener((o, a, summary) -> show(summary, freshness));
        viewModel
                .hostProperty()
                .addListener((o, a, b) -> show(viewModel.hostSummaryProperty().get(), freshness));
        viewModel.qpSummaryProperty().addListener((o, a, qp) -> drawEvs(qp));
        palette.addListener((o, a, b) -> drawEvs(viewModel.qpSummaryProperty().get()));
        show(viewModel.hostSummaryProperty().get(), freshness);
        drawEvs(viewModel.qpSummaryProperty().get());
    }

    private final Label portsPlaceholder = new Label();
    private final Label qpsPlaceholder = new Label();

    private void show(Optional<HostSummary> summary, Label freshness) {
        String host = viewModel.hostProperty().get();
        boolean chosen = host != null && !host.isBlank();
        // Empty tables say why: nothing chosen yet is not a host that reports nothing.
        portsPlaceholder.setText(
                !chosen
                        ? "Choose a host above (or search for one) to see its plane ports, QPs and EVs"
                        : summary.isEmpty() ? host + " is not known (yet)" : "No plane ports reported by " + host);
        qpsPlaceholder.setText(!chosen ? "No host chosen" : "No QPs reported by " + host);
        ports.getItems().setAll(summary.map(HostSummary::planes).orElse(List.of()));
        Long selected = viewModel.selectedQpProperty().get();
        qps.getItems().setAll(summary.map(HostSummary::qps).orElse(List.of()));
        if (selected != null) {
            qps.getItems().stream()
                    .filter(q -> q.qpn() == selected)
                    .findFirst()
                    .ifPresent(q -> qps.getSelectionModel().select(q));
        } else {
            // Open on the QP with the fewest EVs in service: where the trouble is, if there is any.
            qps.getItems().stream()
                    .min(Comparator.comparingLong(QpSummary::evsActive))
                    .ifPresent(q -> qps.getSelectionModel().select(q));
        }
        freshness.setText(summary.map(s -> s.freshness().name()).orElse(""));
    }

    private void drawEvs(Optional<QpSummary> qp) {
        GraphicsContext g = evGrid.getGraphicsContext2D();
        Palette colors = palette.get();
        g.setFill(colors.background());
        g.fillRect(0, 0, evGrid.getWidth(), evGrid.getHeight());
        if (qp.isEmpty()) {
            String host = viewModel.hostProperty().get();
            evTitle.setText(host == null || host.isBlank() ? "" : "Select a QP to see its EVs");
            return;
        }
        List<EvCell> evs = qp.get().evs();
        evTitle.setText(
                evs.isEmpty()
                        ? "QP " + qp.get().qpn() + ": no per-EV state (the agent streams EVs only when asked)"
                        : "QP " + qp.get().qpn() + ": " + evs.size()
                                + " EVs (green GOOD, amber ASSUMED_BAD, red DENIED, grey UNKNOWN: retired, no probe answered yet)");
        int perRow = (int) (evGrid.getWidth() / CELL);
        g.setFont(Font.font(9));
        for (int i = 0; i < evs.size(); i++) {
            EvCell ev = evs.get(i);
            double x = (i % perRow) * CELL;
            double y = (i / perRow) * CELL;
            if (ev.state().isEmpty()) {
                // No state reported for it yet: an outline, not the grey of a real UNKNOWN verdict.
                g.setStroke(colors.mutedText());
                g.strokeRect(x + 0.5, y + 0.5, CELL - 3, CELL - 3);
                continue;
            }
            g.setFill(
                    switch (ev.state()) {
                        case "GOOD" -> colors.ok();
                        case "ASSUMED_BAD" -> colors.warning();
                        case "DENIED" -> colors.critical();
                        default -> colors.stale();
                    });
            g.fillRect(x, y, CELL - 2, CELL - 2);
        }
    }

    private Optional<EvCell> evAt(double x, double y) {
        List<EvCell> evs =
                viewModel.qpSummaryProperty().get().map(QpSummary::evs).orElse(List.of());
        int perRow = (int) (evGrid.getWidth() / CELL);
        int index = (int) (y / CELL) * perRow + (int) (x / CELL);
        return index >= 0 && index < evs.size() ? Optional.of(evs.get(index)) : Optional.empty();
    }
}
