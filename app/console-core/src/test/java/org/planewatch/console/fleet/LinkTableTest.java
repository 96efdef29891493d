package org.planewatch.console.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.Freshness;

/** The link table against a plain map doing the same puts and removals. */
class LinkTableTest {
    private static LinkState link(String id, double utilization) {
        return new LinkState(
                id,
                0,
                "a",
                "b",
                LinkKind.T0_T1,
                true,
                utilization * 100e9,
                utilization,
                0,
                Double.NaN,
                Double.NaN,
                Freshness.LIVE,
                0,
                Double.NaN,
                100e9);
    }

    @Test
    void holdsTheLatestOfEachLinkThroughGrowthReplacementsAndRemovalsAsAMapWould() {
        LinkTable table = new LinkTable();
        Map<String, LinkState> expected = new HashMap<>();
        SplittableRandom random = new SplittableRandom(7);
        List<LinkState> before = List.of();
        List<LinkState> beforeAsPublished = List.of();
        // 20,000 ids over a table that starts at 2,048 places: it grows, and removals leave holes in
        // long probe runs that later lookups must still cross. The slots span several chunks.
        for (int op = 0; op < 200_000; op++) {
            String id = "p0-t0-" + random.nextInt(200) + "~p0-t1-" + random.nextInt(100);
            if (random.nextInt(3) == 0) {
                table.remove(id);
                expected.remove(id);
            } else {
                LinkState link = link(id, random.nextDouble());
                table.put(link);
                expected.put(id, link);
            }
            if (op % 20_000 == 0) {
                // A list handed out earlier stays what it was: the table's chunks it shares were
                // copied before the table wrote them.
                assertEquals(beforeAsPublished, before, "a list published before op " + op);
                assertSameContent(expected, table);
                before = table.published();
                beforeAsPublished = List.copyOf(before);
            }
        }
        assertSameContent(expected, table);
        for (String id : List.copyOf(expected.keySet())) {
            table.remove(id);
        }
        assertEquals(0, table.size());
        assertEquals(List.of(), table.published());
        assertNull(table.get("p0-t0-1~p0-t1-1"));
    }

    private static void assertSameContent(Map<String, LinkState> expected, LinkTable table) {
        assertEquals(expected.size(), table.size());
        List<LinkState> published = table.published();
        assertEquals(expected.size(), published.size());
        for (LinkState link : published) {
            assertSame(expected.get(link.id()), link, link.id());
        }
        for (Map.Entry<String, LinkState> e : expected.entrySet()) {
            assertSame(e.getValue(), table.get(e.getKey()), e.getKey());
        }
    }

    @Test
    void aCopyIsPublishedAgainOnlyAfterAChange() {
        LinkTable table = new LinkTable();
        table.put(link("p0-t0-0~p0-t1-0", 0.1));
        List<LinkState> first = table.published();
        assertSame(first, table.published());
        table.put(link("p0-t0-0~p0-t1-0", 0.2));
        List<LinkState> second = table.published();
        assertEquals(0.1, first.getFirst().utilization());
        assertEquals(0.2, second.getFirst().utilization());
        table.remove("not-there");
        assertSame(second, table.published());
    }
}
