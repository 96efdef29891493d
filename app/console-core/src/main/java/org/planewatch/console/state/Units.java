package org.planewatch.console.state;

import java.util.Locale;

/** Compact human units for rates and durations: "12.4 G", "3.1 k", "4.2 s". */
public final class Units {
    private Units() {}

    public static String count(double value) {
        if (Double.isNaN(value)) {
            return "\u2013";
        }
        double abs = Math.abs(value);
        if (abs >= 1e12) {
            return String.format(Locale.ROOT, "%.1f T", value / 1e12);
        }
        if (abs >= 1e9) {
            return String.format(Locale.ROOT, "%.1f G", value / 1e9);
        }
        if (abs >= 1e6) {
            return String.format(Locale.ROOT, "%.1f M", value / 1e6);
        }
        if (abs >= 1e3) {
            return String.format(Locale.ROOT, "%.1f k", value / 1e3);
        }
        return String.format(Locale.ROOT, abs >= 10 || value == Math.rint(value) ? "%.0f" : "%.1f", value);
    }

    public static String bits(double bitsPerSecond) {
        return of(bitsPerSecond, "b/s");
    }

    /** A value and its unit with one space between, prefixed or not: "0 b/s", "245.0 Mb/s", "89.5 kB". */
    public static String of(double value, String unit) {
        if (Double.isNaN(value)) {
            return "\u2013";
        }
        return count(value) + (Math.abs(value) < 1e3 ? " " : "") + unit;
    }

    public static String seconds(long millis) {
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        if (millis < 3_600_000) {
            return String.format(Locale.ROOT, "%d min %d s", millis / 60_000, millis / 1000 % 60);
        }
        return String.format(Locale.ROOT, "%d h %d min", millis / 3_600_000, millis / 60_000 % 60);
    }

    public static String percent(double share) {
        return Double.isNaN(share) ? "\u2013" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** A value with the unit it reads best in, for a display that shows the two apart (a tile). */
    public record Scaled(double value, String unit) {}

    /**
     * A rate in the unit its magnitude reads best in: 145171.4 Gb/s is "145.2" "Tb/s". NaN stays NaN
     * in the base unit.
     */
    public static Scaled scaled(double value, String unit) {
        double abs = Math.abs(value);
        if (Double.isNaN(value) || abs < 1e3) {
            return new Scaled(value, unit);
        }
        if (abs >= 1e12) {
            return new Scaled(value / 1e12, "T" + unit);
        }
        if (abs >= 1e9) {
            return new Scaled(value / 1e9, "G" + unit);
        }
        if (abs >= 1e6) {
            return new Scaled(value / 1e6, "M" + unit);
        }
        return new Scaled(value / 1e3, "k" + unit);
    }

    /** A utilization share as a percentage, at most 100 %: see {@link #overCapacity}. */
    public static String utilization(double share) {
        return percent(Double.isNaN(share) ? share : Math.min(share, 1));
    }

    /**
     * Whether a utilization share is above the link's capacity. A rate is the difference of two
     * counter readings over the time between their samples; a packet counted as sent at one sample
     * but still on the wire, and samples a little apart from the instants they are stamped with, can
     * make that difference exceed what the link can carry by a percent or so. Shown as 100 %.
     */
    public static boolean overCapacity(double share) {
        return share > 1;
    }
}
