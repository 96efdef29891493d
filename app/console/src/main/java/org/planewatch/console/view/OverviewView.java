package org.planewatch.console.view;

import eu.hansolo.tilesfx.Tile;
import eu.hansolo.tilesfx.TileBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot.TargetStatus;
import org.planewatch.console.state.FabricSnapshot.TrendPoint;
import org.planewatch.console.state.Units;
import org.planewatch.console.viewmodel.AlarmsViewModel;
import org.planewatch.console.viewmodel.Level;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.OverviewViewModel.PlaneCard;

/**
 * The home view: a column of TilesFX tiles per plane (path health, goodput, trims, EVs out of
 * service, links down) whose background turns amber or red with the plane's state, under the plane's
 * verdict and the suspect its exclusions point at (in magenta), then the active alarms and the
 * freshness of every target. Tiles change only when a snapshot does (low rate). Rates are smoothed
 * over the trend window and each tile draws the last minute of its figure beneath it.
 */
public final class OverviewView extends BorderPane {
    private static final double TILE_WIDTH = 168;
    private static final double TILE_HEIGHT = 104;

    private final MainViewModel viewModel;
    private final ObjectProperty<Palette> palette;
    private final GridPane grid = new GridPane();
    private final List<PlaneColumn> columns = new ArrayList<>();

    /** One plane's tile group. */
    private final class PlaneColumn {
        final int plane;
        final Label header = new Label();
        final Label verdict = new Label();
        final Label suspect = new Label();
        final Tile health = tile("Path health", "%", 1);
        final Tile goodput = tile("Goodput", "Gb/s", 1);
        final Tile trims = tile("Trim rate", "pkt/s", 1);
        /** Under each tile's value, the last minute of its figure (in the order of {@link #ROWS}). */
        final Sparkline[] sparklines = new Sparkline[ROWS.size()];

        final Tile evsOut = tile("EVs out of service", "", 0);
        final Tile linksDown = tile("Links down", "", 0);

        PlaneColumn(int plane, int column) {
            this.plane = plane;
            header.setText("PLANE " + plane);
            header.getStyleClass().add("plane-header");
            verdict.getStyleClass().add("plane-verdict");
            suspect.getStyleClass().add("suspect-text");
            suspect.setId("plane-" + plane + "-suspect");
            suspect.setWrapText(true);
            suspect.setTextAlignment(TextAlignment.CENTER);
            suspect.setMaxWidth(TILE_WIDTH + 60);
            // Two lines are kept for it in every column, so that the tiles stay in line as suspects come and go.
            suspect.setMinHeight(34);
            VBox head = new VBox(0, header, verdict, suspect);
            head.setAlignment(Pos.CENTER);
            head.setId("plane-" + plane + "-header");
            head.setOnMouseClicked(e -> viewModel.openPlane(plane));
            grid.add(head, column + 1, 0);
            Tile[] tiles = {health, goodput, trims, evsOut, linksDown};
            for (int row = 0; row < tiles.length; row++) {
                tiles[row].setOnMouseClicked(e -> viewModel.openPlane(plane));
                tiles[row].setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
                Sparkline sparkline = new Sparkline();
                sparkline.setId("plane-" + plane + "-sparkline-" + row);
                sparkline.setMaxHeight(SPARKLINE_HEIGHT);
                sparkline.setPrefHeight(SPARKLINE_HEIGHT);
                sparklines[row] = sparkline;
                StackPane.setAlignment(sparkline, Pos.BOTTOM_CENTER);
                StackPane.setMargin(sparkline, new Insets(0, 10, 8, 10));
                StackPane cell = new StackPane(tiles[row], sparkline);
                cell.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
                grid.add(cell, column + 1, row + 1);
            }
            Tooltip.install(goodput, spreadTip);
            goodput.setId("plane-" + plane + "-goodput");
            trims.setId("plane-" + plane + "-trims");
            health.setId("plane-" + plane + "-health");
            linksDown.setId("plane-" + plane + "-links-down");
            evsOut.setId("plane-" + plane + "-evs-out");
        }

        /** What the tiles' colours were last painted for; none yet. */
        private Palette paintedPalette;

        private Level paintedLevel;
        private boolean paintedLinksDown;

        final Tooltip spreadTip = new Tooltip();

        void show(PlaneCard card, Palette colors) {
            health.setValue(nan0(card.pathHealth()) * 100);
            Units.Scaled bits = Units.scaled(nan0(card.goodputBps()), "b/s");
            unit(goodput, bits.unit());
            goodput.setValue(bits.value());
            Units.Scaled packets = Units.scaled(nan0(card.trimRate()), "pkt/s");
            unit(trims, packets.unit());
            trims.setValue(packets.value());
            spreadTip.setText(card.spreadTip());
            List<TrendPoint> recent = card.recent();
            Color line = colors.mutedText();
            sparklines[0].show(series(recent, p -> p.pathHealth() * 100), 100, line);
            sparklines[1].show(series(recent, TrendPoint::goodputBps), Double.NaN, line);
            sparklines[2].show(series(recent, TrendPoint::trimRate), Double.NaN, line);
            sparklines[3].show(series(recent, TrendPoint::evsOutOfService), Double.NaN, line);
            sparklines[4].show(series(recent, TrendPoint::linksDown), Double.NaN, line);
            describe(
                    trims,
                    Double.isNaN(card.lastHopShare())
                            ? ""
                            : String.format(Locale.ROOT, "%.0f%% last hop", card.lastHopShare() * 100));
            evsOut.setValue(card.evsOutOfService());
            linksDown.setValue(card.linksDown());
            describe(linksDown, "of " + card.linksTotal());
            describe(goodput, card.spreadText());
            verdict.setText(card.verdict().toUpperCase(Locale.ROOT));
            if (!suspect.getText().equals(card.suspect())) {
                suspect.setText(card.suspect());
            }
            boolean linksAreDown = card.linksDown() > 0;
            if (colors.equals(paintedPalette) && card.level() == paintedLevel && linksAreDown == paintedLinksDown) {
                return;
            }
            verdict.setTextFill(colors.level(card.level()));
            header.setTextFill(card.level() == Level.OK ? colors.text() : colors.level(card.level()));
            for (Tile tile : List.of(health, goodput, trims, evsOut, linksDown)) {
                tile.setBackgroundColor(colors.tileBackground(card.level()));
                tile.setForegroundColor(colors.text());
                tile.setTitleColor(colors.mutedText());
                tile.setValueColor(colors.text());
                tile.setUnitColor(colors.mutedText());
                tile.setDescriptionColor(colors.mutedText());
            }
            linksDown.setValueColor(linksAreDown ? colors.critical().brighter() : colors.text());
            health.setBarColor(colors.level(card.level() == Level.OK ? Level.OK : card.level()));
            paintedPalette = colors;
            paintedLevel = card.level();
            paintedLinksDown = linksAreDown;
        }
    }

    private static final double SPARKLINE_HEIGHT = 24;

    private static double[] series(List<TrendPoint> points, ToDoubleFunction<TrendPoint> value) {
        double[] values = new double[points.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value.applyAsDouble(points.get(i));
        }
        return values;
    }

    /** Sets a tile's unit only when it changes (see {@link #describe}). */
    private static void unit(Tile tile, String unit) {
        if (!unit.equals(tile.getUnit())) {
            tile.setUnit(unit);
        }
    }

    /**
     * Sets a tile's description only when it changes, as {@code PlaneColumn.show} does the colours:
     * TilesFX redraws the whole tile (measuring its texts again) on every such set, equal or not, and
     * forty tiles times nine sets per new snapshot made the overview's frame work 40-80 ms at 1 M
     * updates/s on a software-rendered window (ADR 0082).
     */
    private static void describe(Tile tile, String text) {
        if (!text.equals(tile.getDescription())) {
            tile.setDescription(text);
        }
    }

    public OverviewView(MainViewModel viewModel, ObjectProperty<Palette> palette) {
        this.viewModel = viewModel;
        this.palette = palette;
        setId("overview-view");
        getStyleClass().add("overview-view");
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(12));
        grid.setAlignment(Pos.TOP_CENTER);
        VBox.setVgrow(grid, Priority.ALWAYS);
        setCenter(grid);
        setBottom(bottom());
        viewModel.overview().cardsProperty().addListener((o, a, cards) -> show(cards));
        palette.addListener(
                (o, a, b) -> show(viewModel.overview().cardsProperty().get()));
        show(viewModel.overview().cardsProperty().get());
    }

    private static Tile tile(String title, String unit, int decimals) {
        return TileBuilder.create()
                .skinType(Tile.SkinType.NUMBER)
                .prefSize(TILE_WIDTH, TILE_HEIGHT)
                .title(title)
                .unit(unit)
                .decimals(decimals)
                .textAlignment(TextAlignment.LEFT)
                .roundedCorners(true)
                .animated(false)
                .textSize(Tile.TextSize.BIGGER)
                .build();
    }

    private static final List<String> ROWS = List.of("PATH HEALTH", "GOODPUT", "TRIM RATE", "EVs OUT", "LINKS DOWN");

    private void show(List<PlaneCard> cards) {
        if (columns.size() != cards.size() || !sameOrder(cards)) {
            grid.getChildren().clear();
            grid.getColumnConstraints().clear();
            grid.getRowConstraints().clear();
            columns.clear();
            ColumnConstraints labels = new ColumnConstraints();
            labels.setMinWidth(Region.USE_PREF_SIZE);
            grid.getColumnConstraints().add(labels);
            for (int i = 0; i < cards.size(); i++) {
                ColumnConstraints column = new ColumnConstraints();
                column.setHgrow(Priority.ALWAYS);
                column.setFillWidth(true);
                column.setMaxWidth(260);
                grid.getColumnConstraints().add(column);
            }
            grid.getRowConstraints().add(new RowConstraints());
            for (int row = 0; row < ROWS.size(); row++) {
                RowConstraints constraint = new RowConstraints();
                constraint.setVgrow(Priority.ALWAYS);
                constraint.setFillHeight(true);
                constraint.setMaxHeight(150);
                grid.getRowConstraints().add(constraint);
                Label label = new Label(ROWS.get(row));
                label.getStyleClass().add("row-label");
                grid.add(label, 0, row + 1);
            }
            for (int i = 0; i < cards.size(); i++) {
                columns.add(new PlaneColumn(cards.get(i).plane(), i));
            }
        }
        for (int i = 0; i < cards.size(); i++) {
            columns.get(i).show(cards.get(i), palette.get());
        }
    }

    private boolean sameOrder(List<PlaneCard> cards) {
        for (int i = 0; i < cards.size(); i++) {
            if (columns.get(i).plane != cards.get(i).plane()) {
                return false;
            }
        }
        return true;
    }

    private HBox bottom() {
        ListView<Alarm> alarms = new ListView<>(viewModel.alarms().active());
        alarms.setId("overview-alarms");
        alarms.setPlaceholder(new Label("No active alarms"));
        alarms.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(Alarm alarm, boolean empty) {
                super.updateItem(alarm, empty);
                if (empty || alarm == null) {
                    ViewParts.chooseStyleClass(this, "alarm-", null);
                    setText(null);
                    return;
                }
                setText((alarm.status() == Alarm.Status.CLEARING
                                ? AlarmsViewModel.stateText(alarm, alarm.goneSinceMillis())
                                : alarm.severity().name())
                        + "  " + AlarmsViewModel.messageText(alarm));
                ViewParts.chooseStyleClass(this, "alarm-", AlarmsView.styleClass(alarm));
            }
        });
        VBox alarmBox = ViewParts.titled("Active alarms", alarms);
        HBox.setHgrow(alarmBox, Priority.ALWAYS);

        TableView<TargetStatus> targets = new TableView<>(viewModel.targets());
        targets.setId("overview-targets");
        targets.setPlaceholder(new Label("No targets"));
        targets.getColumns().add(ViewParts.column("Target", TargetStatus::source, 140));
        TableColumn<TargetStatus, String> freshness = new TableColumn<>("State");
        freshness.setPrefWidth(90);
        freshness.setCellValueFactory(
                c -> new SimpleStringProperty(c.getValue().freshness().name()));
        freshness.setCellFactory(c -> new FreshnessCell<>());
        targets.getColumns().add(freshness);
        TableColumn<TargetStatus, String> seen = new TableColumn<>("Last seen");
        seen.setPrefWidth(110);
        seen.setCellValueFactory(c -> new SimpleStringProperty(
                c.getValue().lastSeenMillis() == 0
                        ? "never"
                        : Units.seconds(Math.max(
                                        0,
                                        viewModel.snapshotProperty().get().atMillis()
                                                - c.getValue().lastSeenMillis()))
                                + " ago"));
        targets.getColumns().add(seen);
        targets.getColumns().add(ViewParts.column("Devices", TargetStatus::devices, 70));
        TableColumn<TargetStatus, String> detail = ViewParts.column("Detail", TargetStatus::detail, 300);
        targets.getColumns().add(detail);
        targets.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox targetBox = ViewParts.titled("Target freshness", targets);
        targetBox.setPrefWidth(640);
        HBox bottom = new HBox(12, alarmBox, targetBox);
        bottom.setPadding(new Insets(0, 12, 12, 12));
        bottom.setPrefHeight(190);
        return bottom;
    }

    private static double nan0(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
