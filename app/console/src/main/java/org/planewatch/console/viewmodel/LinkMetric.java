package org.planewatch.console.viewmodel;

import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.Units;

/** What colors the links of the plane view. */
public enum LinkMetric {
    UTILIZATION("Utilization"),
    TRIM_RATE("Trim rate"),
    ECN_MARKS("ECN marks"),
    DROPS("Drops"),
    DOWN("Down");

    private final String title;

    LinkMetric(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    /** The raw value of a link for this metric; NaN when unknown. */
    public double value(LinkState link) {
        return switch (this) {
            case UTILIZATION -> link.utilization();
            case TRIM_RATE -> link.trimRate();
            case ECN_MARKS -> link.ecnRate();
            case DROPS -> link.dropRate();
            case DOWN -> link.up() ? 0 : 1;
        };
    }

    public String format(double value) {
        return switch (this) {
            case UTILIZATION -> Units.percent(value);
            case TRIM_RATE, ECN_MARKS, DROPS -> Units.count(value) + " pkt/s";
            case DOWN -> value > 0 ? "down" : "up";
        };
    }

    /** Utilization is absolute (0..1); rates are relative to the busiest link of the plane. */
    public boolean isAbsolute() {
        return this == UTILIZATION || this == DOWN;
    }
}
