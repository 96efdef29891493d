package org.planewatch.console.viewmodel;

import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.Units;

/** What colors the links of the plane view. */
public enum LinkMetric {
    UTILIZATION("Utilization"),
    TRIM_RATE("Trim rate"),
    ECN_MARKS("ECN marks"),
    DROPS("Drops"),
    /** Receive errors and input discards at either end, plus packets lost between the ends (a gray link). */
    ERRORS("Errors and loss"),
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
            case ERRORS -> faultRate(link);
            case DOWN -> link.up() ? 0 : 1;
        };
    }

    public String format(double value) {
        return switch (this) {
            case UTILIZATION -> Units.percent(value);
            case TRIM_RATE, ECN_MARKS, DROPS, ERRORS -> Units.count(value) + " pkt/s";
            case DOWN -> value > 0 ? "down" : "up";
        };
    }

    /** Packets per second a link received in error, discarded on input or lost between its ends; NaN when unknown. */
    public static double faultRate(LinkState link) {
        double errors = link.errorRate();
        double loss = link.lossRate();
        if (Double.isNaN(errors) && Double.isNaN(loss)) {
            return Double.NaN;
        }
        return (Double.isNaN(errors) ? 0 : errors) + (Double.isNaN(loss) ? 0 : loss);
    }

    /** Whether {@link #faultLabel} has something to say, without building it (layouts ask per link). */
    public static boolean hasFault(LinkState link) {
        return link.errorRate() > 0 || link.lossRate() > 0;
    }

    /**
     * What is wrong with a link in the counters, for a label on it: {@code "CRC 70/s"}, {@code
     * "lost 1.0 k/s"}; empty when its ends report no errors and nothing lost.
     */
    public static String faultLabel(LinkState link) {
        StringBuilder label = new StringBuilder();
        if (link.errorRate() > 0) {
            label.append("errors ").append(Units.count(link.errorRate())).append("/s");
        }
        if (link.lossRate() > 0) {
            label.append(label.isEmpty() ? "" : ", ")
                    .append("lost ")
                    .append(Units.count(link.lossRate()))
                    .append("/s");
        }
        return label.toString();
    }

    /** Utilization is absolute (0..1); rates are relative to the busiest link of the plane. */
    public boolean isAbsolute() {
        return this == UTILIZATION || this == DOWN;
    }
}
