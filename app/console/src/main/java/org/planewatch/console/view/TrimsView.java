package org.planewatch.console.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;
import org.planewatch.console.state.FabricSnapshot.TrendPoint;
import org.planewatch.console.state.FabricSnapshot.TrimPoint;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.TrimsViewModel;

/** Trim rate over time, one small chart per plane; split into last-hop (incast) and fabric trims. */
public final class TrimsView extends BorderPane {
    private final TrimsViewModel viewModel;
    private final ObjectProperty<Palette> palette;
    private final GridPane grid = new GridPane();
    private final List<TimeSeriesCanvas> charts = new ArrayList<>();

    public TrimsView(MainViewModel main, ObjectProperty<Palette> palette) {
        this.viewModel = main.trims();
        this.palette = palette;
        setId("trims-view");
        CheckBox split = new CheckBox("Split last hop (incast at the receiver's T0) and fabric (core) trims");
        split.setId("trims-split");
        split.selectedProperty().bindBidirectional(viewModel.splitProperty());
        CheckBox common = new CheckBox("Same scale for every plane");
        common.setId("trims-common-scale");
        common.selectedProperty().bindBidirectional(viewModel.commonScaleProperty());
        Label help = new Label("Rates: mean over the last " + TrendPoint.WINDOW_MILLIS / 1000
                + " s, as on the overview. Shaded spans: no live data (a gap is drawn as a gap).");
        help.getStyleClass().add("muted");
        HBox bar = new HBox(16, split, common, help);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8, 12, 8, 12));
        setTop(bar);
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(0, 12, 12, 12));
        setCenter(grid);
        viewModel.seriesProperty().addListener((o, a, b) -> draw());
        viewModel.splitProperty().addListener((o, a, b) -> draw());
        viewModel.commonScaleProperty().addListener((o, a, b) -> draw());
        palette.addListener((o, a, b) -> draw());
        draw();
    }

    private void draw() {
        Map<Integer, List<TrimPoint>> series = viewModel.seriesProperty().get();
        if (charts.size() != series.size()) {
            grid.getChildren().clear();
            grid.getColumnConstraints().clear();
            grid.getRowConstraints().clear();
            charts.clear();
            int columns = series.size() <= 4 ? Math.max(1, series.size()) : (series.size() + 1) / 2;
            int rows = (series.size() + columns - 1) / Math.max(1, columns);
            for (int c = 0; c < columns; c++) {
                ColumnConstraints constraint = new ColumnConstraints();
                constraint.setPercentWidth(100.0 / columns);
                constraint.setHgrow(Priority.ALWAYS);
                grid.getColumnConstraints().add(constraint);
            }
            for (int r = 0; r < rows; r++) {
                RowConstraints constraint = new RowConstraints();
                constraint.setPercentHeight(100.0 / Math.max(1, rows));
                constraint.setVgrow(Priority.ALWAYS);
                grid.getRowConstraints().add(constraint);
            }
            for (int i = 0; i < series.size(); i++) {
                TimeSeriesCanvas chart = new TimeSeriesCanvas();
                charts.add(chart);
                grid.add(chart, i % columns, i / columns);
            }
        }
        Palette colors = palette.get();
        List<TimeSeriesCanvas.Series> lines = viewModel.splitProperty().get()
                ? List.of(
                        new TimeSeriesCanvas.Series("last hop", colors.lastHop(), TrimPoint::lastHop),
                        new TimeSeriesCanvas.Series("fabric", colors.fabric(), TrimPoint::fabric))
                : List.of(new TimeSeriesCanvas.Series("total", colors.text(), p -> p.lastHop() + p.fabric()));
        double max = viewModel.commonScaleProperty().get()
                ? TrimsViewModel.commonMax(series, viewModel.splitProperty().get())
                : Double.NaN;
        int i = 0;
        for (Map.Entry<Integer, List<TrimPoint>> entry : series.entrySet()) {
            charts.get(i++).show("Plane " + entry.getKey() + " trims (pkt/s)", entry.getValue(), lines, colors, max);
        }
    }
}
