package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The console keeps a row's leaves in columns shared by every row of a kind, and resolves paths once
 * for the whole fabric, instead of an object per leaf (issue 20, ADR 0108). A row must answer what
 * maps of its leaves answered, whatever the order of puts, replacements and removals.
 */
class CompactLeafStorageTest {

    @Test
    void aLeafTableAnswersWhatMapsOfItsLeavesAnswer() {
        SplittableRandom random = new SplittableRandom(20);
        LeafTable table = new LeafTable(LeafLayout.keepingEvery(Set.of("in-octets")));
        Map<String, Long> numbers = new HashMap<>();
        Map<String, String> texts = new HashMap<>();
        Map<String, Double> decimals = new HashMap<>();
        for (int step = 0; step < 20_000; step++) {
            // a new String each time: names are compared by value, not only by identity
            String leaf = new String("leaf-" + random.nextInt(40));
            switch (random.nextInt(5)) {
                case 0, 1 -> {
                    long v = random.nextLong(1_000_000);
                    table.put(leaf, new TelemetryValue.Uint(v), step);
                    numbers.put(leaf, v);
                }
                case 2 -> {
                    table.put(leaf, new TelemetryValue.Str("t" + step), step);
                    texts.put(leaf, "t" + step);
                }
                case 3 -> {
                    double d = random.nextDouble();
                    table.put(leaf, new TelemetryValue.Real(d), step);
                    decimals.put(leaf, d);
                }
                default -> {
                    boolean had = numbers.containsKey(leaf) || texts.containsKey(leaf) || decimals.containsKey(leaf);
                    assertEquals(had, table.remove(leaf), "remove " + leaf + " at step " + step);
                    numbers.remove(leaf);
                    texts.remove(leaf);
                    decimals.remove(leaf);
                }
            }
            for (int k = 0; k < 40; k++) {
                String name = "leaf-" + k;
                assertEquals(numbers.getOrDefault(name, 0L), table.value(name), name + " at step " + step);
                assertEquals(texts.getOrDefault(name, "-"), table.text(name, "-"), name + " at step " + step);
                double expected = decimals.containsKey(name)
                        ? decimals.get(name)
                        : numbers.containsKey(name) ? numbers.get(name) : Double.NaN;
                assertEquals(expected, table.decimal(name), name + " at step " + step);
                assertEquals(
                        numbers.containsKey(name) || texts.containsKey(name) || decimals.containsKey(name),
                        table.has(name),
                        name + " at step " + step);
            }
        }
    }

    @Test
    void aCounterGivesItsRateAndRestartsItWhenCleared() {
        LeafTable table = new LeafTable(LeafLayout.keepingEvery(Set.of("in-octets")));
        table.put("in-octets", new TelemetryValue.Uint(100), 1_000_000_000L);
        assertEquals(Double.NaN, table.rate("in-octets"));
        table.put("in-octets", new TelemetryValue.Uint(300), 2_000_000_000L);
        assertEquals(200.0, table.rate(new String("in-octets")));
        // an older sample offered late changes nothing
        table.put("in-octets", new TelemetryValue.Uint(250), 1_500_000_000L);
        assertEquals(300, table.value("in-octets"));
        assertEquals(2_000_000_000L, table.timestampNs("in-octets"));
        // cleared: no rate until the next sample
        table.put("in-octets", new TelemetryValue.Uint(10), 3_000_000_000L);
        assertEquals(Double.NaN, table.rate("in-octets"));
        table.put("in-octets", new TelemetryValue.Uint(60), 4_000_000_000L);
        assertEquals(50.0, table.rate("in-octets"));
        assertTrue(table.remove("in-octets"));
        assertFalse(table.has("in-octets"));
        assertEquals(-1, table.timestampNs("in-octets"));
        assertEquals(Double.NaN, table.rate("in-octets"));
    }

    @Test
    void rowsOfOneKindShareTheirColumnsAndKeepTheirOwnValues() {
        LeafLayout layout = LeafLayout.keepingEvery(Set.of());
        LeafTable first = new LeafTable(layout);
        LeafTable second = new LeafTable(layout);
        first.put("out-octets", new TelemetryValue.Uint(7), 1);
        second.put("in-octets", new TelemetryValue.Uint(9), 1);
        second.put("out-octets", new TelemetryValue.Uint(8), 1);
        first.put("oper-status", new TelemetryValue.Str(new String("UP")), 1);
        second.put("oper-status", new TelemetryValue.Str(new String("UP")), 1);
        assertEquals(7, first.value("out-octets"));
        assertFalse(first.has("in-octets"));
        assertEquals(9, second.value("in-octets"));
        assertEquals(8, second.value("out-octets"));
        assertEquals(2, layout.numberColumns());
        // equal texts are one object
        assertSame(first.text("oper-status", null), second.text("oper-status", null));
    }

    @Test
    void routesAreReadOncePerPathAndShareTheirRow() {
        LeafRoutes routes = new LeafRoutes();
        TelemetryPath in = TelemetryPath.parse("/interfaces/interface[name=eth3]/state/counters/in-octets");
        TelemetryPath out = TelemetryPath.parse("/interfaces/interface[name=eth3]/state/counters/out-octets");
        LeafRoute inRoute = routes.route(null, in);
        LeafRoute outRoute = routes.route(inRoute, out);
        assertSame(inRoute.row, outRoute.row);
        assertEquals(LeafRoute.Kind.PORT, inRoute.row.kind());
        assertEquals("eth3", inRoute.row.name());
        // an equal path, not the same object, finds the same route
        assertSame(outRoute, routes.route(null, TelemetryPath.parse(out.toString())));
        assertSame(outRoute, routes.route(inRoute, out));
        assertEquals(LeafRoute.Other.IGNORED, routes.route(null, TelemetryPath.parse("/system/state/hostname")).other);
        TelemetryPath decision = TelemetryPath.parse("mrc:/events/event[seq=4]/state/qpn");
        assertEquals(LeafRoute.Other.EVENT, routes.route(null, decision).other);
        assertEquals(3, routes.size(), "an event ring entry's path is not kept");
    }

    @Test
    void routesStartOverInsteadOfGrowingPastTheirBound() {
        LeafRoutes routes = new LeafRoutes();
        LeafRoute previous = null;
        for (int i = 0; i < LeafRoutes.MAX_ROUTES + 10; i++) {
            TelemetryPath path = TelemetryPath.parse("mrc:/qps/qp[qpn=" + i + "]/state/tx-pkts");
            LeafRoute route = routes.route(previous, path);
            assertEquals(i, route.row.number());
            previous = route;
        }
        assertTrue(routes.size() <= LeafRoutes.MAX_ROUTES, "routes kept: " + routes.size());
    }

    @Test
    void sortedRowsAnswerWhatATreeMapAnswers() {
        SplittableRandom random = new SplittableRandom(108);
        SortedRows<Long, String> rows = new SortedRows<>();
        java.util.TreeMap<Long, String> expected = new java.util.TreeMap<>();
        for (int step = 0; step < 5_000; step++) {
            long key = random.nextLong(60);
            switch (random.nextInt(4)) {
                case 0, 1 -> assertEquals(expected.put(key, "v" + step), rows.put(key, "v" + step));
                case 2 -> assertEquals(expected.remove(key), rows.remove(key));
                default -> {
                    // removal while iterating, as a delete of a QP's EVs does
                    expected.entrySet().removeIf(e -> e.getKey() % 7 == key % 7);
                    rows.entrySet().removeIf(e -> e.getKey() % 7 == key % 7);
                }
            }
            assertEquals(expected, rows, "at step " + step);
            assertEquals(List.copyOf(expected.keySet()), List.copyOf(rows.keySet()), "in key order at step " + step);
            assertEquals(expected.get(key), rows.get(key));
        }
    }
}
