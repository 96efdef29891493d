package org.planewatch.sim.limits;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The heap a scenario's simulation needs, by what it is for. Figures are doubles: a scenario far
 * too large must still get a figure, not an overflow. The total adds {@link #MARGIN} of the parts
 * for what the model leaves out (an array that doubles is copied while the old one still lives, a
 * summary copies the transitions it reports): on the calibration runs the parts alone came as close
 * as 1 % to the measured heap (ADR 0088).
 *
 * @param fabricBytes topology, per-port queues and counters, per-link state, per-host counters
 * @param qpBytes QPs: EV state, PSN windows, message rings
 * @param trafficBytes packets in flight (the packet pool) and pending events
 * @param exclusionBytes what retired EVs hold: probe state, pending probes, the transitions the summary keeps
 * @param workloadBytes explicit flows, completion times and step records
 * @param baseBytes what every simulation holds whatever its size
 * @param slackBytes what large arrays leave unused at the end of the collector's regions
 */
public record MemoryEstimate(
        double fabricBytes,
        double qpBytes,
        double trafficBytes,
        double exclusionBytes,
        double workloadBytes,
        double baseBytes,
        double slackBytes) {

    private static final String SLACK = "region slack";
    private static final String MARGINAL = "margin";

    /** Share of the parts added for what the model leaves out. */
    public static final double MARGIN = 0.10;

    /** What a part of the estimate is, and its figure. */
    public record Part(String name, double bytes) {}

    public double totalBytes() {
        return (1 + MARGIN) * partsBytes();
    }

    private double partsBytes() {
        return fabricBytes + qpBytes + trafficBytes + exclusionBytes + workloadBytes + baseBytes + slackBytes;
    }

    public List<Part> parts() {
        return List.of(
                new Part("fabric", fabricBytes),
                new Part("QPs", qpBytes),
                new Part("packets and events", trafficBytes),
                new Part("EV exclusion state", exclusionBytes),
                new Part("workload records", workloadBytes),
                new Part("base", baseBytes),
                new Part(SLACK, slackBytes),
                new Part(MARGINAL, MARGIN * partsBytes()));
    }

    /** The part that needs the most (region slack and margin follow from the others: never the ones to blame). */
    public Part largest() {
        return parts().stream()
                .filter(part -> !part.name().equals(SLACK) && !part.name().equals(MARGINAL))
                .max(Comparator.comparingDouble(Part::bytes))
                .orElseThrow();
    }

    /** {@code fabric 1.2 GB, QPs 3.4 GB, ...}: the parts of at least 1 % of the total, largest first. */
    public String breakdown() {
        return parts().stream()
                .filter(part -> part.bytes() >= totalBytes() / 100)
                .sorted(Comparator.comparingDouble(Part::bytes).reversed())
                .map(part -> part.name() + " " + size(part.bytes()))
                .collect(Collectors.joining(", "));
    }

    /** A size for people: {@code 850 MB}, {@code 3.7 GB}, {@code 96 GB} (powers of 1024). */
    public static String size(double bytes) {
        return size(bytes, 0);
    }

    /** Two sizes shown with as many more digits as it takes for them to differ when they do (at most 3). */
    public static String[] distinct(double first, double second) {
        for (int digits = 0; digits < 3; digits++) {
            if (!size(first, digits).equals(size(second, digits))) {
                return new String[] {size(first, digits), size(second, digits)};
            }
        }
        return new String[] {size(first, 3), size(second, 3)};
    }

    private static String size(double bytes, int moreDigits) {
        double mb = bytes / (1024 * 1024);
        if (mb < 1024) {
            return String.format(Locale.ROOT, "%." + moreDigits + "f MB", Math.max(mb, 1));
        }
        double gb = mb / 1024;
        int digits = (gb < 100 ? 1 : 0) + moreDigits;
        return String.format(Locale.ROOT, "%,." + digits + "f GB", gb);
    }
}
