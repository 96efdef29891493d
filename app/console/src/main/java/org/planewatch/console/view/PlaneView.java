package org.planewatch.console.view;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import javafx.util.StringConverter;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.viewmodel.LinkMetric;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.PlaneViewModel;
import org.planewatch.console.viewmodel.PlaneViewModel.Layout;
import org.planewatch.console.viewmodel.PlaneViewModel.LinkCell;

/**
 * One plane drawn on a canvas: T1 switches in a row on top, T0 switches below, every T0-T1 link a
 * line colored by the chosen metric, each T0's host links folded into one last-hop bar. Beyond
 * {@link PlaneViewModel#MATRIX_THRESHOLD} links it draws a T0 x T1 matrix instead. Hover shows a
 * link's values; click opens a switch or selects a link; the context menu injects faults when the
 * source allows it. On the right, the histogram of core-link utilization: MRC's health signal.
 */
public final class PlaneView extends BorderPane {
    private static final double NODE_HEIGHT = 26;
    private static final double HIT_DISTANCE = 5;

    private final MainViewModel main;
    private final PlaneViewModel viewModel;
    private final ObjectProperty<Palette> palette;
    private final Canvas canvas = new Canvas();
    private final Canvas histogram = new Canvas(260, 180);
    private final Label hover = new Label();
    private final Label spread = new Label();
    private final ContextMenu contextMenu = new ContextMenu();
    private Geometry geometry = Geometry.EMPTY;

    /** Where things were drawn, for hit testing. */
    private record Geometry(
            Layout layout,
            double[] t0x,
            double[] t1x,
            double t0y,
            double t1y,
            double hostY,
            double nodeWidth,
            double cellW,
            double cellH,
            double matrixX,
            double matrixY) {
        static final Geometry EMPTY = new Geometry(Layout.EMPTY, new double[0], new double[0], 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public PlaneView(MainViewModel main, ObjectProperty<Palette> palette) {
        this.main = main;
        this.viewModel = main.plane();
        this.palette = palette;
        setId("plane-view");
        setTop(controls());
        Pane canvasHolder = new Pane(canvas);
        canvasHolder.setMinSize(200, 200);
        canvas.widthProperty().bind(canvasHolder.widthProperty());
        canvas.heightProperty().bind(canvasHolder.heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> draw());
        canvas.heightProperty().addListener((o, a, b) -> draw());
        canvas.setId("plane-canvas");
        canvas.setOnMouseMoved(this::onHover);
        canvas.setOnMouseClicked(this::onClick);
        canvas.setOnContextMenuRequested(e -> showContextMenu(e.getX(), e.getY(), e.getScreenX(), e.getScreenY()));
        setCenter(canvasHolder);
        spread.setWrapText(true);
        spread.setId("plane-spread");
        Label spreadTitle = new Label("Core load spread");
        spreadTitle.getStyleClass().add("section-title");
        Label spreadHelp = new Label("Utilization of every T0-T1 link. MRC sprays each flow over all of them: a narrow "
                + "bar cluster is health, a wide spread means paths are excluded or load is skewed.");
        spreadHelp.setWrapText(true);
        spreadHelp.getStyleClass().add("muted");
        VBox right = new VBox(8, spreadTitle, histogram, spread, spreadHelp);
        right.setPadding(new Insets(8, 12, 8, 8));
        right.setPrefWidth(280);
        right.setMaxWidth(280);
        setRight(right);
        hover.setId("plane-hover");
        hover.getStyleClass().add("hover-info");
        hover.setMinHeight(54);
        hover.setMaxWidth(Double.MAX_VALUE);
        hover.setPadding(new Insets(4, 12, 6, 12));
        hover.setText("Hover a link for its values; click a switch to drill down; right-click for actions.");
        setBottom(hover);
        viewModel.layoutProperty().addListener((o, a, b) -> draw());
        palette.addListener((o, a, b) -> draw());
    }

    private HBox controls() {
        ComboBox<Integer> plane = new ComboBox<>();
        plane.setId("plane-choice");
        plane.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer value) {
                return value == null ? "" : "Plane " + value;
            }

            @Override
            public Integer fromString(String text) {
                return Integer.valueOf(text.replaceAll("\\D", ""));
            }
        });
        viewModel.planesProperty().addListener((o, a, planes) -> {
            plane.getItems().setAll(planes);
            plane.setValue(viewModel.planeProperty().get());
        });
        plane.getItems().setAll(viewModel.planesProperty().get());
        plane.setValue(viewModel.planeProperty().get());
        plane.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                viewModel.planeProperty().set(b);
            }
        });
        viewModel.planeProperty().addListener((o, a, b) -> plane.setValue(b.intValue()));
        ComboBox<LinkMetric> metric = new ComboBox<>();
        metric.setId("metric-choice");
        metric.getItems().setAll(LinkMetric.values());
        metric.setConverter(new StringConverter<>() {
            @Override
            public String toString(LinkMetric value) {
                return value == null ? "" : value.title();
            }

            @Override
            public LinkMetric fromString(String text) {
                return LinkMetric.valueOf(text);
            }
        });
        metric.valueProperty().bindBidirectional(viewModel.metricProperty());
        Button clear = new Button("Clear highlight");
        clear.setId("clear-highlight");
        clear.setOnAction(e -> main.clearHighlight());
        clear.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> main.highlightedLinksProperty().get().isEmpty(), main.highlightedLinksProperty()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label legend = new Label("green: normal   amber: above 70% of scale   red: saturated   "
                + "black with red \u2715: down   grey: stale   cyan ring: selected   magenta: suspected");
        legend.setId("plane-legend");
        // The legend gives way (ending in "…", whole in its tooltip), never the controls beside it.
        legend.setMinWidth(0);
        legend.setTooltip(new Tooltip(legend.getText()));
        legend.getStyleClass().add("muted");
        HBox bar = new HBox(10, new Label("Plane"), plane, new Label("Color links by"), metric, clear, spacer, legend);
        bar.getChildren().stream()
                .filter(node -> node != legend && node instanceof Region)
                .forEach(node -> ((Region) node).setMinWidth(Region.USE_PREF_SIZE));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8, 12, 8, 12));
        return bar;
    }

    private void draw() {
        Layout layout = viewModel.layoutProperty().get();
        Palette colors = palette.get();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(colors.background());
        g.fillRect(0, 0, w, h);
        if (layout.t0().isEmpty() && layout.t1().isEmpty()) {
            g.setFill(colors.mutedText());
            g.setTextAlign(TextAlignment.CENTER);
            g.setFont(Font.font(16));
            g.fillText("No switch data for plane " + viewModel.planeProperty().get() + " yet", w / 2, h / 2);
            geometry = Geometry.EMPTY;
            drawHistogram(layout, colors);
            showSpread(layout);
            return;
        }
        geometry = layout.matrix() ? drawMatrix(g, layout, colors, w, h) : drawRows(g, layout, colors, w, h);
        if (layout.freshness() != Freshness.LIVE) {
            g.setFill(Color.gray(0.5, 0.35));
            g.fillRect(0, 0, w, h);
            g.setFill(colors.text());
            g.setFont(Font.font(null, FontWeight.BOLD, 22));
            g.setTextAlign(TextAlignment.CENTER);
            g.fillText(layout.freshness() + ": values shown are old", w / 2, 40);
        }
        drawHistogram(layout, colors);
        showSpread(layout);
    }

    /** The spread's figures, clamped at 100 %, and, when a link measured more, why (in the tooltip). */
    private void showSpread(Layout layout) {
        spread.setText(layout.spreadText() + (layout.spreadTip().isEmpty() ? "" : " *"));
        if (layout.spreadTip().isEmpty()) {
            spread.setTooltip(null);
        } else if (spread.getTooltip() == null || !spread.getTooltip().getText().equals(layout.spreadTip())) {
            spread.setTooltip(new Tooltip(layout.spreadTip()));
        }
    }

    private Geometry drawRows(GraphicsContext g, Layout layout, Palette colors, double w, double h) {
        double margin = 30;
        double t1y = 50;
        double t0y = Math.max(t1y + 120, h - 150);
        double hostY = t0y + NODE_HEIGHT + 36;
        double[] t1x = spreadX(layout.t1().size(), margin, w - margin);
        double[] t0x = spreadX(layout.t0().size(), margin, w - margin);
        double nodeWidth = Math.min(
                110,
                Math.max(
                        34,
                        (w - 2 * margin)
                                        / Math.max(
                                                layout.t1().size(), layout.t0().size())
                                - 8));
        for (LinkCell link : layout.links()) {
            if (link.t0() < 0 || link.t1() < 0) {
                continue;
            }
            // Halos under the link keep its own colour (red and dashed when down) readable: magenta, wide,
            // for a suspect; cyan, narrower and on top, for the selection, so that both show at once.
            g.setLineDashes((double[]) null);
            if (link.suspected()) {
                g.setStroke(colors.suspect().deriveColor(0, 1, 1, 0.6));
                g.setLineWidth(18);
                g.strokeLine(t0x[link.t0()], t0y, t1x[link.t1()], t1y + NODE_HEIGHT);
            }
            if (link.highlighted()) {
                // A ring, not a fill: two cyan edges with the background between them, so the link's
                // own colour (dark and crossed when down) shows inside the selection.
                g.setStroke(colors.highlight());
                g.setLineWidth(14);
                g.strokeLine(t0x[link.t0()], t0y, t1x[link.t1()], t1y + NODE_HEIGHT);
                g.setStroke(colors.background());
                g.setLineWidth(9);
                g.strokeLine(t0x[link.t0()], t0y, t1x[link.t1()], t1y + NODE_HEIGHT);
            }
            if (!link.up() && !link.stale()) {
                // Down: a dark band with red dashes and a red cross at its middle, unlike any load colour.
                g.setStroke(colors.down());
                g.setLineWidth(6);
                g.strokeLine(t0x[link.t0()], t0y, t1x[link.t1()], t1y + NODE_HEIGHT);
                g.setStroke(colors.critical());
                g.setLineWidth(2);
                g.setLineDashes(8, 6);
                g.strokeLine(t0x[link.t0()], t0y, t1x[link.t1()], t1y + NODE_HEIGHT);
                g.setLineDashes((double[]) null);
                // Between the fault label (0.3) and SUSPECT (0.55), off the centre where the lines cross.
                drawCross(
                        g,
                        colors,
                        t0x[link.t0()] + (t1x[link.t1()] - t0x[link.t0()]) * 0.42,
                        t0y + (t1y + NODE_HEIGHT - t0y) * 0.42,
                        9);
                continue;
            }
            g.setStroke(link.stale() ? colors.stale() : colors.ramp(link.intensity()));
            g.setLineWidth(1.2 + 2.3 * link.intensity());
            g.setLineDashes(link.up() ? null : new double[] {8, 6});
            g.strokeLine(t0x[link.t0()], t0y, t1x[link.t1()], t1y + NODE_HEIGHT);
        }
        g.setLineDashes((double[]) null);
        // What the counters say is wrong with a link (errors, packets lost between its ends), on the link.
        g.setFont(Font.font(11));
        g.setTextAlign(TextAlignment.CENTER);
        for (LinkCell link : layout.links()) {
            if (link.t0() < 0 || link.t1() < 0 || link.fault().isEmpty()) {
                continue;
            }
            double x = t0x[link.t0()] + (t1x[link.t1()] - t0x[link.t0()]) * 0.3;
            double y = t0y + (t1y + NODE_HEIGHT - t0y) * 0.3;
            g.setFill(colors.critical());
            g.fillText(link.fault(), x, y);
        }
        g.setFont(Font.font(null, FontWeight.BOLD, 12));
        for (LinkCell link : layout.links()) {
            if (link.t0() < 0 || link.t1() < 0 || !link.suspected()) {
                continue;
            }
            double x = t0x[link.t0()] + (t1x[link.t1()] - t0x[link.t0()]) * 0.55;
            double y = t0y + (t1y + NODE_HEIGHT - t0y) * 0.55;
            g.setFill(colors.suspect());
            g.fillText("SUSPECT", x, y - 8);
        }
        drawSuspects(g, layout, colors, 20);
        drawNodes(g, layout.t1(), t1x, t1y, nodeWidth, colors, layout.suspectedSwitches(), true);
        drawNodes(g, layout.t0(), t0x, t0y, nodeWidth, colors, layout.suspectedSwitches(), false);
        g.setFont(Font.font(11));
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(colors.mutedText());
        g.fillText("T1", 4, t1y + NODE_HEIGHT / 2 + 4);
        g.fillText("T0", 4, t0y + NODE_HEIGHT / 2 + 4);
        g.fillText("hosts", 4, hostY + 12);
        for (PlaneViewModel.LastHop hop : layout.lastHop()) {
            if (hop.t0() < 0) {
                continue;
            }
            double x = t0x[hop.t0()] - nodeWidth / 2;
            g.setStroke(colors.grid());
            g.setLineWidth(1);
            g.strokeLine(t0x[hop.t0()], t0y + NODE_HEIGHT, t0x[hop.t0()], hostY);
            g.setFill(hop.down() > 0 ? colors.down() : colors.ramp(hop.intensity()));
            g.fillRoundRect(x, hostY, nodeWidth, 16, 6, 6);
            if (hop.down() > 0) {
                g.setStroke(colors.critical());
                g.setLineWidth(2);
                g.setLineDashes(4, 3);
                g.strokeRoundRect(x, hostY, nodeWidth, 16, 6, 6);
                g.setLineDashes((double[]) null);
            }
            g.setFill(colors.mutedText());
            g.setTextAlign(TextAlignment.CENTER);
            g.fillText(
                    hop.hostLinks() + " hosts" + (hop.down() > 0 ? ", " + hop.down() + " down" : ""),
                    t0x[hop.t0()],
                    hostY + 30);
            if (hop.faulty() > 0) {
                g.setFill(colors.critical());
                g.fillText(
                        hop.faulty() + (hop.faulty() == 1 ? " link" : " links") + " with errors",
                        t0x[hop.t0()],
                        hostY + 44);
            }
            if (hop.suspected() > 0) {
                g.setStroke(colors.suspect());
                g.setLineWidth(3);
                g.strokeRoundRect(x, hostY, nodeWidth, 16, 6, 6);
                g.setFill(colors.suspect());
                g.fillText(
                        hop.suspected() + (hop.suspected() == 1 ? " host link" : " host links") + " SUSPECT",
                        t0x[hop.t0()],
                        hostY + 58);
            }
        }
        return new Geometry(layout, t0x, t1x, t0y, t1y, hostY, nodeWidth, 0, 0, 0, 0);
    }

    /** What the plane's suspects are, in words, across the top of the canvas. */
    private static void drawSuspects(GraphicsContext g, Layout layout, Palette colors, double baseline) {
        if (layout.suspects().isEmpty()) {
            return;
        }
        g.setFont(Font.font(null, FontWeight.BOLD, 13));
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(colors.suspect());
        g.fillText(String.join("   ", layout.suspects()), 30, baseline);
    }

    /**
     * Switches as boxes; a suspected one filled and framed in magenta with "SUSPECT" beside it (above
     * a T1, below a T0's box, clear of the links), the selected one framed in cyan.
     */
    private void drawNodes(
            GraphicsContext g,
            List<String> names,
            double[] xs,
            double y,
            double width,
            Palette colors,
            java.util.Set<String> suspected,
            boolean upperTier) {
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (int i = 0; i < names.size(); i++) {
            boolean selected =
                    names.get(i).equals(main.devices().switchNameProperty().get());
            boolean suspect = suspected.contains(names.get(i));
            g.setFill(colors.panel());
            g.fillRoundRect(xs[i] - width / 2, y, width, NODE_HEIGHT, 6, 6);
            if (suspect) {
                g.setFill(colors.suspect().deriveColor(0, 1, 1, 0.35));
                g.fillRoundRect(xs[i] - width / 2, y, width, NODE_HEIGHT, 6, 6);
                g.setFill(colors.suspect());
                g.setFont(Font.font(null, FontWeight.BOLD, 12));
                g.fillText("SUSPECT", xs[i], upperTier ? y - 10 : y + NODE_HEIGHT + 10);
            }
            g.setStroke(suspect ? colors.suspect() : selected ? colors.highlight() : colors.grid());
            g.setLineWidth(suspect ? 3 : selected ? 2 : 1);
            g.strokeRoundRect(xs[i] - width / 2, y, width, NODE_HEIGHT, 6, 6);
            g.setFont(Font.font(null, FontWeight.BOLD, width < 60 ? 9 : 11));
            g.setFill(colors.text());
            String label = names.get(i);
            g.fillText(width < 60 ? label.substring(label.indexOf('-') + 1) : label, xs[i], y + NODE_HEIGHT / 2);
        }
        g.setTextBaseline(VPos.BASELINE);
    }

    /**
     * Rows are T0s and columns T1s, each axis labelled by switch name, or by runs of names when
     * they do not all fit. A down link is a dark cell crossed in red (not the red of a saturated
     * one); the selection is a cyan ring around its cell, so the cell's own colour shows through.
     */
    private Geometry drawMatrix(GraphicsContext g, Layout layout, Palette colors, double w, double h) {
        double left = 110;
        double top = 64;
        double cellW = Math.max(2, (w - left - 20) / layout.t1().size());
        double cellH = Math.max(2, (h - top - 20) / layout.t0().size());
        for (LinkCell link : layout.links()) {
            if (link.t0() < 0 || link.t1() < 0) {
                continue;
            }
            double x = left + link.t1() * cellW;
            double y = top + link.t0() * cellH;
            double cw = Math.max(1, cellW - 1);
            double ch = Math.max(1, cellH - 1);
            boolean down = !link.up() && !link.stale();
            g.setFill(link.stale() ? colors.stale() : down ? colors.down() : colors.ramp(link.intensity()));
            g.fillRect(x, y, cw, ch);
            if (down) {
                g.setStroke(colors.critical());
                g.setLineWidth(Math.max(1, Math.min(cw, ch) / 6));
                g.strokeLine(x, y, x + cw, y + ch);
                g.strokeLine(x + cw, y, x, y + ch);
            }
            if (link.suspected()) {
                g.setStroke(colors.suspect());
                g.setLineWidth(2);
                g.strokeRect(x - 1, y - 1, cellW + 1, cellH + 1);
            }
            if (link.highlighted()) {
                g.setStroke(colors.highlight());
                g.setLineWidth(2);
                g.strokeRect(x - 3.5, y - 3.5, cw + 7, ch + 7);
            }
        }
        g.setFill(colors.mutedText());
        g.setFont(Font.font(11));
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("Plane " + layout.plane() + ": T0 switches (rows) \u00d7 T1 switches (columns)", left, top - 34);
        drawAxes(g, layout, colors, left, top, cellW, cellH);
        drawSuspects(g, layout, colors, 14);
        return new Geometry(layout, new double[0], new double[0], 0, 0, 0, 0, cellW, cellH, left, top);
    }

    /** T1 names (or runs of them) above the columns, T0 names to the left of the rows. */
    private static void drawAxes(
            GraphicsContext g, Layout layout, Palette colors, double left, double top, double cellW, double cellH) {
        g.setFont(Font.font(10));
        g.setFill(colors.mutedText());
        g.setStroke(colors.grid());
        g.setLineWidth(1);
        int columnsRoom = (int) (layout.t1().size() * cellW / 70);
        g.setTextAlign(TextAlignment.CENTER);
        for (PlaneViewModel.AxisLabel label : PlaneViewModel.axisLabels(layout.t1(), columnsRoom)) {
            double from = left + label.from() * cellW;
            double to = left + (label.to() + 1) * cellW - 1;
            g.fillText(label.text(), (from + to) / 2, top - 10);
            g.strokeLine(from, top - 4, to, top - 4);
        }
        int rowsRoom = (int) (layout.t0().size() * cellH / 14);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        for (PlaneViewModel.AxisLabel label : PlaneViewModel.axisLabels(layout.t0(), rowsRoom)) {
            double from = top + label.from() * cellH;
            double to = top + (label.to() + 1) * cellH - 1;
            g.fillText(label.text(), left - 8, (from + to) / 2);
            g.strokeLine(left - 4, from, left - 4, to);
        }
        g.setTextBaseline(VPos.BASELINE);
    }

    /** A red cross centred on (x, y): a down link. */
    private static void drawCross(GraphicsContext g, Palette colors, double x, double y, double half) {
        g.setStroke(colors.critical());
        g.setLineWidth(3);
        g.strokeLine(x - half, y - half, x + half, y + half);
        g.strokeLine(x + half, y - half, x - half, y + half);
    }

    private void drawHistogram(Layout layout, Palette colors) {
        GraphicsContext g = histogram.getGraphicsContext2D();
        double w = histogram.getWidth();
        double h = histogram.getHeight();
        g.setFill(colors.panel());
        g.fillRect(0, 0, w, h);
        int bins = 20;
        int[] counts = new int[bins];
        for (double u : layout.coreUtilizations()) {
            counts[Math.min(bins - 1, (int) (Math.max(0, u) * bins))]++;
        }
        int max = 1;
        for (int c : counts) {
            max = Math.max(max, c);
        }
        double barW = (w - 20) / bins;
        for (int i = 0; i < bins; i++) {
            double barH = (h - 36) * counts[i] / max;
            g.setFill(colors.ramp((i + 0.5) / bins));
            g.fillRect(10 + i * barW, h - 22 - barH, barW - 2, barH);
        }
        g.setFill(colors.mutedText());
        g.setFont(Font.font(10));
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("0%", 10, h - 8);
        g.setTextAlign(TextAlignment.CENTER);
        g.fillText("utilization", w / 2, h - 8);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText("100%", w - 10, h - 8);
    }

    private static double[] spreadX(int count, double from, double to) {
        double[] xs = new double[count];
        double step = (to - from) / Math.max(1, count);
        for (int i = 0; i < count; i++) {
            xs[i] = from + step * (i + 0.5);
        }
        return xs;
    }

    /** What is under the mouse: a switch name, a link id, or nothing. */
    private sealed interface Hit {
        record SwitchHit(String name) implements Hit {}

        record LinkHit(String id) implements Hit {}
    }

    private Optional<Hit> hitTest(double x, double y) {
        Geometry geo = geometry;
        Layout layout = geo.layout();
        if (layout.matrix()) {
            if (geo.cellW() <= 0) {
                return Optional.empty();
            }
            int col = (int) ((x - geo.matrixX()) / geo.cellW());
            int row = (int) ((y - geo.matrixY()) / geo.cellH());
            return layout.links().stream()
                    .filter(l -> l.t0() == row && l.t1() == col)
                    .findFirst()
                    .map(l -> new Hit.LinkHit(l.id()));
        }
        for (int i = 0; i < geo.t1x().length; i++) {
            if (Math.abs(x - geo.t1x()[i]) <= geo.nodeWidth() / 2 && y >= geo.t1y() && y <= geo.t1y() + NODE_HEIGHT) {
                return Optional.of(new Hit.SwitchHit(layout.t1().get(i)));
            }
        }
        for (int i = 0; i < geo.t0x().length; i++) {
            if (Math.abs(x - geo.t0x()[i]) <= geo.nodeWidth() / 2
                    && y >= geo.t0y()
                    && y <= geo.t0y() + NODE_HEIGHT + 60) {
                return Optional.of(new Hit.SwitchHit(layout.t0().get(i)));
            }
        }
        LinkCell best = null;
        double bestDistance = HIT_DISTANCE;
        for (LinkCell link : layout.links()) {
            if (link.t0() < 0 || link.t1() < 0) {
                continue;
            }
            double d = distanceToSegment(
                    x, y, geo.t0x()[link.t0()], geo.t0y(), geo.t1x()[link.t1()], geo.t1y() + NODE_HEIGHT);
            if (d <= bestDistance) {
                bestDistance = d;
                best = link;
            }
        }
        return Optional.ofNullable(best).map(l -> new Hit.LinkHit(l.id()));
    }

    static double distanceToSegment(double px, double py, double ax, double ay, double bx, double by) {
        double dx = bx - ax;
        double dy = by - ay;
        double lengthSquared = dx * dx + dy * dy;
        double t = lengthSquared == 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
        return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    }

    private void onHover(MouseEvent event) {
        hitTest(event.getX(), event.getY())
                .ifPresent(hit -> hover.setText(
                        switch (hit) {
                            case Hit.LinkHit link -> viewModel.describe(link.id());
                            case Hit.SwitchHit sw -> sw.name() + ": click for ports and queues";
                        }));
    }

    private void onClick(MouseEvent event) {
        if (event.getButton() != MouseButton.PRIMARY) {
            return;
        }
        hitTest(event.getX(), event.getY()).ifPresent(hit -> {
            switch (hit) {
                case Hit.SwitchHit sw -> main.openSwitch(sw.name());
                case Hit.LinkHit link -> main.search(link.id());
            }
        });
    }

    private void showContextMenu(double x, double y, double screenX, double screenY) {
        contextMenu.getItems().clear();
        if (!main.faultInjectionAllowed()) {
            MenuItem none = new MenuItem("Fault injection: not offered by this source");
            none.setDisable(true);
            contextMenu.getItems().add(none);
            contextMenu.show(canvas, screenX, screenY);
            return;
        }
        Optional<Hit> hit = hitTest(x, y);
        hit.ifPresent(h -> {
            switch (h) {
                case Hit.LinkHit link -> {
                    contextMenu.getItems().add(action("Fail link " + link.id(), () -> main.setLink(link.id(), false)));
                    contextMenu
                            .getItems()
                            .add(action("Restore link " + link.id(), () -> main.setLink(link.id(), true)));
                }
                case Hit.SwitchHit sw ->
                    contextMenu.getItems().add(action("Reboot " + sw.name(), () -> main.rebootSwitch(sw.name())));
            }
            contextMenu.getItems().add(new SeparatorMenuItem());
        });
        int plane = viewModel.planeProperty().get();
        contextMenu.getItems().add(action("Take plane " + plane + " down", () -> main.setPlane(plane, false)));
        contextMenu.getItems().add(action("Bring plane " + plane + " up", () -> main.setPlane(plane, true)));
        contextMenu.show(canvas, screenX, screenY);
    }

    private MenuItem action(String text, Supplier<CompletableFuture<Void>> action) {
        MenuItem item = new MenuItem(text);
        item.setOnAction(e -> action.get()
                .whenComplete((ok, error) -> Platform.runLater(() ->
                        hover.setText(error == null ? text + ": done" : text + " failed: " + rootMessage(error)))));
        return item;
    }

    private static String rootMessage(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}
