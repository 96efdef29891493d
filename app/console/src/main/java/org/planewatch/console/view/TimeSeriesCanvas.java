package org.planewatch.console.view;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.planewatch.console.state.FabricSnapshot.TrimPoint;
import org.planewatch.console.state.Units;

/**
 * A small time-series chart on a canvas. NaN values are gaps: the line breaks and the gap is
 * shaded, so missing data never looks like zero.
 */
final class TimeSeriesCanvas extends Pane {
    record Series(String name, Color color, ToDoubleFunction<TrimPoint> value) {}

    private final Canvas canvas = new Canvas();
    private String title = "";
    private List<TrimPoint> points = List.of();
    private List<Series> series = List.of();
    private Palette palette = Palette.DARK;
    /** The y-scale's top shared with other charts; NaN: this chart's own largest value. */
    private double commonMax = Double.NaN;

    /** Wall-clock labels of the time axis, in the console's time zone. */
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneId.systemDefault());

    TimeSeriesCanvas() {
        getChildren().add(canvas);
        canvas.widthProperty().bind(widthProperty());
        canvas.heightProperty().bind(heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> draw());
        canvas.heightProperty().addListener((o, a, b) -> draw());
        setMinSize(160, 120);
    }

    void show(String newTitle, List<TrimPoint> newPoints, List<Series> newSeries, Palette newPalette, double max) {
        this.commonMax = max;
        this.title = newTitle;
        this.points = newPoints;
        this.series = newSeries;
        this.palette = newPalette;
        draw();
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(palette.panel());
        g.fillRect(0, 0, w, h);
        double left = 52;
        double right = w - 10;
        double top = 26;
        double bottom = h - 20;
        g.setFill(palette.text());
        g.setFont(Font.font(12));
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(title, 8, 16);
        if (points.size() < 2 || right <= left || bottom <= top) {
            g.setFill(palette.mutedText());
            g.fillText("collecting\u2026", left, (top + bottom) / 2);
            return;
        }
        double max = 0;
        for (TrimPoint p : points) {
            for (Series s : series) {
                double v = s.value().applyAsDouble(p);
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        if (!Double.isNaN(commonMax)) {
            max = commonMax;
        }
        max = niceCeiling(max <= 0 ? 1 : max * 1.05);
        long t0 = points.getFirst().atMillis();
        long t1 = points.getLast().atMillis();
        double span = Math.max(1, t1 - t0);
        g.setStroke(palette.grid());
        g.setLineWidth(1);
        for (int i = 0; i <= 4; i++) {
            double y = bottom - (bottom - top) * i / 4;
            g.strokeLine(left, y, right, y);
            g.setFill(palette.mutedText());
            g.setFont(Font.font(10));
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(Units.count(max * i / 4), left - 4, y + 3);
        }
        // Wall-clock time (of the recording, in a replay): comparable with alarms, logs and other tools.
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(CLOCK.format(Instant.ofEpochMilli(t0)), left, h - 6);
        g.setTextAlign(TextAlignment.CENTER);
        g.fillText(CLOCK.format(Instant.ofEpochMilli(t0 + (t1 - t0) / 2)), (left + right) / 2, h - 6);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText(CLOCK.format(Instant.ofEpochMilli(t1)), right, h - 6);
        Color gap = palette.stale().deriveColor(0, 1, 1, 0.25);
        for (int i = 0; i < points.size(); i++) {
            if (Double.isNaN(series.getFirst().value().applyAsDouble(points.get(i)))) {
                double x0 =
                        left + (right - left) * (points.get(Math.max(0, i - 1)).atMillis() - t0) / span;
                double x1 = left
                        + (right - left)
                                * (points.get(Math.min(points.size() - 1, i + 1))
                                                .atMillis()
                                        - t0)
                                / span;
                g.setFill(gap);
                g.fillRect(x0, top, Math.max(1, x1 - x0), bottom - top);
            }
        }
        g.setLineWidth(1.6);
        for (Series s : series) {
            g.setStroke(s.color());
            double[] xs = new double[points.size()];
            double[] ys = new double[points.size()];
            for (int i = 0; i < xs.length; i++) {
                TrimPoint p = points.get(i);
                xs[i] = left + (right - left) * (p.atMillis() - t0) / span;
                ys[i] = bottom - (bottom - top) * s.value().applyAsDouble(p) / max;
            }
            GappedLine.stroke(g, xs, ys);
        }
        double x = right;
        g.setFont(Font.font(10));
        g.setTextAlign(TextAlignment.RIGHT);
        for (int i = series.size() - 1; i >= 0; i--) {
            Series s = series.get(i);
            double last = s.value().applyAsDouble(points.getLast());
            String text = s.name() + " " + Units.count(last) + "/s";
            g.setFill(s.color());
            g.fillText(text, x, 16);
            x -= text.length() * 6 + 12;
        }
    }

    /** Tops of the y-scale whose quarters read cleanly (0.25, 0.3, 0.4, 0.5, ...), times a power of ten. */
    private static final double[] NICE = {1, 1.2, 1.6, 2, 2.4, 3.2, 4, 6, 8, 10};

    /** The smallest clean top of the scale at or above {@code value}: gridlines at 25 k, not at 29.3 k. */
    static double niceCeiling(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double nice : NICE) {
            if (nice * power >= value) {
                return nice * power;
            }
        }
        return 10 * power;
    }
}
