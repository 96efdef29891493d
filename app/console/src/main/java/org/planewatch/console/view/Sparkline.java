package org.planewatch.console.view;

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;

/**
 * A trend line without axes, under a tile's value: the last minute or so of one figure, scaled from
 * zero to the window's largest value (or to {@code fixedMax}). NaN values are gaps: the line breaks.
 */
final class Sparkline extends Pane {
    private final Canvas canvas = new Canvas();
    private double[] values = new double[0];
    private double fixedMax = Double.NaN;
    private Color color = Color.GRAY;

    Sparkline() {
        getChildren().add(canvas);
        canvas.widthProperty().bind(widthProperty());
        canvas.heightProperty().bind(heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> draw());
        canvas.heightProperty().addListener((o, a, b) -> draw());
        setMouseTransparent(true);
        getStyleClass().add("sparkline");
    }

    /** The values to draw, oldest first; {@code max} NaN: scaled to the largest of them. */
    void show(double[] newValues, double max, Color newColor) {
        if (java.util.Arrays.equals(newValues, values)
                && color.equals(newColor)
                && Double.compare(max, fixedMax) == 0) {
            return;
        }
        values = newValues;
        fixedMax = max;
        color = newColor;
        draw();
    }

    double[] values() {
        return values;
    }

    private void draw() {
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, w, h);
        if (values.length < 2 || w <= 0 || h <= 0) {
            return;
        }
        double max = fixedMax;
        if (Double.isNaN(max)) {
            max = 0;
            for (double v : values) {
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        max = max <= 0 ? 1 : max;
        g.setStroke(color);
        g.setLineWidth(1.4);
        double[] xs = new double[values.length];
        double[] ys = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            xs[i] = w * i / (values.length - 1);
            ys[i] = h - 1 - (h - 2) * Math.min(values[i], max) / max;
        }
        GappedLine.stroke(g, xs, ys);
    }
}
