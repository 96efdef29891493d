package org.planewatch.collector.publish;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * Publishes each exclusion decision once: a decision the exclusions topic already holds (in {@link
 * PublishedDecisions}) or one on its way there is skipped; a decision is marked published only once
 * the broker acknowledged it (acks=all), so a send that failed leaves it unpublished and the next
 * time the ring is read (a resubscription, another collector's takeover) publishes it. A failed send
 * is also retried for as long as the target is held, backing off to {@link #MAX_RETRY_WAIT}: a
 * target held throughout is not read again, so a decision given up on would be lost (two were, while
 * a starved broker was fenced for seconds at a time, found by {@code FleetPipelineBench}). Deciding and sending happen under one lock that
 * {@link #handOver} takes too: after a hand-over returns, nothing more is sent for the share.
 */
public final class ExclusionPublisher {
    static final Duration FIRST_RETRY_WAIT = Duration.ofMillis(100);
    static final Duration MAX_RETRY_WAIT = Duration.ofSeconds(5);

    /** Runs a retry after a wait, off the producer's I/O thread (a send from its callback could block it). */
    @FunctionalInterface
    public interface RetryScheduler {
        void after(Duration wait, Runnable retry);

        /** A virtual thread that sleeps, then retries; an interrupt (the JVM going down) gives the retry up. */
        RetryScheduler SLEEPING_VIRTUAL_THREAD =
                (wait, retry) -> Thread.ofVirtual().start(() -> {
                    try {
                        Thread.sleep(wait);
                    } catch (InterruptedException e) {
                        return;
                    }
                    retry.run();
                });
    }

    private final ExclusionSink sink;
    private final PublishedDecisions published;
    private final ToIntFunction<String> shareOfSource;
    private final PublishCounters counters;
    private final RetryScheduler retries;
    private final Map<DecisionId, ExclusionDecision> inFlight = new HashMap<>();

    /** @param shareOfSource the share a target is held in, -1 when it is not held */
    public ExclusionPublisher(
            ExclusionSink sink,
            PublishedDecisions published,
            ToIntFunction<String> shareOfSource,
            PublishCounters counters) {
        this(sink, published, shareOfSource, counters, RetryScheduler.SLEEPING_VIRTUAL_THREAD);
    }

    public ExclusionPublisher(
            ExclusionSink sink,
            PublishedDecisions published,
            ToIntFunction<String> shareOfSource,
            PublishCounters counters,
            RetryScheduler retries) {
        this.sink = sink;
        this.published = published;
        this.shareOfSource = shareOfSource;
        this.counters = counters;
        this.retries = retries;
    }

    public void offer(ExclusionDecision decision) {
        offer(decision, 0);
    }

    private synchronized void offer(ExclusionDecision decision, int attempt) {
        int share = shareOfSource.applyAsInt(decision.source());
        if (share < 0) {
            counters.handedOver.increment();
            return;
        }
        DecisionId id = decision.id();
        if (published.contains(share, id) || inFlight.containsKey(id)) {
            counters.decisionsAlreadyPublished.increment();
            return;
        }
        inFlight.put(id, decision);
        sink.publish(decision, share).whenComplete((ok, error) -> acknowledged(decision, share, error, attempt));
    }

    private void acknowledged(ExclusionDecision decision, int share, Throwable error, int attempt) {
        synchronized (this) {
            inFlight.remove(decision.id());
            if (error == null) {
                published.add(share, decision.id());
                counters.decisionsPublished.increment();
                return;
            }
            counters.decisionSendFailures.increment();
        }
        // The retry checks again that the target is held: a share handed over ends it.
        retries.after(retryWait(attempt), () -> offer(decision, attempt + 1));
    }

    static Duration retryWait(int attempt) {
        long millis = FIRST_RETRY_WAIT.toMillis() << Math.min(attempt, 20);
        return Duration.ofMillis(Math.min(millis, MAX_RETRY_WAIT.toMillis()));
    }

    /**
     * Share {@code share} goes to another collector: waits for what is on its way to be stored (its
     * new holder reads the partition after this returns) and forgets the share.
     */
    public void handOver(int share) {
        synchronized (this) {
            // A barrier: an offer that passed its ownership check has handed its record to the sink.
        }
        sink.flush();
        synchronized (this) {
            published.forget(share);
        }
    }

    public synchronized int inFlight() {
        return inFlight.size();
    }
}
