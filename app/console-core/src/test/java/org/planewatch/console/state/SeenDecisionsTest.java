package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SeenDecisionsTest {
    @Test
    void recognisesADecisionSeenBeforeInOrderOrNot() {
        SeenDecisions seen = new SeenDecisions(100);
        assertTrue(seen.add(5, 50));
        assertTrue(seen.add(9, 90));
        assertTrue(seen.add(7, 70));
        assertFalse(seen.add(5, 50));
        assertFalse(seen.add(7, 70));
        assertFalse(seen.add(9, 90));
        assertEquals(3, seen.size());
    }

    @Test
    void theSameNumberWithAnotherTimestampIsANewDecisionOfARestartedRing() {
        SeenDecisions seen = new SeenDecisions(100);
        for (long seq = 0; seq < 5; seq++) {
            assertTrue(seen.add(seq, 1_000 + seq));
        }
        // The agent restarted: its ring numbers from 0 again, with decisions of its own.
        for (long seq = 0; seq < 3; seq++) {
            assertTrue(seen.add(seq, 2_000 + seq), "decision " + seq + " of the new ring");
        }
        assertEquals(2, seen.rings());
        // A reconnect resends either ring: nothing of it is new.
        for (long seq = 0; seq < 3; seq++) {
            assertFalse(seen.add(seq, 2_000 + seq));
            assertFalse(seen.add(seq, 1_000 + seq));
        }
        assertTrue(seen.add(3, 2_003), "the new ring's next decision belongs to it, though the old ring had a 3");
        assertFalse(seen.add(4, 1_004));
        assertEquals(9, seen.size());
    }

    @Test
    void forgetsTheOldestRingsSmallestBeyondCapacity() {
        SeenDecisions seen = new SeenDecisions(3);
        for (long seq = 1; seq <= 5; seq++) {
            assertTrue(seen.add(seq, seq));
        }
        assertEquals(3, seen.size());
        assertFalse(seen.add(5, 5));
        assertFalse(seen.add(3, 3));
        assertTrue(
                seen.add(0, 100),
                "below what the ring still holds after forgetting: a restarted ring's first decision");
        assertEquals(2, seen.rings());
        assertEquals(3, seen.size());
        assertFalse(seen.add(0, 100));
        assertFalse(seen.add(5, 5), "the old ring's newest are kept; its smallest went first");
        assertTrue(seen.add(3, 3), "forgotten");
    }

    @Test
    void answersAsASortedSetBoundedToItsNewestWouldOverALongMixedRun() {
        int capacity = 500;
        SeenDecisions seen = new SeenDecisions(capacity);
        TreeSet<Long> expected = new TreeSet<>();
        SplittableRandom random = new SplittableRandom(3);
        List<Long> skipped = new ArrayList<>();
        long next = 0;
        for (int i = 0; i < 200_000; i++) {
            // Mostly ascending, sometimes skipping a number that completes later, or resending a recent one.
            long seq;
            int dice = random.nextInt(20);
            if (dice == 0) {
                skipped.add(next++);
                seq = next++;
            } else if (dice == 1 && !skipped.isEmpty()) {
                seq = skipped.removeFirst();
            } else if (dice == 2) {
                seq = Math.max(0, next - 1 - random.nextInt(300));
            } else {
                seq = next++;
            }
            long oldest = next - 300;
            skipped.removeIf(s -> s < oldest);
            boolean added = expected.add(seq);
            while (expected.size() > capacity) {
                expected.pollFirst();
            }
            assertEquals(added, seen.add(seq, seq * 3), "at step " + i + " adding " + seq);
            assertEquals(expected.size(), seen.size());
        }
        assertEquals(1, seen.rings());
    }
}
