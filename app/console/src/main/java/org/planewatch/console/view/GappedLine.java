package org.planewatch.console.view;

import javafx.scene.canvas.GraphicsContext;

/** A polyline that breaks where a value is missing: a gap in the data is drawn as a gap, never as zero. */
final class GappedLine {
    private GappedLine() {}

    /** Strokes through ({@code xs[i]}, {@code ys[i]}) in order with the context's stroke; NaN in {@code ys} is a gap. */
    static void stroke(GraphicsContext g, double[] xs, double[] ys) {
        g.beginPath();
        boolean drawing = false;
        for (int i = 0; i < ys.length; i++) {
            if (Double.isNaN(ys[i])) {
                drawing = false;
            } else if (drawing) {
                g.lineTo(xs[i], ys[i]);
            } else {
                g.moveTo(xs[i], ys[i]);
                drawing = true;
            }
        }
        g.stroke();
    }
}
