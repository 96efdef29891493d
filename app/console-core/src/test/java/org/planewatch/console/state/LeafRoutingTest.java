package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The state owner finds a leaf's route by the update before it, then by path, and a device's row
 * once per run of leaves of one row (LeafRoutes, FabricModel#table). Whatever order and mix of
 * leaves notifications bring, and across deletes that drop rows, every value must land on its own
 * leaf.
 */
class LeafRoutingTest {
    private static final String HOST = "host-0001";
    private static final List<String> LEAVES = List.of("evs-active", "cwnd-octets", "inflight-octets", "srtt-ns");

    private static TelemetryPath leaf(long qpn, String leaf) {
        return TelemetryPath.parse("mrc:/qps/qp[qpn=" + qpn + "]/state/" + leaf);
    }

    @Test
    void everyValueLandsOnItsLeafWhateverTheOrderAndMixOfNotifications() {
        SplittableRandom random = new SplittableRandom(5);
        ManualClock clock = new ManualClock(1_000);
        TelemetryStore store = new TelemetryStore(clock);
        // Path objects repeat, as from a decoder's cache: the identity comparisons are what is tested.
        Map<String, TelemetryPath> paths = new TreeMap<>();
        for (long qpn = 1; qpn <= 4; qpn++) {
            for (String name : LEAVES) {
                paths.put(qpn + "/" + name, leaf(qpn, name));
            }
        }
        // A few fixed notification shapes (as agents send), shuffled now and then.
        List<List<String>> shapes = new ArrayList<>();
        for (int s = 0; s < 5; s++) {
            List<String> shape = new ArrayList<>(paths.keySet());
            Collections.shuffle(shape, new Random(s));
            shapes.add(shape.subList(0, 3 + random.nextInt(shape.size() - 3)));
        }
        Map<String, Long> expected = new TreeMap<>();
        for (int n = 0; n < 3_000; n++) {
            List<String> shape = new ArrayList<>(shapes.get(random.nextInt(shapes.size())));
            if (random.nextInt(10) == 0) {
                Collections.shuffle(shape, new Random(n));
            }
            List<TelemetryUpdate> updates = new ArrayList<>();
            UpdateColumns.Builder columns = new UpdateColumns.Builder(shape.size());
            for (String key : shape) {
                long value = random.nextLong(1_000_000);
                updates.add(new TelemetryUpdate(paths.get(key), new TelemetryValue.Uint(value)));
                columns.addUint(paths.get(key), value);
                expected.put(key, value);
            }
            List<TelemetryPath> deletes = List.of();
            if (random.nextInt(50) == 0) {
                long qpn = 1 + random.nextInt(4);
                deletes = List.of(TelemetryPath.parse("mrc:/qps/qp[qpn=" + qpn + "]"));
                expected.keySet().removeIf(key -> key.startsWith(qpn + "/"));
            }
            clock.advance(Duration.ofMillis(10));
            // Live notifications carry lists of updates, replayed ones columns: both go through the slots.
            List<TelemetryUpdate> carried = n % 2 == 0 ? updates : columns.build();
            store.apply(List.of(
                    new IngestEvent.Notification("fabric", HOST, n * 10_000_000L, carried, deletes, clock.millis())));
            assertEquals(
                    asShown(expected),
                    shown(store.publish(FabricSnapshot.IngestStats.NONE)),
                    "after notification " + n);
        }
    }

    /**
     * Two models in one process (a collector's per-device tasks, a console's live and replay windows)
     * that met a QP's leaves in different orders number their columns differently. A leaf that comes
     * after one that is no table's leaf (an LLDP neighbor, a leaf no view reads) must land on its own
     * column in each: the route that followed such a leaf was once shared by every model, and a
     * collector's tasks at full scale took one another's columns (EV counts read from other leaves, ADR 0144).
     */
    @Test
    void eachModelKeepsItsOwnColumnsWhenAnotherModelMetTheSameLeavesInAnotherOrder() {
        TelemetryPath evs = leaf(1, "evs-active");
        TelemetryPath cwnd = leaf(1, "cwnd-octets");
        TelemetryPath notRead = TelemetryPath.parse(
                "openconfig:/interfaces/interface[name=eth0]/subinterfaces/subinterface[index=0]/state/counters/in-pkts");
        TelemetryPath neighbor =
                TelemetryPath.parse("/lldp/interfaces/interface[name=eth0]/neighbors/neighbor[id=1]/state/system-name");
        for (TelemetryPath before : List.of(notRead, neighbor)) {
            ManualClock clock = new ManualClock(1_000);
            TelemetryStore first = new TelemetryStore(clock);
            TelemetryStore second = new TelemetryStore(clock);
            TelemetryUpdate leading = new TelemetryUpdate(before, TelemetryValue.str("t0-1"));

            apply(first, 1, leading, uint(evs, 7), uint(cwnd, 70_000));
            apply(second, 2, uint(cwnd, 90_000), uint(evs, 9)); // the other order: cwnd-octets is its first column
            apply(second, 3, leading, uint(evs, 11), uint(cwnd, 110_000));

            assertEquals(
                    Map.of("1/evs-active", 11L, "1/cwnd-octets", 110_000L, "1/inflight-octets", 0L, "1/srtt-ns", 0L),
                    shown(second.publish(FabricSnapshot.IngestStats.NONE)),
                    "second model, after " + before);
            assertEquals(
                    Map.of("1/evs-active", 7L, "1/cwnd-octets", 70_000L, "1/inflight-octets", 0L, "1/srtt-ns", 0L),
                    shown(first.publish(FabricSnapshot.IngestStats.NONE)),
                    "first model, after " + before);
        }
    }

    private static TelemetryUpdate uint(TelemetryPath path, long value) {
        return new TelemetryUpdate(path, new TelemetryValue.Uint(value));
    }

    private static void apply(TelemetryStore store, long sample, TelemetryUpdate... updates) {
        store.apply(List.of(new IngestEvent.Notification(
                "fabric", HOST, sample * 1_000_000_000L, List.of(updates), List.of(), 1_000 + sample)));
    }

    private static Map<String, Long> shown(FabricSnapshot snapshot) {
        Map<String, Long> shown = new TreeMap<>();
        for (FabricSnapshot.QpSummary qp : snapshot.hosts().getFirst().qps()) {
            // A QP shows every leaf it has; one whose leaves were all deleted is gone.
            put(shown, qp.qpn() + "/evs-active", qp.evsActive());
            put(shown, qp.qpn() + "/cwnd-octets", qp.cwndOctets());
            put(shown, qp.qpn() + "/inflight-octets", qp.inflightOctets());
            put(shown, qp.qpn() + "/srtt-ns", qp.srttNs());
        }
        return shown;
    }

    private static void put(Map<String, Long> shown, String key, long value) {
        shown.put(key, value);
    }

    /** The values as a QP row shows them: a QP with any leaf shows all four, 0 for one it never got. */
    private static Map<String, Long> asShown(Map<String, Long> values) {
        Map<String, Long> shown = new TreeMap<>();
        for (String key : values.keySet()) {
            String qpn = key.substring(0, key.indexOf('/'));
            for (String name : LEAVES) {
                shown.put(qpn + "/" + name, values.getOrDefault(qpn + "/" + name, 0L));
            }
        }
        return shown;
    }
}
