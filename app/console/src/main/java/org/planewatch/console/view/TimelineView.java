package org.planewatch.console.view;

import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.util.StringConverter;
import org.planewatch.console.session.DamageBand;
import org.planewatch.console.session.Playhead;
import org.planewatch.console.session.TimelineMarks;
import org.planewatch.console.viewmodel.ReplayViewModel;

/**
 * The replay timeline under the views: a red REPLAY banner nobody can mistake for live data, the
 * transport bar (play / pause, speed, step to the previous / next exclusion decision or alarm,
 * compare), and a strip with the recording's event density, exclusion marks (amber), alarm marks
 * (red), bookmarks (blue) and the playhead. Click or drag on the strip to seek.
 */
public final class TimelineView extends VBox {
    private static final double STRIP_HEIGHT = 56;

    private final ReplayViewModel viewModel;
    private final Palette palette;
    private final Canvas strip = new Canvas();
    private double dragFraction = Double.NaN;

    public TimelineView(ReplayViewModel viewModel, Palette palette, Runnable onCompare) {
        this.viewModel = viewModel;
        this.palette = palette;
        getStyleClass().add("timeline");
        setStyle("-fx-background-color: " + web(palette.background()) + ";");
        setId("replay-timeline");

        Label banner = new Label();
        banner.textProperty().bind(viewModel.bannerProperty());
        banner.getStyleClass().add("replay-banner");
        banner.setId("replay-banner");
        banner.setMaxWidth(Double.MAX_VALUE);
        // Inline, not themed: replay must look the same, and unmistakable, in every theme.
        banner.setStyle("-fx-background-color: #b71c1c; -fx-text-fill: white; -fx-font-weight: bold;"
                + " -fx-font-size: 15px; -fx-padding: 4 10 4 10;");
        Label error = new Label();
        error.textProperty().bind(viewModel.errorProperty());
        error.getStyleClass().add("replay-error");
        error.setStyle("-fx-text-fill: #ff6b6b;");
        // What is wrong with the recording itself (abrupt end, gaps): under the banner, before anything else.
        Label notices = new Label();
        notices.textProperty().bind(viewModel.noticesProperty());
        notices.setId("replay-notices");
        notices.setWrapText(true);
        notices.setMaxWidth(Double.MAX_VALUE);
        notices.setStyle(
                "-fx-background-color: #5d4037; -fx-text-fill: #ffe082; -fx-font-weight: bold; -fx-padding: 3 10 3 10;");
        notices.managedProperty().bind(notices.textProperty().isNotEmpty());
        notices.visibleProperty().bind(notices.textProperty().isNotEmpty());
        notices.textProperty().addListener(o -> redraw());

        Button play = button("\u25b6 / \u2016", "Play or pause (Space)", viewModel::togglePlay);
        play.setId("replay-play");
        Button previousExclusion =
                button("\u25c0 excl", "Previous exclusion decision", viewModel::stepToPreviousExclusion);
        Button nextExclusion = button("excl \u25b6", "Next exclusion decision", viewModel::stepToNextExclusion);
        nextExclusion.setId("replay-next-exclusion");
        Button previousAlarm = button("\u25c0 alarm", "Previous alarm", viewModel::stepToPreviousAlarm);
        previousAlarm.setId("replay-previous-alarm");
        Button nextAlarm = button("alarm \u25b6", "Next alarm", viewModel::stepToNextAlarm);
        nextAlarm.setId("replay-next-alarm");
        Button compare = button("Compare\u2026", "Show two instants side by side", onCompare);
        compare.setId("replay-compare");
        ComboBox<Double> speed = new ComboBox<>();
        speed.getItems().setAll(ReplayViewModel.SPEEDS);
        speed.setValue(1.0);
        speed.setConverter(new StringConverter<>() {
            @Override
            public String toString(Double value) {
                return value == null ? "" : ReplayViewModel.speedText(value);
            }

            @Override
            public Double fromString(String text) {
                return Double.valueOf(text.replace("\u00d7", ""));
            }
        });
        speed.setId("replay-speed");
        speed.valueProperty().addListener((o, was, now) -> {
            if (now != null) {
                viewModel.setSpeed(now);
            }
        });
        Label time = new Label();
        time.textProperty().bind(viewModel.timeTextProperty());
        time.setId("replay-time");
        time.getStyleClass().add("replay-time");
        time.setStyle("-fx-text-fill: " + web(palette.text()) + "; -fx-font-family: monospace;");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox transport = new HBox(
                8, play, speed, previousExclusion, nextExclusion, previousAlarm, nextAlarm, compare, spacer, time);
        transport.setAlignment(Pos.CENTER_LEFT);

        Pane stripHolder = new Pane(strip);
        stripHolder.setPrefHeight(STRIP_HEIGHT);
        stripHolder.setMinHeight(STRIP_HEIGHT);
        strip.widthProperty().bind(stripHolder.widthProperty());
        strip.heightProperty().bind(stripHolder.heightProperty());
        strip.widthProperty().addListener(o -> redraw());
        strip.heightProperty().addListener(o -> redraw());
        strip.setId("replay-strip");
        strip.setOnMousePressed(this::drag);
        strip.setOnMouseDragged(this::drag);
        strip.setOnMouseReleased(e -> {
            drag(e);
            viewModel.seekToFraction(dragFraction);
            dragFraction = Double.NaN;
        });
        viewModel.positionProperty().addListener(o -> redraw());

        getChildren().setAll(banner, notices, transport, stripHolder, error);
        setSpacing(4);
        setPadding(new Insets(6, 10, 6, 10));
    }

    private static String web(Color color) {
        return String.format(
                Locale.ROOT,
                "#%02x%02x%02x",
                (int) Math.round(color.getRed() * 255),
                (int) Math.round(color.getGreen() * 255),
                (int) Math.round(color.getBlue() * 255));
    }

    private static Button button(String text, String tip, Runnable action) {
        Button button = new Button(text);
        button.setTooltip(new Tooltip(tip));
        button.setOnAction(e -> action.run());
        button.setFocusTraversable(false);
        return button;
    }

    private void drag(MouseEvent e) {
        dragFraction = Math.clamp(e.getX() / Math.max(1, strip.getWidth()), 0.0, 1.0);
        redraw();
    }

    private void redraw() {
        double w = strip.getWidth();
        double h = strip.getHeight();
        if (w <= 0 || h <= 0) {
            return;
        }
        GraphicsContext g = strip.getGraphicsContext2D();
        g.setFill(palette.panel());
        g.fillRect(0, 0, w, h);
        Playhead p = viewModel.positionProperty().get();
        long start = p.startMillis();
        double span = Math.max(1, p.endMillis() - start);
        TimelineMarks marks = viewModel.marks();
        drawSourceGaps(g, marks.gaps(), start, span, w, h, p.endMillis());
        drawDensity(g, marks.activity(), start, span, w, h);
        drawDamage(g, start, span, w, h);
        g.setStroke(palette.warning());
        g.setLineWidth(1);
        // One line per pixel column that holds a decision: the strip is redrawn at every replay
        // step, and a long recording has a million instants.
        long lastColumn = Long.MIN_VALUE;
        for (long t : marks.exclusions()) {
            long column = Math.round(x(t, start, span, w));
            if (column != lastColumn) {
                g.strokeLine(column + 0.5, h * 0.55, column + 0.5, h - 2);
                lastColumn = column;
            }
        }
        g.setFill(palette.critical());
        for (long t : marks.alarms()) {
            double x = x(t, start, span, w);
            g.fillPolygon(new double[] {x - 5, x + 5, x}, new double[] {1, 1, 10}, 3);
        }
        g.setFill(palette.highlight());
        for (TimelineMarks.Bookmark bookmark : marks.bookmarks()) {
            double x = x(bookmark.atMillis(), start, span, w);
            g.fillRect(x, 1, 2, h * 0.45);
        }
        double head = Double.isNaN(dragFraction) ? p.fraction() * w : dragFraction * w;
        g.setStroke(palette.text());
        g.setLineWidth(2);
        g.strokeLine(head, 0, head, h);
    }

    /** The stretches a damaged batch leaves without data, shaded in the alarm colour. */
    private void drawDamage(GraphicsContext g, long start, double span, double w, double h) {
        g.setFill(palette.critical().deriveColor(0, 1, 1, 0.35));
        for (DamageBand d : viewModel.damage()) {
            if (d.gap()) {
                double from = x(d.fromMillis(), start, span, w);
                g.fillRect(from, 0, Math.max(2, x(d.toMillis(), start, span, w) - from), h);
            }
        }
    }

    /** A band over each period a source was not streaming: the recording has nothing of it there. */
    private void drawSourceGaps(
            GraphicsContext g,
            List<TimelineMarks.SourceGap> gaps,
            long start,
            double span,
            double w,
            double h,
            long endMillis) {
        g.setFill(palette.stale().deriveColor(0, 1, 1, 0.35));
        for (TimelineMarks.SourceGap gap : gaps) {
            double from = x(gap.fromMillis(), start, span, w);
            double to = x(gap.toMillis() == null ? endMillis : gap.toMillis(), start, span, w);
            g.fillRect(from, 0, Math.max(2, to - from), h);
        }
    }

    private void drawDensity(
            GraphicsContext g, List<TimelineMarks.Activity> activity, long start, double span, double w, double h) {
        int buckets = (int) Math.max(1, w / 2);
        double[] updates = new double[buckets];
        double max = 1;
        for (TimelineMarks.Activity a : activity) {
            int b = (int) Math.min(buckets - 1, Math.max(0, (a.secondMillis() - start) / span * buckets));
            updates[b] += a.updates();
            max = Math.max(max, updates[b]);
        }
        Color bar = palette.mutedText().deriveColor(0, 1, 1, 0.45);
        g.setFill(bar);
        double bw = w / buckets;
        for (int b = 0; b < buckets; b++) {
            if (updates[b] > 0) {
                double bh = (h - 14) * Math.log1p(updates[b]) / Math.log1p(max);
                g.fillRect(b * bw, h - bh, Math.max(1, bw - 0.5), bh);
            }
        }
    }

    private static double x(long t, long start, double span, double w) {
        return Math.clamp((t - start) / span, 0.0, 1.0) * (w - 1);
    }
}
