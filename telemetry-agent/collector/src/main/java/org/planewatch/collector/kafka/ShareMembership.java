package org.planewatch.collector.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.planewatch.collector.assign.Share;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.publish.ExclusionPublisher;
import org.planewatch.collector.publish.PublishedDecisions;

/**
 * This collector's membership of the collectors' consumer group over the targets topic: the
 * partitions the group assigns it are its shares. On its own thread it polls the targets topic;
 * every assigned partition is read from its start (nothing is committed), so each record lists a
 * target in a held share and each tombstone unlists one. When shares are taken, what the exclusions
 * topic holds for them is loaded first; when shares are revoked or lost, their targets are dropped
 * and what is on its way to the exclusions topic is flushed before the group moves them.
 */
public final class ShareMembership implements AutoCloseable {
    private final CollectorSettings settings;
    private final Share share;
    private final PublishedDecisions published;
    private final ExclusionPublisher exclusions;
    private final Received received;
    private final Consumer<String> log;
    private final Thread thread;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile CloseOptions.GroupMembershipOperation leaving;
    private volatile RuntimeException failure;
    private volatile int generation;
    /** The group consumer, for wakeup() from the stopping thread. */
    private volatile KafkaConsumer<String, String> current;

    public ShareMembership(
            CollectorSettings settings,
            Share share,
            PublishedDecisions published,
            ExclusionPublisher exclusions,
            Received received,
            Consumer<String> log) {
        this.settings = settings;
        this.share = share;
        this.published = published;
        this.exclusions = exclusions;
        this.received = received;
        this.log = log;
        this.thread = Thread.ofPlatform()
                .name("collector-" + settings.id() + "-share")
                .unstarted(this::run);
    }

    /** What this collector received and has not handed on yet (the forwarder's backlog). */
    @FunctionalInterface
    public interface Received {
        /** Waits until everything received before the call is handed on, at most {@code limit}; true if it was. */
        boolean awaitForwarded(Duration limit) throws InterruptedException;
    }

    /**
     * How long a hand-over waits for the decisions already received to be published by this
     * collector (the group waits for the hand-over; Kafka's default max.poll.interval.ms is 300 s).
     */
    static final Duration RECEIVED_WAIT = Duration.ofSeconds(15);

    public void start() {
        thread.start();
    }

    /** How many times the group has given this collector shares (a rebalance that gave it some). */
    public int generation() {
        return generation;
    }

    /** The failure that stopped the membership, or null. */
    public RuntimeException failure() {
        return failure;
    }

    private void run() {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientProperties.groupConsumer(settings));
                PublishedDecisionsReader reader = new PublishedDecisionsReader(settings)) {
            current = consumer;
            consumer.subscribe(List.of(settings.topics().targets()), new Rebalance(consumer, reader));
            try {
                while (leaving == null) {
                    for (ConsumerRecord<String, String> record :
                            consumer.poll(settings.timing().pollInterval())) {
                        if (record.value() == null) {
                            share.unlist(record.partition(), record.key());
                        } else if (record.key() != null) {
                            share.list(record.partition(), record.key());
                        }
                    }
                }
            } catch (WakeupException stopping) {
                // close() or abandon() woke the poll
            }
            if (leaving == CloseOptions.GroupMembershipOperation.LEAVE_GROUP) {
                // Hand everything over before leaving, so the next holders find every decision stored.
                List<Integer> shares = new ArrayList<>(share.shares());
                forwardReceived(shares);
                share.giveAll();
                shares.forEach(exclusions::handOver);
            }
            consumer.close(CloseOptions.groupMembershipOperation(leaving).withTimeout(Duration.ofSeconds(5)));
        } catch (RuntimeException e) {
            if (leaving == null) {
                failure = e;
                log.accept("the share membership stopped: " + e.getMessage());
            }
        } finally {
            stopped.countDown();
        }
    }

    private final class Rebalance implements ConsumerRebalanceListener {
        private final KafkaConsumer<String, String> consumer;
        private final PublishedDecisionsReader reader;

        Rebalance(KafkaConsumer<String, String> consumer, PublishedDecisionsReader reader) {
            this.consumer = consumer;
            this.reader = reader;
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) {
                return;
            }
            List<Integer> shares =
                    partitions.stream().map(TopicPartition::partition).toList();
            int decisions = reader.load(shares, published);
            shares.forEach(share::take);
            consumer.seekToBeginning(partitions);
            generation++;
            log.accept("took shares " + shares + " (" + decisions + " exclusion decisions already published)");
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            give(partitions, "handed over", true);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            // Not forwarded first: the group moved on already, and the new holder may have loaded the topic.
            give(partitions, "lost (the group moved on without this collector)", false);
        }

        private void give(Collection<TopicPartition> partitions, String how, boolean forwardFirst) {
            if (partitions.isEmpty() || leaving == CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP) {
                return;
            }
            List<Integer> shares =
                    partitions.stream().map(TopicPartition::partition).toList();
            if (forwardFirst) {
                forwardReceived(shares);
            }
            shares.forEach(share::give);
            shares.forEach(exclusions::handOver);
            log.accept("shares " + shares + " " + how);
        }
    }

    /**
     * Before shares go: publishes what was received for them while still holding them. The next
     * holder reads the agents' rings from where they are when it subscribes, so a decision this
     * collector received and had not handed on yet (its forwarder behind, on initial states) would
     * otherwise be lost once the ring moved past it. A backlog longer than {@link #RECEIVED_WAIT} is
     * left to the rings, and said.
     */
    private void forwardReceived(List<Integer> shares) {
        try {
            if (!received.awaitForwarded(RECEIVED_WAIT)) {
                log.accept("shares " + shares + " go with events still queued after " + RECEIVED_WAIT.toSeconds()
                        + " s: their next holder reads them from the agents' rings");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops: hands its shares over and leaves the group, so they move at once. */
    @Override
    public void close() {
        stop(CloseOptions.GroupMembershipOperation.LEAVE_GROUP);
    }

    /**
     * Stops as a crash would: stays in the group without heartbeating, so the group moves its shares
     * only once its session times out.
     */
    public void abandon() {
        stop(CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP);
    }

    private void stop(CloseOptions.GroupMembershipOperation how) {
        if (leaving == null) {
            leaving = how;
        }
        if (thread.isAlive()) {
            try {
                KafkaConsumer<String, String> consumer = current;
                if (consumer != null) {
                    consumer.wakeup(); // the one consumer method safe from another thread
                }
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
