package org.planewatch.console.view;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Point2D;
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
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
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
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.util.StringConverter;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.viewmodel.LinkMatrix;
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
    private static final double MATRIX_LEFT = 110;
    private static final double MATRIX_TOP = 64;
    /** A down link's cross is never drawn smaller than this (pixels), however small its cell. */
    private static final double MIN_CROSS = 9;

    private static final double ZOOM_STEP = 1.25;
    /** The most lines the hover bar shows: a stale link's description ({@link PlaneViewModel#describe}). */
    private static final int HOVER_LINES = 5;

    private final MainViewModel main;
    private final PlaneViewModel viewModel;
    private final ObjectProperty<Palette> palette;
    private final Canvas canvas = new Canvas();
    private final Canvas histogram = new Canvas(260, 180);
    private final Label hover = new Label();
    private final Label spread = new Label();
    private final ContextMenu contextMenu = new ContextMenu();
    private Geometry geometry = Geometry.EMPTY;
    private final MatrixViewport viewport = new MatrixViewport();
    private final Tooltip linkTip = new Tooltip();
    private int[] pixels = new int[0];
    private WritableImage image;
    private LinkMatrix.Colors cellColors;
    private Palette cellColorsFor;
    private double dragX;
    private double dragY;
    private boolean dragged;
    private long lastDrawNanos;

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
        canvas.setOnMouseExited(e -> {
            linkTip.setText("");
            linkTip.hide();
        });
        canvas.setOnScroll(e -> {
            if (geometry.layout().matrix() && e.getDeltaY() != 0) {
                zoomAt(e.getX(), e.getY(), e.getDeltaY() > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
                e.consume();
            }
        });
        canvas.setOnMousePressed(e -> {
            dragX = e.getX();
            dragY = e.getY();
            dragged = false;
        });
        canvas.setOnMouseDragged(e -> {
            if (geometry.layout().matrix() && e.getButton() == MouseButton.PRIMARY) {
                viewport.pan(e.getX() - dragX, e.getY() - dragY);
                dragged |= Math.abs(e.getX() - dragX) + Math.abs(e.getY() - dragY) > 2;
                dragX = e.getX();
                dragY = e.getY();
                draw();
            }
        });
        linkTip.setId("plane-link-tip");
        linkTip.setShowDelay(javafx.util.Duration.millis(150));
        linkTip.setHideDelay(javafx.util.Duration.millis(100));
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
        hover.setMaxWidth(Double.MAX_VALUE);
        hover.setPadding(new Insets(4, 12, 6, 12));
        hover.setAlignment(Pos.TOP_LEFT);
        // A fixed height, room for a link's longest description: a bar that grew with its text took the
        // height from the canvas, and the matrix, fitted to the canvas, moved under the mouse.
        hover.fontProperty().addListener((o, a, font) -> fixHoverHeight());
        fixHoverHeight();
        hover.setText("Hover a link for its values; click a switch to drill down; right-click for actions.");
        setBottom(hover);
        viewModel.layoutProperty().addListener((o, a, b) -> draw());
        palette.addListener((o, a, b) -> draw());
    }

    /** {@link #HOVER_LINES} lines of the hover bar's font, and its padding, whatever the text. */
    private void fixHoverHeight() {
        Text lines = new Text("X" + "\nX".repeat(HOVER_LINES - 1));
        lines.setFont(hover.getFont());
        double height = Math.ceil(lines.getLayoutBounds().getHeight())
                + hover.getPadding().getTop()
                + hover.getPadding().getBottom();
        hover.setMinHeight(height);
        hover.setPrefHeight(height);
        hover.setMaxHeight(height);
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
        Button zoomOut = new Button("\u2212");
        zoomOut.setId("zoom-out");
        zoomOut.setTooltip(new Tooltip("Zoom out of the matrix (or scroll down over it)"));
        zoomOut.setOnAction(e -> zoomAtCentre(1 / ZOOM_STEP));
        Button zoomIn = new Button("+");
        zoomIn.setId("zoom-in");
        zoomIn.setTooltip(new Tooltip("Zoom into the matrix (or scroll up over it); drag to pan"));
        zoomIn.setOnAction(e -> zoomAtCentre(ZOOM_STEP));
        Button fit = new Button("Fit");
        fit.setId("zoom-fit");
        fit.setTooltip(new Tooltip("The whole plane in view"));
        fit.setOnAction(e -> {
            viewport.reset();
            draw();
        });
        for (Button b : List.of(zoomOut, zoomIn, fit)) {
            b.disableProperty()
                    .bind(Bindings.createBooleanBinding(
                            () -> !viewModel.layoutProperty().get().matrix(), viewModel.layoutProperty()));
        }
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label legend = new Label("green: normal   amber: above 70% of scale   red: saturated   "
                + "black with red \u2715: down   grey: stale   cyan ring: selected   magenta: suspected");
        legend.setId("plane-legend");
        // The legend gives way (ending in "…", whole in its tooltip), never the controls beside it.
        legend.setMinWidth(0);
        legend.setTooltip(new Tooltip(legend.getText()));
        legend.getStyleClass().add("muted");
        HBox bar = new HBox(
                10,
                new Label("Plane"),
                plane,
                new Label("Color links by"),
                metric,
                clear,
                zoomOut,
                zoomIn,
                fit,
                spacer,
                legend);
        bar.getChildren().stream()
                .filter(node -> node != legend && node instanceof Region)
                .forEach(node -> ((Region) node).setMinWidth(Region.USE_PREF_SIZE));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8, 12, 8, 12));
        return bar;
    }

    /** Zooms the matrix by {@code factor} about the middle of the matrix's area (the buttons). */
    private void zoomAtCentre(double factor) {
        zoomAt(MATRIX_LEFT + viewport.width() / 2, MATRIX_TOP + viewport.height() / 2, factor);
    }

    /** Zooms the matrix by {@code factor} about canvas point ({@code x}, {@code y}). */
    void zoomAt(double x, double y, double factor) {
        if (!geometry.layout().matrix()) {
            return;
        }
        viewport.zoomAt(x - MATRIX_LEFT, y - MATRIX_TOP, factor);
        draw();
    }

    /**
     * The matrix point (fractional column, row) under canvas point ({@code x}, {@code y}) as last
     * drawn: what the mouse points at (tests).
     */
    Point2D matrixPointAt(double x, double y) {
        return new Point2D(
                viewport.firstColumn() + (x - MATRIX_LEFT) / viewport.cellWidth(),
                viewport.firstRow() + (y - MATRIX_TOP) / viewport.cellHeight());
    }

    /** How long the last redraw of the canvas took (benchmarks). */
    public long lastDrawNanos() {
        return lastDrawNanos;
    }

    private void draw() {
        long started = System.nanoTime();
        drawCanvas();
        lastDrawNanos = System.nanoTime() - started;
    }

    private void drawCanvas() {
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
            g.fillText(notLive(layout.freshness()), w / 2, 40);
        }
        drawHistogram(layout, colors);
        showSpread(layout);
    }

    /** What the banner over a matrix that is not live says: a console still loading is not showing old values. */
    static String notLive(Freshness freshness) {
        return switch (freshness) {
            case CONNECTING -> "CONNECTING: not every value has arrived yet";
            case BEHIND -> "BEHIND: the console is still applying what arrived";
            default -> freshness + ": values shown are old";
        };
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
     * they do not all fit. The cells are drawn as pixels (ADR 0104): at the default zoom a
     * full-scale plane has a pixel or less per cell, and cells sharing a pixel show the worst of
     * them. A down link is a dark cell crossed in red (not the red of a saturated one), with a cross
     * drawn over it at its full size when the cell is smaller than the cross, so it stands out at
     * every zoom; a suspect is framed in magenta; the selection is a cyan ring around its cell, so the
     * cell's own colour shows through.
     */
    private Geometry drawMatrix(GraphicsContext g, Layout layout, Palette colors, double w, double h) {
        double left = MATRIX_LEFT;
        double top = MATRIX_TOP;
        LinkMatrix grid = layout.grid();
        int areaW = (int) Math.max(1, Math.floor(w - left - 20));
        int areaH = (int) Math.max(1, Math.floor(h - top - 20));
        viewport.fit(grid.rows(), grid.columns(), areaW, areaH);
        double cellW = viewport.cellWidth();
        double cellH = viewport.cellHeight();
        if (pixels.length != areaW * areaH) {
            pixels = new int[areaW * areaH];
        }
        if (image == null || image.getWidth() != areaW || image.getHeight() != areaH) {
            image = new WritableImage(areaW, areaH);
        }
        grid.render(
                pixels, areaW, areaH, viewport.firstRow(), viewport.firstColumn(), cellW, cellH, cellColors(colors));
        image.getPixelWriter().setPixels(0, 0, areaW, areaH, PixelFormat.getIntArgbPreInstance(), pixels, 0, areaW);
        g.setImageSmoothing(false);
        g.drawImage(image, left, top);
        g.save();
        g.beginPath();
        g.rect(left - 8, top - 8, areaW + 16, areaH + 16);
        g.clip();
        java.util.Set<Long> crossed = new java.util.HashSet<>();
        for (int cell : grid.markedCells()) {
            drawMarked(g, grid, cell, colors, left, top, areaW, areaH, crossed);
        }
        g.restore();
        g.setFill(colors.mutedText());
        g.setFont(Font.font(11));
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(
                "Plane " + layout.plane() + ": T0 switches (rows) \u00d7 T1 switches (columns)   "
                        + grid.rows() + " \u00d7 " + grid.columns()
                        + (viewport.zoom() > 1.001
                                ? String.format(
                                        java.util.Locale.ROOT,
                                        "   zoom \u00d7%.1f: scroll to zoom, drag to pan",
                                        viewport.zoom())
                                : "   scroll to zoom"),
                left,
                top - 34);
        drawAxes(g, layout, colors, left, top, areaW, areaH);
        drawSuspects(g, layout, colors, 14);
        return new Geometry(layout, new double[0], new double[0], 0, 0, 0, 0, cellW, cellH, left, top);
    }

    /** Down, suspected and selected cells, drawn over the pixels so that none hides in an aggregate. */
    private void drawMarked(
            GraphicsContext g,
            LinkMatrix grid,
            int cell,
            Palette colors,
            double left,
            double top,
            int areaW,
            int areaH,
            java.util.Set<Long> crossed) {
        int row = cell / grid.columns();
        int column = cell % grid.columns();
        double x = left + viewport.xOf(column);
        double y = top + viewport.yOf(row);
        double cellW = viewport.cellWidth();
        double cellH = viewport.cellHeight();
        if (x + cellW < left - 6 || y + cellH < top - 6 || x > left + areaW + 6 || y > top + areaH + 6) {
            return;
        }
        int f = grid.flags(row, column);
        double cw = Math.max(1, cellW - 1);
        double ch = Math.max(1, cellH - 1);
        if ((f & LinkMatrix.DOWN) != 0) {
            if (Math.min(cw, ch) >= MIN_CROSS) {
                g.setStroke(colors.critical());
                g.setLineWidth(Math.max(1, Math.min(cw, ch) / 6));
                g.strokeLine(x, y, x + cw, y + ch);
                g.strokeLine(x + cw, y, x, y + ch);
            } else {
                // Smaller than a cross: the cross is drawn at its own size over the cell's neighbours, dark
                // edged, one per patch of the screen, so that a column of down links (a spine) reads as a
                // dark band with red crosses, never as the solid red of saturated links.
                double cx = x + cw / 2;
                double cy = y + ch / 2;
                double patch = MIN_CROSS + 3;
                if (crossed.add((long) Math.floor(cx / patch) << 32 | (long) Math.floor(cy / patch) & 0xffffffffL)) {
                    double half = MIN_CROSS / 2;
                    for (int pass = 0; pass < 2; pass++) {
                        g.setStroke(pass == 0 ? colors.down() : colors.critical());
                        g.setLineWidth(pass == 0 ? 3.5 : 1.5);
                        g.strokeLine(cx - half, cy - half, cx + half, cy + half);
                        g.strokeLine(cx + half, cy - half, cx - half, cy + half);
                    }
                }
            }
        }
        if ((f & LinkMatrix.SUSPECTED) != 0) {
            frameCell(g, colors.suspect(), x, y, cellW, cellH, 1, 1);
        }
        if ((f & LinkMatrix.SELECTED) != 0) {
            frameCell(g, colors.highlight(), x, y, cw, ch, 3.5, 7);
        }
    }

    /**
     * A frame around the cell at ({@code x}, {@code y}) of {@code w} x {@code h}, never smaller than
     * a down link's cross, starting {@code out} pixels out and {@code grow} pixels bigger.
     */
    private static void frameCell(
            GraphicsContext g, Color color, double x, double y, double w, double h, double out, double grow) {
        double sw = Math.max(w, MIN_CROSS);
        double sh = Math.max(h, MIN_CROSS);
        g.setStroke(color);
        g.setLineWidth(2);
        g.strokeRect(x + w / 2 - sw / 2 - out, y + h / 2 - sh / 2 - out, sw + grow, sh + grow);
    }

    /** The palette as the pixel colours the matrix is rendered with (premultiplied ARGB, opaque). */
    private LinkMatrix.Colors cellColors(Palette colors) {
        if (cellColors == null || cellColorsFor != colors) {
            int[] ramp = new int[256];
            for (int i = 0; i < ramp.length; i++) {
                ramp[i] = argb(colors.ramp(i / 255.0));
            }
            cellColors = new LinkMatrix.Colors(
                    ramp,
                    argb(colors.down()),
                    argb(colors.stale()),
                    argb(colors.suspect()),
                    argb(colors.panel()),
                    argb(colors.background()));
            cellColorsFor = colors;
        }
        return cellColors;
    }

    private static int argb(Color c) {
        return 0xff000000
                | (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8
                | (int) Math.round(c.getBlue() * 255);
    }

    /** T1 names (or runs of them) above the visible columns, T0 names to the left of the visible rows. */
    private void drawAxes(
            GraphicsContext g, Layout layout, Palette colors, double left, double top, int areaW, int areaH) {
        g.setFont(Font.font(10));
        g.setFill(colors.mutedText());
        g.setStroke(colors.grid());
        g.setLineWidth(1);
        int firstColumn = Math.max(0, viewport.columnAt(0));
        int endColumn = Math.min(layout.t1().size(), viewport.columnAt(areaW - 1) + 1);
        int columnsRoom = (int) (areaW / 70.0);
        g.setTextAlign(TextAlignment.CENTER);
        for (PlaneViewModel.AxisLabel label : PlaneViewModel.axisLabels(
                layout.t1().subList(firstColumn, Math.max(firstColumn, endColumn)), columnsRoom)) {
            double from = Math.max(left, left + viewport.xOf(firstColumn + label.from()));
            double to = Math.min(left + areaW, left + viewport.xOf(firstColumn + label.to() + 1) - 1);
            g.fillText(label.text(), (from + to) / 2, top - 10);
            g.strokeLine(from, top - 4, to, top - 4);
        }
        int firstRow = Math.max(0, viewport.rowAt(0));
        int endRow = Math.min(layout.t0().size(), viewport.rowAt(areaH - 1) + 1);
        int rowsRoom = (int) (areaH / 14.0);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        for (PlaneViewModel.AxisLabel label :
                PlaneViewModel.axisLabels(layout.t0().subList(firstRow, Math.max(firstRow, endRow)), rowsRoom)) {
            double from = Math.max(top, top + viewport.yOf(firstRow + label.from()));
            double to = Math.min(top + areaH, top + viewport.yOf(firstRow + label.to() + 1) - 1);
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

        /** {@code link} is the link itself when the matrix knows it (no look-up among a million). */
        record LinkHit(String id, LinkState link) implements Hit {}
    }

    private Optional<Hit> hitTest(double x, double y) {
        Geometry geo = geometry;
        Layout layout = geo.layout();
        if (layout.matrix()) {
            return matrixLinkAt(layout.grid(), x - geo.matrixX(), y - geo.matrixY())
                    .map(l -> new Hit.LinkHit(l.id(), l));
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
        return Optional.ofNullable(best).map(l -> new Hit.LinkHit(l.id(), null));
    }

    /**
     * The link under area point ({@code ax}, {@code ay}): a down, suspected or selected link whose
     * mark covers the point first (its mark is bigger than its cell when zoomed out), else the worst
     * of the cells sharing the pixel, the one the pixel shows.
     */
    private Optional<LinkState> matrixLinkAt(LinkMatrix grid, double ax, double ay) {
        if (ax < 0 || ay < 0 || ax >= viewport.width() || ay >= viewport.height()) {
            return Optional.empty();
        }
        double reach = MIN_CROSS / 2 + 1;
        for (int cell : grid.markedCells()) {
            int row = cell / grid.columns();
            int column = cell % grid.columns();
            double cx = viewport.xOf(column + 0.5);
            double cy = viewport.yOf(row + 0.5);
            if (Math.abs(ax - cx) <= Math.max(reach, viewport.cellWidth() / 2)
                    && Math.abs(ay - cy) <= Math.max(reach, viewport.cellHeight() / 2)) {
                return Optional.ofNullable(grid.link(row, column));
            }
        }
        int row0 = viewport.rowAt(ay);
        int row1 = Math.max(row0 + 1, viewport.rowAt(Math.floor(ay) + 1));
        int col0 = viewport.columnAt(ax);
        int col1 = Math.max(col0 + 1, viewport.columnAt(Math.floor(ax) + 1));
        int worst = grid.worstIn(row0, row1, col0, col1);
        return worst < 0
                ? Optional.empty()
                : Optional.ofNullable(grid.link(worst / grid.columns(), worst % grid.columns()));
    }

    static double distanceToSegment(double px, double py, double ax, double ay, double bx, double by) {
        double dx = bx - ax;
        double dy = by - ay;
        double lengthSquared = dx * dx + dy * dy;
        double t = lengthSquared == 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
        return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    }

    private void onHover(MouseEvent event) {
        Optional<Hit> hit = hitTest(event.getX(), event.getY());
        hit.ifPresent(h -> hover.setText(
                switch (h) {
                    case Hit.LinkHit link ->
                        link.link() != null ? PlaneViewModel.describe(link.link()) : viewModel.describe(link.id());
                    case Hit.SwitchHit sw -> sw.name() + ": click for ports and queues";
                }));
        // In the matrix the figures also follow the mouse, as a tooltip naming the link.
        if (hit.orElse(null) instanceof Hit.LinkHit link && link.link() != null) {
            linkTip.setText(hover.getText());
            if (!linkTip.isShowing()) {
                linkTip.show(canvas, event.getScreenX() + 14, event.getScreenY() + 14);
            } else {
                linkTip.setAnchorX(event.getScreenX() + 14);
                linkTip.setAnchorY(event.getScreenY() + 14);
            }
        } else {
            linkTip.setText("");
            linkTip.hide();
        }
    }

    /** The text of the tooltip that follows the mouse over the matrix, empty off the matrix's links (tests). */
    public String linkTipText() {
        return linkTip.getText();
    }

    private void onClick(MouseEvent event) {
        if (event.getButton() != MouseButton.PRIMARY || dragged) {
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
