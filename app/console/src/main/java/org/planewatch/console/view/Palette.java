package org.planewatch.console.view;

import javafx.scene.paint.Color;
import org.planewatch.console.viewmodel.Level;

/**
 * Colors for canvases and tiles, per theme. Status colors are chosen to read from across a dim
 * room: red means act, amber means look, grey means the data is old, cyan is the selection, magenta
 * is what the exclusion decisions name as the cause (a suspect): a hue no metric uses, so that a
 * suspect reads apart from a link that is merely down or saturated.
 */
public record Palette(
        boolean dark,
        Color background,
        Color panel,
        Color text,
        Color mutedText,
        Color grid,
        Color ok,
        Color warning,
        Color critical,
        Color stale,
        Color highlight,
        Color lastHop,
        Color fabric,
        Color suspect) {

    public static final Palette DARK = new Palette(
            true,
            Color.web("#15181d"),
            Color.web("#1e2228"),
            Color.web("#e6ebf2"),
            Color.web("#8b95a3"),
            Color.web("#2a2f37"),
            Color.web("#2e9e5b"),
            Color.web("#e0a000"),
            Color.web("#e5484d"),
            Color.web("#59616d"),
            Color.web("#4fc3f7"),
            Color.web("#ff9f43"),
            Color.web("#5b8def"),
            Color.web("#e05cf5"));

    public static final Palette LIGHT = new Palette(
            false,
            Color.web("#f4f6f9"),
            Color.web("#ffffff"),
            Color.web("#1b1f24"),
            Color.web("#5c6570"),
            Color.web("#d5dae1"),
            Color.web("#1f8a4c"),
            Color.web("#b87800"),
            Color.web("#c9302c"),
            Color.web("#9aa3ad"),
            Color.web("#0077c2"),
            Color.web("#e07000"),
            Color.web("#2f5fd0"),
            Color.web("#a21caf"));

    public Color level(Level level) {
        return switch (level) {
            case OK -> ok;
            case WARNING -> warning;
            case CRITICAL -> critical;
            case STALE, NO_DATA -> stale;
        };
    }

    /** Tile background per level: strong for trouble, calm for health. */
    public Color tileBackground(Level level) {
        return switch (level) {
            case OK -> dark ? Color.web("#20262e") : Color.web("#ffffff");
            case WARNING -> dark ? Color.web("#6b4a00") : Color.web("#ffe2a8");
            case CRITICAL -> dark ? Color.web("#7a1518") : Color.web("#ffc9c7");
            case STALE, NO_DATA -> dark ? Color.web("#2b2f35") : Color.web("#e3e6ea");
        };
    }

    /**
     * A down link's fill: near black, off the load scale, so down never reads as saturated red; the
     * view marks it with a red cross or dashes as well.
     */
    public Color down() {
        return dark ? Color.web("#000000") : Color.web("#2b2f35");
    }

    /** Link color: green (idle) through amber to red (saturated); a down link is {@link #down()}, not on this scale. */
    public Color ramp(double intensity) {
        double t = Math.max(0, Math.min(1, intensity));
        if (t < 0.7) {
            return ok.deriveColor(0, 1, 0.75 + 0.35 * t / 0.7, 1);
        }
        if (t < 0.9) {
            return ok.interpolate(warning, (t - 0.7) / 0.2);
        }
        return warning.interpolate(critical, (t - 0.9) / 0.1);
    }
}
