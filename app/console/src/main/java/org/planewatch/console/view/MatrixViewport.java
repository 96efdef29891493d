package org.planewatch.console.view;

/**
 * Which part of a plane's T0 x T1 matrix the canvas shows: zoom 1 fits the whole matrix in the
 * area (at full scale, 512 rows in a few hundred pixels: a pixel or less per cell, cells sharing a
 * pixel drawn as their worst); zooming keeps the cell under the mouse where it is; panning moves
 * by pixels. The first visible row and column are fractional, so a drag moves smoothly.
 */
final class MatrixViewport {
    /** Zoomed in no further than this many pixels per cell on the smaller side. */
    static final double MAX_CELL_PIXELS = 48;

    private int rows;
    private int columns;
    private double width;
    private double height;
    private double zoom = 1;
    private double firstRow;
    private double firstColumn;

    /** Sets the matrix and area; keeps the zoom and position when only the area or nothing changed. */
    void fit(int newRows, int newColumns, double newWidth, double newHeight) {
        if (newRows != rows || newColumns != columns) {
            zoom = 1;
            firstRow = 0;
            firstColumn = 0;
        }
        rows = newRows;
        columns = newColumns;
        width = Math.max(1, newWidth);
        height = Math.max(1, newHeight);
        clamp();
    }

    double cellWidth() {
        return width / Math.max(1, columns) * zoom;
    }

    double cellHeight() {
        return height / Math.max(1, rows) * zoom;
    }

    double width() {
        return width;
    }

    double height() {
        return height;
    }

    double zoom() {
        return zoom;
    }

    double firstRow() {
        return firstRow;
    }

    double firstColumn() {
        return firstColumn;
    }

    /** Zooms by {@code factor} keeping the cell at ({@code x}, {@code y}) (area pixels) under the mouse. */
    void zoomAt(double x, double y, double factor) {
        double column = firstColumn + x / cellWidth();
        double row = firstRow + y / cellHeight();
        double fitSmaller = Math.min(width / Math.max(1, columns), height / Math.max(1, rows));
        double maxZoom = Math.max(1, MAX_CELL_PIXELS / fitSmaller);
        zoom = Math.max(1, Math.min(maxZoom, zoom * factor));
        firstColumn = column - x / cellWidth();
        firstRow = row - y / cellHeight();
        clamp();
    }

    void reset() {
        zoom = 1;
        firstRow = 0;
        firstColumn = 0;
    }

    /** Moves the view by a drag of ({@code dx}, {@code dy}) pixels: the matrix follows the mouse. */
    void pan(double dx, double dy) {
        firstColumn -= dx / cellWidth();
        firstRow -= dy / cellHeight();
        clamp();
    }

    /** The column under area pixel {@code x} (may be outside the matrix). */
    int columnAt(double x) {
        return (int) Math.floor(firstColumn + x / cellWidth());
    }

    int rowAt(double y) {
        return (int) Math.floor(firstRow + y / cellHeight());
    }

    /** Area pixel of a column's left edge. */
    double xOf(double column) {
        return (column - firstColumn) * cellWidth();
    }

    double yOf(double row) {
        return (row - firstRow) * cellHeight();
    }

    private void clamp() {
        firstColumn = Math.max(0, Math.min(firstColumn, columns - width / cellWidth()));
        firstRow = Math.max(0, Math.min(firstRow, rows - height / cellHeight()));
    }
}
