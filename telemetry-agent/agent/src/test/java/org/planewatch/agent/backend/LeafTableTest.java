package org.planewatch.agent.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
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

    @Test
    void aFollowingTableTellsWhichLeavesChangedSinceAnEarlierOne() {
        LeafTable g0 =
                table(AB, TelemetryValue.uint(1), TelemetryValue.str("UP")).following(null);
        LeafTable g1 =
                table(AB, TelemetryValue.uint(2), TelemetryValue.str("UP")).following(g0);
        LeafTable g2 =
                table(AB, TelemetryValue.uint(2), TelemetryValue.str("DOWN")).following(g1);
        LeafTable g3 =
                table(AB, TelemetryValue.uint(2), TelemetryValue.str("DOWN")).following(g2);
        assertEquals(
                List.of(0L, 1L, 2L, 3L), List.of(g0.generation(), g1.generation(), g2.generation(), g3.generation()));
        // the counter moved at g1 only, the status at g2 only
        assertEquals(List.of(true, true), changed(g3, 0));
        assertEquals(List.of(false, true), changed(g3, 1));
        assertEquals(List.of(false, false), changed(g3, 2));
        assertEquals(List.of(false, false), changed(g3, 3));
        assertEquals(List.of(true, true), changed(g3, -1), "nothing read before: everything is new");
        assertEquals(List.of(true, true), changed(g0, -1));
    }

    @Test
    void aTableOfANewLayoutIsNewInEveryLeafButKeepsCounting() {
        LeafTable g0 =
                table(AB, TelemetryValue.uint(1), TelemetryValue.str("UP")).following(null);
        LeafLayout wider = new LeafLayout(List.of(A, B, C));
        LeafTable g1 = table(wider, TelemetryValue.uint(1), TelemetryValue.str("UP"), TelemetryValue.str("X"))
                .following(g0);
        assertEquals(1, g1.generation());
        assertEquals(List.of(true, true), changed(g1, 0));
    }

    @Test
    void anAgeBeyondWhatIsKeptCountsAsChanged() {
        LeafTable t =
                table(AB, TelemetryValue.uint(1), TelemetryValue.str("UP")).following(null);
        for (int i = 0; i < 300; i++) {
            t = table(AB, TelemetryValue.uint(1), TelemetryValue.str("UP")).following(t);
        }
        assertEquals(300, t.generation());
        assertEquals(false, t.changedSince(0, 100), "unchanged for 300 publications, asked about 200");
        assertEquals(true, t.changedSince(0, 20), "asked about 280 back: the age saturated at 255, so maybe");
    }

    @Test
    void tablesCutFromSharedSlabsReadAndAgeLikeTablesWithArraysOfTheirOwn() {
        ColumnSlabs slabs = new ColumnSlabs();
        LeafTable other = slabbed(slabs, AB, TelemetryValue.uint(7), TelemetryValue.str("UP"))
                .following(null);
        List<List<TelemetryValue>> publications = List.of(
                List.of(TelemetryValue.uint(1), TelemetryValue.str("UP")),
                List.of(TelemetryValue.uint(2), TelemetryValue.str("UP")),
                List.of(TelemetryValue.uint(2), TelemetryValue.str("DOWN")),
                List.of(TelemetryValue.uint(2), TelemetryValue.str("DOWN")));
        LeafTable own = null;
        LeafTable cut = null;
        for (List<TelemetryValue> values : publications) {
            own = table(AB, values.toArray(TelemetryValue[]::new)).following(own);
            other = slabbed(slabs, AB, TelemetryValue.uint(other.raw(0) + 1), TelemetryValue.str("UP"))
                    .following(other);
            cut = slabbed(slabs, AB, values.toArray(TelemetryValue[]::new)).following(cut);
            assertEquals(own, cut);
            for (long since = -1; since <= cut.generation(); since++) {
                assertEquals(changed(own, since), changed(cut, since), "changed since " + since);
            }
        }
        assertEquals(
                Map.of(A, TelemetryValue.uint(11), B, TelemetryValue.str("UP")), other, "its neighbour in the slabs");
    }

    @Test
    void aFollowingTableKeepsThePreviousTextValuesWhenNoneChanged() {
        TelemetryValue up = TelemetryValue.str("UP");
        LeafTable g0 = table(AB, TelemetryValue.uint(1), up).following(null);
        LeafTable g1 =
                table(AB, TelemetryValue.uint(2), TelemetryValue.str("UP")).following(g0);
        assertSame(up, g1.value(1), "the same values: the array of g0 serves g1");
        LeafTable g2 =
                table(AB, TelemetryValue.uint(2), TelemetryValue.str("DOWN")).following(g1);
        assertEquals(TelemetryValue.str("DOWN"), g2.value(1));
    }

    private static LeafTable slabbed(ColumnSlabs slabs, LeafLayout layout, TelemetryValue... values) {
        LeafTable.Builder b = new LeafTable.Builder(layout, slabs);
        for (TelemetryValue v : values) {
            b.value(v);
        }
        return b.build();
    }

    private static List<Boolean> changed(LeafTable table, long since) {
        return List.of(table.changedSince(0, since), table.changedSince(1, since));
    }
}
