package org.planewatch.collector.node;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.planewatch.collector.assign.Share;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.ingest.Forwarder;
import org.planewatch.collector.ingest.Subscriptions;
import org.planewatch.collector.kafka.KafkaExclusionSink;
import org.planewatch.collector.kafka.KafkaUpdateSink;
import org.planewatch.collector.kafka.ShareMembership;
import org.planewatch.collector.kafka.TargetList;
import org.planewatch.collector.kafka.Topics;
import org.planewatch.collector.publish.ExclusionPublisher;
import org.planewatch.collector.publish.PublishCounters;
import org.planewatch.collector.publish.PublishedDecisions;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.ingest.SubscriptionPlan;

/**
 * One running collector: the topics checked, the targets file's entries listed in Kafka, a member
 * of the collectors' group whose shares are subscribed to with gNMI, and a forwarder publishing
 * what the subscriptions stream (ADR 0099). {@link #close} hands the shares over at once; {@link
 * #crash} stops as a killed process would, leaving the group to notice.
 */
public final class Collector implements AutoCloseable {
    /**
     * Notifications and updates waiting between the subscriptions and Kafka, at most; samples past
     * that are coalesced (newest value per leaf), and when the coalescing side is full too they wait,
     * as events do, holding the agents back: nothing is dropped while Kafka takes records within
     * {@link #QUEUE_WAIT} (ADR 0125). Not the paced queue of ADR 0112/0115 (a read credit per
     * response): on the 2,048-host pipeline, reading with credits lost exclusion decisions (a quiet
     * stream held a credit), and with a credit taken on arrival 25 of 20,480 links still had no
     * rollup after 61 s, where this queue has them all in 13 to 30 s with no decision lost.
     */
    static final int QUEUE_EVENTS = 16_384;

    /**
     * Updates in the FIFO at most. Since the queue holds back instead of dropping, its bounds only
     * say how much a collector buffers, not what it loses, so they are a quarter of what they were
     * (4 M updates, 16 M coalesced leaves, both full for half an hour on the full fabric): less heap
     * for a collector that also runs the rollups and the broker (docs/benchmarks.md).
     */
    static final long QUEUE_UPDATES = 1_000_000;
    /** Distinct leaves the coalescing side holds at most. */
    static final long QUEUE_COALESCED_LEAVES = 4 * QUEUE_UPDATES;
    /**
     * How long a subscription waits for room before what it holds is counted lost: long enough for
     * a broker restart or a partition leader moving, which stall the forwarder that long.
     */
    static final Duration QUEUE_WAIT = Duration.ofMinutes(5);

    private final CollectorSettings settings;
    private final PublishCounters counters = new PublishCounters();
    private final IngestQueue queue =
            IngestQueue.holdingBack(QUEUE_EVENTS, QUEUE_UPDATES, QUEUE_COALESCED_LEAVES, QUEUE_WAIT);
    private final ScheduledExecutorService scheduler;
    private final Subscriptions subscriptions;
    private final Share share;
    private final KafkaUpdateSink updates;
    private final KafkaExclusionSink exclusionSink;
    private final ExclusionPublisher exclusions;
    private final Forwarder forwarder;
    private final Thread forwarderThread;
    private final ShareMembership membership;
    private volatile boolean stopped;

    private Collector(CollectorSettings settings, Consumer<String> log) {
        this.settings = settings;
        Consumer<String> logged = line -> log.accept("collector " + settings.id() + ": " + line);
        this.scheduler = Executors.newScheduledThreadPool(
                1,
                Thread.ofPlatform()
                        .daemon()
                        .name("collector-" + settings.id() + "-redial")
                        .factory());
        Forwarder[] forwarderRef = new Forwarder[1];
        this.subscriptions = new Subscriptions(
                settings.targets(),
                SubscriptionPlan.fabricOverview().withSuppressRedundant(settings.suppressRedundant()),
                queue,
                InstantSource.system(),
                scheduler,
                RandomGenerator.getDefault(),
                logged,
                target -> forwarderRef[0].forget(target));
        this.share = new Share(subscriptions);
        this.updates = new KafkaUpdateSink(settings);
        this.exclusionSink = new KafkaExclusionSink(settings);
        PublishedDecisions published = new PublishedDecisions();
        this.exclusions = new ExclusionPublisher(exclusionSink, published, share::shareOf, counters);
        this.forwarder =
                new Forwarder(queue, share::holds, updates, exclusions, counters, logged, InstantSource.system());
        forwarderRef[0] = forwarder;
        this.forwarderThread = Thread.ofPlatform()
                .name("collector-" + settings.id() + "-forward")
                .unstarted(forwarder);
        this.membership =
                new ShareMembership(settings, share, published, exclusions, forwarder::awaitForwarded, logged);
    }

    /**
     * Checks the topics, lists the targets and joins the group. Bad settings and an unreachable
     * cluster are reported as {@link IllegalStateException} with the reason.
     */
    public static Collector start(CollectorSettings settings, Consumer<String> log) {
        Topics.ensure(settings);
        TargetList.publish(settings);
        Collector collector = new Collector(settings, log);
        collector.forwarderThread.start();
        collector.membership.start();
        return collector;
    }

    /** The targets this collector holds now. */
    public Set<String> targets() {
        return share.targets();
    }

    public PublishCounters counters() {
        return counters;
    }

    public IngestQueue queue() {
        return queue;
    }

    /** Why the group membership stopped on its own (the cluster refused it), or null while it runs. */
    public RuntimeException failure() {
        return membership.failure();
    }

    public String id() {
        return settings.id();
    }

    /** Records of updates the cluster did not take (the producer's delivery failed). */
    public long updateRecordsFailed() {
        return updates.failed();
    }

    /** Encoded update bytes handed to Kafka so far. */
    public long updateBytes() {
        return updates.bytes();
    }

    /** Hands every share over, leaves the group, and sends what waits. */
    @Override
    public synchronized void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        membership.close();
        subscriptions.close();
        stopForwarder();
        updates.close();
        exclusionSink.close();
        scheduler.shutdownNow();
    }

    /**
     * Stops as a killed process would: the subscriptions and producers are dropped with nothing
     * flushed, and the group is not told (it moves the shares once the session times out).
     */
    public synchronized void crash() {
        if (stopped) {
            return;
        }
        stopped = true;
        membership.abandon();
        subscriptions.close();
        stopForwarder();
        updates.abandon();
        exclusionSink.abandon();
        scheduler.shutdownNow();
    }

    private void stopForwarder() {
        queue.close(); // subscriptions still waiting for room give up, counted
        forwarder.stop();
        try {
            forwarderThread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
