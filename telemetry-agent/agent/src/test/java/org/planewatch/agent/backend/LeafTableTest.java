package org.planewatch.agent.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class LeafTableTest {

    private static final TelemetryPath A =
            TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/in-pkts");
    private static final TelemetryPath B = TelemetryPath.parse("/interfaces/interface[name=eth0]/state/oper-status");
    private static final TelemetryPath C = TelemetryPath.parse("mrc:/events/event[seq=0]/state/reason");
    private static final LeafLayout AB = new LeafLayout(List.of(A, B));

    private static LeafTable table(LeafLayout layout, TelemetryValue... values) {
        LeafTable.Builder b = new LeafTable.Builder(layout);
        for (TelemetryValue v : values) {
            b.value(v);
        }
        return b.build();
    }

    @Test
    void readsAsTheMapOfItsLeavesInLayoutOrder() {
        LeafTable t = table(AB, TelemetryValue.uint(1L << 62), TelemetryValue.str("UP"));
        Map<TelemetryPath, TelemetryValue> expected = new LinkedHashMap<>();
        expected.put(A, TelemetryValue.uint(1L << 62));
        expected.put(B, TelemetryValue.str("UP"));
        assertEquals(expected, t);
        assertEquals(List.of(A, B), new ArrayList<>(t.keySet()));
        assertEquals(TelemetryValue.str("UP"), t.get(B));
        assertNull(t.get(C));
        assertEquals(true, t.isUint(0));
        assertEquals(1L << 62, t.raw(0));
    }

    @Test
    void aTableMustBeFilledCompletely() {
        LeafTable.Builder b = new LeafTable.Builder(AB).uint(1);
        assertThrows(IllegalStateException.class, b::build);
    }

    @Test
    void theFeedDiffsTablesOfOneLayoutColumnByColumnAndOthersByPath() {
        ChangeFeed feed = new ChangeFeed();
        List<DeviceChange> changes = new ArrayList<>();
        feed.addListener(changes::add);
        feed.publish(new DeviceSnapshot("h", 1, table(AB, TelemetryValue.uint(5), TelemetryValue.str("UP"))));
        feed.publish(new DeviceSnapshot("h", 2, table(AB, TelemetryValue.uint(6), TelemetryValue.str("UP"))));
        feed.publish(new DeviceSnapshot("h", 3, table(AB, TelemetryValue.uint(6), TelemetryValue.str("UP"))));
        feed.publish(new DeviceSnapshot(
                "h",
                4,
                table(new LeafLayout(List.of(A, C)), TelemetryValue.uint(6), TelemetryValue.str("LOSS_TIMER"))));
        assertEquals(3, changes.size(), "an unchanged snapshot notifies nobody");
        assertEquals(
                Map.of(A, TelemetryValue.uint(5), B, TelemetryValue.str("UP")),
                changes.get(0).updated());
        assertEquals(Map.of(A, TelemetryValue.uint(6)), changes.get(1).updated());
        assertEquals(Map.of(C, TelemetryValue.str("LOSS_TIMER")), changes.get(2).updated());
        assertEquals(List.of(B), changes.get(2).deleted());
    }
}
