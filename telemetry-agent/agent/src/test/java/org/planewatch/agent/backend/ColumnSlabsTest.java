package org.planewatch.agent.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ColumnSlabsTest {

    @Test
    void rangesFollowOneAnotherInOneArrayUntilItIsFull() {
        ColumnSlabs slabs = new ColumnSlabs();
        ColumnSlabs.Longs a = slabs.longs(10);
        ColumnSlabs.Longs b = slabs.longs(20);
        assertSame(a.array(), b.array());
        assertEquals(0, a.base());
        assertEquals(10, b.base());
        ColumnSlabs.Longs c = slabs.longs(ColumnSlabs.MIN_SLAB - 30);
        assertSame(a.array(), c.array(), "exactly full");
        ColumnSlabs.Longs d = slabs.longs(1);
        assertNotSame(a.array(), d.array(), "a new slab");
        assertEquals(0, d.base());
    }

    @Test
    void slabsDoubleUpToTheLargestAndNoFurtherThanOneRound() {
        assertEquals(ColumnSlabs.MIN_SLAB, ColumnSlabs.nextSize(0, 5, ColumnSlabs.MAX_SLAB));
        assertEquals(2 * ColumnSlabs.MIN_SLAB, ColumnSlabs.nextSize(ColumnSlabs.MIN_SLAB, 5, ColumnSlabs.MAX_SLAB));
        assertEquals(ColumnSlabs.MAX_SLAB, ColumnSlabs.nextSize(ColumnSlabs.MAX_SLAB, 5, Long.MAX_VALUE));
        assertEquals(300_000, ColumnSlabs.nextSize(ColumnSlabs.MAX_SLAB, 5, 300_000), "a fabric of 300,000 leaves");
        assertEquals(
                ColumnSlabs.MIN_SLAB, ColumnSlabs.nextSize(ColumnSlabs.MIN_SLAB, 5, 1_000), "never below the least");
        assertEquals(ColumnSlabs.MAX_SLAB + 1, ColumnSlabs.nextSize(0, ColumnSlabs.MAX_SLAB + 1, Long.MAX_VALUE));
    }

    @Test
    void byteRangesAreCutTheSameWay() {
        ColumnSlabs slabs = new ColumnSlabs();
        slabs.expectRound(1_000);
        ColumnSlabs.Bytes a = slabs.bytes(ColumnSlabs.MIN_SLAB);
        ColumnSlabs.Bytes b = slabs.bytes(1);
        assertNotSame(a.array(), b.array());
        assertEquals(ColumnSlabs.MIN_SLAB, b.array().length, "one round of 1,000 leaves: the least slab");
    }
}
