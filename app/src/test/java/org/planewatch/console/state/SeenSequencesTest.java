package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SeenSequencesTest {
    @Test
    void recognisesANumberSeenBeforeInOrderOrNot() {
        SeenSequences seen = new SeenSequences(100);
        assertTrue(seen.add(5));
        assertTrue(seen.add(9));
        assertTrue(seen.add(7));
        assertFalse(seen.add(5));
        assertFalse(seen.add(7));
        assertFalse(seen.add(9));
        assertEquals(3, seen.size());
    }

    @Test
    void forgetsTheSmallestBeyondCapacity() {
        SeenSequences seen = new SeenSequences(3);
        for (long seq = 1; seq <= 5; seq++) {
            assertTrue(seen.add(seq));
        }
        assertEquals(3, seen.size());
        assertTrue(seen.add(1), "1 was forgotten, so it counts as new (and is forgotten again at once)");
        assertFalse(seen.add(5));
        assertFalse(seen.add(3));
    }

    @Test
    void answersAsASortedSetBoundedToItsNewestWouldOverALongMixedRun() {
        int capacity = 500;
        SeenSequences seen = new SeenSequences(capacity);
        TreeSet<Long> expected = new TreeSet<>();
        SplittableRandom random = new SplittableRandom(3);
        long next = 0;
        for (int i = 0; i < 200_000; i++) {
            // Mostly ascending, sometimes a resend of a recent number or an older one out of order.
            long seq = random.nextInt(10) == 0 ? Math.max(0, next - random.nextInt(800)) : next++;
            boolean added = expected.add(seq);
            while (expected.size() > capacity) {
                expected.pollFirst();
            }
            assertEquals(added, seen.add(seq), "at step " + i + " adding " + seq);
            assertEquals(expected.size(), seen.size());
        }
    }
}
