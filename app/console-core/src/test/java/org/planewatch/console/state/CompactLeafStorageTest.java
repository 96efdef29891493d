package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The console keeps a leaf table's values and a device's resolved paths in arrays instead of hash
 * maps (issue 20: a map node per leaf was a third of the heap at 9,728 devices). They must answer what
 * the maps answered, whatever the order of puts, replacements and removals.
 */
class CompactLeafStorageTest {

    @Test
    void aLeafTableAnswersWhatMapsOfItsLeavesAnswer() {
        SplittableRandom random = new SplittableRandom(20);
        LeafTable table = new LeafTable();
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
    void aCounterOutlivesNoPutAndIsTheOneTheTableUpdates() {
        LeafTable table = new LeafTable();
        Counter counter = table.counter("in-octets");
        table.put("in-octets", new TelemetryValue.Uint(100), 1_000_000_000L);
        table.put("in-octets", new TelemetryValue.Uint(300), 2_000_000_000L);
        assertSame(counter, table.counter(new String("in-octets")));
        assertEquals(200.0, table.rate("in-octets"));
        assertTrue(table.remove("in-octets"));
        assertFalse(table.has("in-octets"));
        assertEquals(Double.NaN, table.rate("in-octets"));
    }

    @Test
    void slotsByPathFindWhatAHashMapFindsAcrossGrowthAndClear() {
        SlotsByPath slots = new SlotsByPath();
        Map<TelemetryPath, LeafSlot> expected = new HashMap<>();
        LeafTable table = new LeafTable();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 5_000; i++) {
                TelemetryPath path = TelemetryPath.parse(
                        "/interfaces/interface[name=eth" + (i % 700) + "]/state/counters/c" + (i / 700));
                LeafSlot slot = new LeafSlot(table, "c" + i);
                slots.put(path, slot);
                expected.put(path, slot);
            }
            assertEquals(expected.size(), slots.size());
            for (Map.Entry<TelemetryPath, LeafSlot> e : expected.entrySet()) {
                // an equal path, not the same object
                assertSame(
                        e.getValue(), slots.get(TelemetryPath.parse(e.getKey().toString())));
            }
            assertNull(slots.get(TelemetryPath.parse("/interfaces/interface[name=nowhere]/state/counters/c0")));
            slots.clear();
            expected.clear();
            assertEquals(0, slots.size());
        }
    }
}
