package org.planewatch.console.fleet;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import org.apache.kafka.common.TopicPartition;
import org.planewatch.fleet.FleetTopics;

/**
 * What a new console still has to read of what the topics held when it connected (ADR 0137), and
 * whether the links may be read yet (ADR 0138): the planes, suspects, alarms and recent exclusions
 * are a few thousand records, the links two million at full scale, and a frame that shows every plane,
 * suspect and alarm is worth more to an operator than the first tenth of the link matrix. Not
 * thread-safe: the reader's thread.
 */
final class CatchUp {
    /** The topics read after the rest has been read to where it ended at connect. */
    static final Set<String> READ_LAST = Set.of(FleetTopics.LINKS);

    /**
     * The longest the links wait for the rest: a partition that cannot be read (its leader down, its
     * position never known) must not keep a console's link matrix empty; it then loads as before.
     */
    static final long READ_LAST_WITHIN_MILLIS = 10_000;

    private final Map<TopicPartition, Long> ends;
    private final long connectedAtMillis;

    /**
     * @param ends each partition's end offset when the reader connected
     * @param connectedAtMillis when that was
     */
    CatchUp(Map<TopicPartition, Long> ends, long connectedAtMillis) {
        this.ends = new HashMap<>(ends);
        this.connectedAtMillis = connectedAtMillis;
    }

    /** A reader with nothing left to read (a replay, or before the first assignment). */
    static CatchUp none() {
        return new CatchUp(Map.of(), 0);
    }

    /**
     * Whether the links may be read now: everything else has been read to where it ended at
     * connect, or {@link #READ_LAST_WITHIN_MILLIS} have passed since.
     */
    boolean readLastNow(Function<TopicPartition, OptionalLong> position, long nowMillis) {
        return remaining(position).firstRead() || nowMillis - connectedAtMillis >= READ_LAST_WITHIN_MILLIS;
    }

    static boolean readLast(TopicPartition partition) {
        return READ_LAST.contains(partition.topic());
    }

    /**
     * The records still to read of what the topics held at connect, given each partition's position
     * (empty when the consumer does not know it yet, which counts as one record to go). A partition
     * read to its end is forgotten, so the figure never grows back.
     */
    Remaining remaining(Function<TopicPartition, OptionalLong> position) {
        long first = 0;
        long last = 0;
        var it = ends.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<TopicPartition, Long> end = it.next();
            OptionalLong at = position.apply(end.getKey());
            long left = at.isEmpty() ? 1 : Math.max(0, end.getValue() - at.getAsLong());
            if (left == 0) {
                it.remove();
            } else if (readLast(end.getKey())) {
                last += left;
            } else {
                first += left;
            }
        }
        return new Remaining(first, last);
    }

    /**
     * @param first records to go in the planes, suspects, alarms and exclusions
     * @param last records to go in the links
     */
    record Remaining(long first, long last) {
        long total() {
            return first + last;
        }

        /** Whether everything but the links has been read to where it ended at connect. */
        boolean firstRead() {
            return first == 0;
        }
    }
}
