package org.planewatch.collector.testing;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The console's own model of every device, built from what an agent sent: the reference the
 * rollups' split and partial views are held to.
 */
public final class WholeModel {
    private WholeModel() {}

    /** The snapshot of a store that applied every one of {@code read}, published at {@code nowMillis}. */
    public static FabricSnapshot of(List<IngestEvent.Notification> read, long nowMillis) {
        TelemetryStore whole = new TelemetryStore(
                () -> Instant.ofEpochMilli(nowMillis), FreshnessPolicy.standard(), AlarmThresholds.defaults(), 16);
        whole.apply(read);
        return whole.publish(FabricSnapshot.IngestStats.NONE);
    }

    /** The links of {@code snapshot} by id, each as its kind and plane ({@link #describe}). */
    public static Map<String, String> links(FabricSnapshot snapshot) {
        Map<String, String> links = new TreeMap<>();
        for (FabricSnapshot.LinkState link : snapshot.links()) {
            links.put(link.id(), describe(link.kind().name(), link.plane()));
        }
        return links;
    }

    /** The state of each link of {@code snapshot} by id, as {@link #describeState}. */
    public static Map<String, String> states(FabricSnapshot snapshot) {
        Map<String, String> states = new TreeMap<>();
        for (FabricSnapshot.LinkState link : snapshot.links()) {
            states.put(link.id(), describeState(link.up() ? "UP" : "DOWN", link.capacityBps()));
        }
        return states;
    }

    /** A link's state as the comparisons show it: {@code DOWN, 100 Gb/s} ({@code speed unknown} when not known). */
    public static String describeState(String state, Double capacityBps) {
        return state + ", "
                + (capacityBps == null || capacityBps.isNaN()
                        ? "speed unknown"
                        : Math.round(capacityBps / 1e9) + " Gb/s");
    }

    /** The EVs of each plane of {@code snapshot}, as {@link #describeEvs}. */
    public static Map<Integer, String> evs(FabricSnapshot snapshot) {
        Map<Integer, String> evs = new TreeMap<>();
        for (FabricSnapshot.PlaneSummary plane : snapshot.planes()) {
            evs.put(plane.plane(), describeEvs(plane.evsGood(), plane.evsOutOfService()));
        }
        return evs;
    }

    /** A plane's EVs as the comparisons show them: {@code 412 good, 20 out}. */
    public static String describeEvs(long good, long out) {
        return good + " good, " + out + " out";
    }

    /** A link as the comparisons show it: {@code T0_T1 plane 1}. */
    public static String describe(String kind, int plane) {
        return kind + " plane " + plane;
    }

    /** The entries of {@code actual} that differ from {@code expected}'s: {@code id: expected X, got Y}. */
    public static <K> Map<K, String> mismatches(Map<K, String> expected, Map<K, String> actual) {
        Map<K, String> differ = new TreeMap<>();
        Set<K> keys = new TreeSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        for (K key : keys) {
            String want = expected.get(key);
            String got = actual.get(key);
            if (want == null || !want.equals(got)) {
                differ.put(key, "expected " + want + ", got " + got);
            }
        }
        return differ;
    }

    /** What {@code actual} lacks of {@code expected} and has beyond it, a few of each named. */
    public static String differences(Map<String, String> expected, Map<String, String> actual) {
        Set<String> missing = new TreeSet<>(expected.keySet());
        missing.removeAll(actual.keySet());
        Set<String> extra = new TreeSet<>(actual.keySet());
        extra.removeAll(expected.keySet());
        long otherwise = expected.entrySet().stream()
                .filter(e -> actual.containsKey(e.getKey())
                        && !actual.get(e.getKey()).equals(e.getValue()))
                .count();
        return missing.size() + " missing, e.g. " + missing.stream().limit(8).toList() + "; " + extra.size()
                + " extra, e.g. "
                + extra.stream().limit(8).map(id -> id + " " + actual.get(id)).toList() + "; "
                + otherwise + " of another kind or plane";
    }
}
