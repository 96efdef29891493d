package org.planewatch.sim.bench;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of one benchmark run, printed as one line that scripts can grep:
 * {@code RESULT hosts=<n> wallMs=<n> events=<n> dataPkts=<n> simNs=<n> meanFctNs=<n> tailFctNs=<n> peakHeapMb=<n>}.
 *
 * @param hosts hosts of the fabric
 * @param wallMs wall time of the run (build excluded)
 * @param events events the engine processed
 * @param dataPkts data packets sent, retransmissions included
 * @param simNs simulated time when the last flow completed
 * @param meanFctNs mean flow completion time
 * @param tailFctNs largest flow completion time
 * @param peakHeapMb peak Java heap in use, see {@link HeapPeakMeter}
 */
public record BenchResult(
        int hosts,
        long wallMs,
        long events,
        long dataPkts,
        long simNs,
        long meanFctNs,
        long tailFctNs,
        long peakHeapMb) {

    public static final String PREFIX = "RESULT ";

    public String line() {
        return PREFIX + "hosts=" + hosts + " wallMs=" + wallMs + " events=" + events + " dataPkts=" + dataPkts
                + " simNs=" + simNs + " meanFctNs=" + meanFctNs + " tailFctNs=" + tailFctNs
                + " peakHeapMb=" + peakHeapMb;
    }

    /** Reads a line written by {@link #line()}. */
    public static BenchResult parse(String line) {
        if (!line.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a RESULT line: " + line);
        }
        Map<String, Long> values = new LinkedHashMap<>();
        for (String pair : line.substring(PREFIX.length()).trim().split("\\s+")) {
            String[] keyValue = pair.split("=", 2);
            if (keyValue.length != 2) {
                throw new IllegalArgumentException("malformed field '" + pair + "' in: " + line);
            }
            try {
                values.put(keyValue[0], Long.parseLong(keyValue[1]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("malformed number in '" + pair + "' in: " + line, e);
            }
        }
        return new BenchResult(
                Math.toIntExact(field(values, "hosts", line)),
                field(values, "wallMs", line),
                field(values, "events", line),
                field(values, "dataPkts", line),
                field(values, "simNs", line),
                field(values, "meanFctNs", line),
                field(values, "tailFctNs", line),
                field(values, "peakHeapMb", line));
    }

    private static long field(Map<String, Long> values, String key, String line) {
        Long value = values.get(key);
        if (value == null) {
            throw new IllegalArgumentException("missing " + key + " in: " + line);
        }
        return value;
    }

    /** The run with the median wall time (the lower middle one for an even count). */
    public static BenchResult medianByWallTime(List<BenchResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs");
        }
        List<BenchResult> sorted = runs.stream()
                .sorted(Comparator.comparingLong(BenchResult::wallMs))
                .toList();
        return sorted.get((sorted.size() - 1) / 2);
    }
}
