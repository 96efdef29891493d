package org.planewatch.collector.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads partitions from their beginning to where they ended when the reading began: the latest state
 * a compacted topic holds (the targets listed, the decisions published). Records written meanwhile
 * are left for later readers.
 */
public final class PartitionsToEnd {
    private PartitionsToEnd() {}

    /**
     * Hands every record of {@code partitions} up to their ends to {@code each}, and leaves the
     * consumer assigned to them.
     *
     * @param what what is read, for the error when it takes longer than {@code limit}
     * @throws IllegalStateException when the ends are not reached within {@code limit}
     */
    public static <K, V> void read(
            KafkaConsumer<K, V> consumer,
            Collection<TopicPartition> partitions,
            Duration limit,
            String what,
            Consumer<ConsumerRecord<K, V>> each) {
        List<TopicPartition> assigned = List.copyOf(partitions);
        consumer.assign(assigned);
        consumer.seekToBeginning(assigned);
        Map<TopicPartition, Long> ends = consumer.endOffsets(assigned, limit);
        long deadline = System.nanoTime() + limit.toNanos();
        while (!reached(consumer, ends)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("reading " + what + " took over " + limit.toSeconds() + " s");
            }
            consumer.poll(Duration.ofMillis(200)).forEach(each);
        }
    }

    private static boolean reached(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
            if (consumer.position(end.getKey()) < end.getValue()) {
                return false;
            }
        }
        return true;
    }
}
