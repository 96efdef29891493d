package org.planewatch.console.viewmodel;

import java.util.ArrayList;
import java.util.List;
import org.planewatch.console.state.FabricSnapshot.LinkState;

/**
 * One plane's T0 x T1 links as flat arrays (rows T0, columns T1), built once per snapshot off the
 * UI thread (ADR 0104): 131,072 cells of a full-scale plane as records with labels cost a frame; as
 * arrays they are drawn into a pixel buffer in a few milliseconds at any zoom. A cell that shares
 * its pixel with others is drawn as the worst of them: down over suspected over stale over the
 * hottest, so nothing that matters hides behind aggregation.
 */
public final class LinkMatrix {
    public static final byte PRESENT = 1;
    public static final byte DOWN = 2;
    public static final byte STALE = 4;
    public static final byte SUSPECTED = 8;
    public static final byte SELECTED = 16;
    public static final byte FAULT = 32;

    public static final LinkMatrix EMPTY = new LinkMatrix(0, 0, new float[0], new byte[0], new LinkState[0]);

    private final int rows;
    private final int columns;
    private final float[] intensity;
    private final byte[] flags;
    private final LinkState[] links;
    private final int[] marked;

    LinkMatrix(int rows, int columns, float[] intensity, byte[] flags, LinkState[] links) {
        this.rows = rows;
        this.columns = columns;
        this.intensity = intensity;
        this.flags = flags;
        this.links = links;
        List<Integer> notable = new ArrayList<>();
        for (int i = 0; i < flags.length; i++) {
            if ((flags[i] & (DOWN | SUSPECTED | SELECTED)) != 0) {
                notable.add(i);
            }
        }
        this.marked = notable.stream().mapToInt(Integer::intValue).toArray();
    }

    public int rows() {
        return rows;
    }

    public int columns() {
        return columns;
    }

    public int flags(int row, int column) {
        return flags[row * columns + column];
    }

    public double intensity(int row, int column) {
        return intensity[row * columns + column];
    }

    /** The link drawn at this cell, null where the plane has none. */
    public LinkState link(int row, int column) {
        return row < 0 || column < 0 || row >= rows || column >= columns ? null : links[row * columns + column];
    }

    /** Cells (row * columns + column) that are down, suspected or selected: few, each marked on top at every zoom. */
    public int[] markedCells() {
        return marked.clone();
    }

    /** How bad a cell is, for aggregation: down, then suspected, then stale, then load (0..1). */
    private double rank(int cell) {
        int f = flags[cell];
        if ((f & PRESENT) == 0) {
            return -1;
        }
        if ((f & DOWN) != 0) {
            return 4;
        }
        if ((f & SUSPECTED) != 0) {
            return 3;
        }
        if ((f & STALE) != 0) {
            return 2;
        }
        return intensity[cell];
    }

    /** The worst cell of rows [row0, row1) x columns [col0, col1), -1 when none has a link. */
    public int worstIn(int row0, int row1, int col0, int col1) {
        int best = -1;
        double bestRank = -1;
        for (int r = Math.max(0, row0); r < Math.min(rows, row1); r++) {
            for (int c = Math.max(0, col0); c < Math.min(columns, col1); c++) {
                int cell = r * columns + c;
                double rank = rank(cell);
                if (rank > bestRank) {
                    bestRank = rank;
                    best = cell;
                }
            }
        }
        return best;
    }

    /**
     * Colours for {@link #render}: ARGB, {@code ramp} from idle (0) to saturated (last); {@code gap}
     * the background between cells when a cell is big enough to show one.
     */
    public record Colors(int[] ramp, int down, int stale, int suspect, int empty, int gap) {}

    /**
     * Draws the cells seen through a viewport into {@code argb} ({@code width} x {@code height}
     * pixels): the viewport starts at cell ({@code firstRow}, {@code firstColumn}) and shows cells of
     * {@code cellWidth} x {@code cellHeight} pixels (below 1 when zoomed out: a pixel then covers
     * several cells and shows their worst). Costs max(pixels, visible cells), whatever the zoom.
     */
    public void render(
            int[] argb,
            int width,
            int height,
            double firstRow,
            double firstColumn,
            double cellWidth,
            double cellHeight,
            Colors colors) {
        double columnsPerPixel = 1 / cellWidth;
        double rowsPerPixel = 1 / cellHeight;
        // The last pixel of a cell big enough to spare it is background: cells stay apart when zoomed in.
        boolean columnGaps = cellWidth >= 4;
        boolean rowGaps = cellHeight >= 4;
        int[] colStart = new int[width + 1];
        for (int x = 0; x <= width; x++) {
            colStart[x] = (int) Math.floor(firstColumn + x * columnsPerPixel);
        }
        int maxRamp = colors.ramp().length - 1;
        for (int y = 0; y < height; y++) {
            int row0 = (int) Math.floor(firstRow + y * rowsPerPixel);
            int next = (int) Math.floor(firstRow + (y + 1) * rowsPerPixel);
            int row1 = Math.max(row0 + 1, next);
            boolean rowGap = rowGaps && next != row0;
            int at = y * width;
            for (int x = 0; x < width; x++) {
                int col0 = colStart[x];
                int col1 = Math.max(col0 + 1, colStart[x + 1]);
                if (row0 >= rows || col0 >= columns || row0 < 0 || col0 < 0) {
                    argb[at + x] = colors.empty();
                    continue;
                }
                if (rowGap || (columnGaps && colStart[x + 1] != col0)) {
                    argb[at + x] = colors.gap();
                    continue;
                }
                int cell =
                        row1 == row0 + 1 && col1 == col0 + 1 ? row0 * columns + col0 : worstIn(row0, row1, col0, col1);
                int f = cell < 0 ? 0 : flags[cell];
                argb[at + x] = (f & PRESENT) == 0
                        ? colors.empty()
                        : (f & DOWN) != 0
                                ? colors.down()
                                : (f & STALE) != 0
                                        ? colors.stale()
                                        : colors.ramp()[
                                                (int) Math.round(Math.max(0, Math.min(1, intensity[cell])) * maxRamp)];
            }
        }
    }
}
