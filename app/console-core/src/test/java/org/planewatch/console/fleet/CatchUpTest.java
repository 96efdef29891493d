package org.planewatch.console.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.planewatch.fleet.FleetTopics;

/** What a new console has left to read, and when its links may be read (ADR 0138). */
class CatchUpTest {
    private static final TopicPartition PLANES = new TopicPartition(FleetTopics.PLANES, 0);
    private static final TopicPartition SUSPECTS = new TopicPartition(FleetTopics.SUSPECTS, 0);
    private static final TopicPartition LINKS_0 = new TopicPartition(FleetTopics.LINKS, 0);
    private static final TopicPartition LINKS_1 = new TopicPartition(FleetTopics.LINKS, 1);

    private static final long CONNECTED_AT = 1_000_000;
    private final Map<TopicPartition, Long> positions = new HashMap<>();
    private final CatchUp catchUp =
            new CatchUp(Map.of(PLANES, 40L, SUSPECTS, 3L, LINKS_0, 1_000_000L, LINKS_1, 900_000L), CONNECTED_AT);

    /** The consumer's positions in the four partitions. */
    private void at(long planes, long suspects, long links0, long links1) {
        positions.put(PLANES, planes);
        positions.put(SUSPECTS, suspects);
        positions.put(LINKS_0, links0);
        positions.put(LINKS_1, links1);
    }

    private OptionalLong position(TopicPartition partition) {
        return positions.containsKey(partition) ? OptionalLong.of(positions.get(partition)) : OptionalLong.empty();
    }

    private CatchUp.Remaining remaining() {
        return catchUp.remaining(this::position);
    }

    @Test
    void aPartitionWhosePositionIsNotKnownYetCountsAsNotRead() {
        positions.put(PLANES, 40L);
        positions.put(LINKS_0, 1_000_000L);
        positions.put(LINKS_1, 900_000L);
        CatchUp.Remaining left = remaining();
        assertEquals(1, left.first(), "the suspects' position is not known yet");
        assertFalse(left.firstRead());
        assertEquals(0, left.last());
    }

    @Test
    void theLinksMayBeReadOnceEverythingElseIsReadToWhereItEndedAtConnect() {
        at(12L, 0L, 0L, 0L);
        assertEquals(new CatchUp.Remaining(31, 1_900_000), remaining());
        positions.put(PLANES, 40L);
        positions.put(SUSPECTS, 3L);
        CatchUp.Remaining left = remaining();
        assertTrue(left.firstRead());
        assertEquals(1_900_000, left.total(), "the links are still to come");
        positions.put(LINKS_0, 999_999L);
        positions.put(LINKS_1, 900_000L);
        assertEquals(1, remaining().total());
    }

    @Test
    void aPartitionThatCannotBeReadHoldsTheLinksBackForTenSecondsAtMost() {
        at(40L, 3L, 0L, 0L);
        positions.remove(SUSPECTS); // its leader is down: its position never becomes known
        assertFalse(catchUp.readLastNow(this::position, CONNECTED_AT + 9_999));
        assertTrue(catchUp.readLastNow(this::position, CONNECTED_AT + 10_000));
        positions.put(SUSPECTS, 3L);
        assertTrue(catchUp.readLastNow(this::position, CONNECTED_AT + 1), "read: no need to wait");
    }

    @Test
    void aPartitionReadToItsEndStaysReadWhateverItsPositionSaysLater() {
        at(40L, 3L, 1_000_000L, 900_000L);
        assertEquals(0, remaining().total());
        positions.clear(); // a partition's position lost (reassigned, reset): not read again
        assertEquals(0, remaining().total());
    }

    @Test
    void theRecordsWrittenAfterConnectAreNotWaitedFor() {
        at(4_000L, 3L, 1_000_050L, 900_000L);
        assertEquals(new CatchUp.Remaining(0, 0), remaining());
    }
}
