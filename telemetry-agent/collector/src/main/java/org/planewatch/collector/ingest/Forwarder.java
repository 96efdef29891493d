package org.planewatch.collector.ingest;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.collector.publish.ExclusionPublisher;
import org.planewatch.collector.publish.PublishCounters;
import org.planewatch.collector.publish.UpdateSink;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;

/**
 * The one thread between the subscriptions and Kafka: drains the ingest queue, hands every
 * notification of a held target to the updates sink, and every exclusion decision its ring leaves
 * complete to the {@link ExclusionPublisher}. Events of a target no longer held are left to its new
 * holder. Connection failures are logged once per change of phase.
 */
public final class Forwarder implements Runnable {
    /** Events taken from the queue at once (their credits go back to the subscriptions as they are taken). */
    private static final int BATCH_EVENTS = 1_024;
    /** Updates taken at once, at most (past the first event): what the forwarder holds beside the queue. */
    private static final long BATCH_UPDATES = 65_536;
    /**
     * Updates in one record at most, as an agent puts in one notification (1,000 by default, about
     * 120 KB of a switch's leaves): the queue hands over a device's coalesced values as one
     * notification, and a switch's whole initial state (20,000 leaves, 2.3 MB) is more than a Kafka
     * record may be by default (max.request.size, message.max.bytes: 1 MB); the producer refused it.
     */
    static final int MAX_UPDATES_PER_RECORD = 1_000;

    private final IngestQueue queue;
    private final Predicate<String> holds;
    private final UpdateSink updates;
    private final ExclusionPublisher exclusions;
    private final PublishCounters counters;
    private final Consumer<String> log;
    private final DecisionAssembler assembler = new DecisionAssembler();
    private final ConcurrentLinkedQueue<String> forgotten = new ConcurrentLinkedQueue<>();
    private volatile boolean stopped;
    private final InstantSource clock;
    /** When the last event handed on arrived (events are drained in arrival order). */
    private volatile long forwardedArrivalMillis = Long.MIN_VALUE;
    /** Between the drain taking a batch's first event and the batch handed on. */
    private volatile boolean busy;
    /** The failure last logged per target, until it streams again. Forwarder thread only. */
    private final java.util.Map<String, String> failing = new java.util.HashMap<>();

    public Forwarder(
            IngestQueue queue,
            Predicate<String> holds,
            UpdateSink updates,
            ExclusionPublisher exclusions,
            PublishCounters counters,
            Consumer<String> log,
            InstantSource clock) {
        this.clock = clock;
        this.queue = queue;
        this.holds = holds;
        this.updates = updates;
        this.exclusions = exclusions;
        this.counters = counters;
        this.log = log;
    }

    /** {@code source} is no longer held: its incomplete decisions are dropped (any thread). */
    public void forget(String source) {
        forgotten.add(source);
    }

    public void stop() {
        stopped = true;
    }

    /**
     * Waits until every event that arrived before this call has been handed on, at most {@code
     * limit}; true when it was. A collector giving a share away calls it while it still holds the
     * share, so the decisions it already received are published by it: left to the next holder, they
     * would be lost whenever the agent's ring moved past them before that holder subscribed (a
     * flapping link fills a ring of 256 in a few seconds, and a hand-over takes about as long).
     */
    public boolean awaitForwarded(Duration limit) throws InterruptedException {
        long arrivedBefore = clock.millis();
        long deadline = System.nanoTime() + limit.toNanos();
        // The queue before the batch: the drain marks the batch busy before the event leaves the queue,
        // so a queue seen empty means a batch already marked; read the other way round, an event
        // drained between the two reads was in neither place.
        while (forwardedArrivalMillis < arrivedBefore && (queue.depth() > 0 || busy)) {
            if (stopped || System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    @Override
    public void run() {
        // Busy from the moment the drain moves an event out of the queue (under the queue's lock, so
        // awaitForwarded never sees the queue empty with an event in neither place).
        List<IngestEvent> batch = new ArrayList<>(BATCH_EVENTS) {
            @Override
            public boolean add(IngestEvent event) {
                busy = true;
                return super.add(event);
            }
        };
        while (!stopped) {
            try {
                queue.drain(batch, BATCH_EVENTS, BATCH_UPDATES, 200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (String source; (source = forgotten.poll()) != null; ) {
                assembler.forget(source);
                failing.remove(source);
            }
            for (IngestEvent event : batch) {
                forward(event);
                forwardedArrivalMillis = event.arrivalMillis();
            }
            batch.clear();
            busy = false;
        }
    }

    /**
     * Hands {@code notification} to the sink, trying again for as long as it refuses (full: Kafka
     * slower than the agents): this thread waiting is what holds the agents back, since the
     * subscriptions read only what the queue has room for (ADR 0112). False only when stopped first.
     */
    private boolean publish(IngestEvent.Notification notification) {
        boolean refused = false;
        while (!stopped) {
            if (updates.publish(notification)) {
                if (refused) {
                    log.accept("the updates topic takes notifications again");
                }
                return true;
            }
            if (!refused) {
                refused = true;
                log.accept("the updates topic takes no more for now: holding the agents back until it does");
            }
        }
        return false;
    }

    /** {@code notification} in records of at most {@link #MAX_UPDATES_PER_RECORD} updates, deletes in the first. */
    static List<IngestEvent.Notification> records(IngestEvent.Notification notification) {
        List<TelemetryUpdate> updates = notification.updates();
        if (updates.size() <= MAX_UPDATES_PER_RECORD) {
            return List.of(notification);
        }
        List<IngestEvent.Notification> records = new ArrayList<>();
        for (int from = 0; from < updates.size(); from += MAX_UPDATES_PER_RECORD) {
            records.add(new IngestEvent.Notification(
                    notification.source(),
                    notification.target(),
                    notification.timestampNs(),
                    slice(updates, from, Math.min(updates.size(), from + MAX_UPDATES_PER_RECORD)),
                    from == 0 ? notification.deletes() : List.of(),
                    notification.arrivalMillis()));
        }
        return records;
    }

    private static List<TelemetryUpdate> slice(List<TelemetryUpdate> updates, int from, int to) {
        // Columns slice without an object per update (the queue hands coalesced values over as columns).
        return updates instanceof UpdateColumns columns ? columns.slice(from, to) : updates.subList(from, to);
    }

    private void forward(IngestEvent event) {
        if (!holds.test(event.source())) {
            counters.handedOver.increment();
            return;
        }
        switch (event) {
            case IngestEvent.Notification notification -> {
                for (IngestEvent.Notification record : records(notification)) {
                    if (publish(record)) {
                        counters.notifications.increment();
                        counters.updates.add(record.updates().size());
                    } else {
                        counters.droppedNotifications.increment();
                    }
                }
                for (ExclusionDecision decision : assembler.accept(notification)) {
                    exclusions.offer(decision);
                }
            }
            case IngestEvent.Connection connection -> {
                if (connection.phase() == ConnectionPhase.FAILED) {
                    // Once per target and kind of failure until it streams again: a target that keeps
                    // refusing is redialled every few hundred ms, and a line per redial flooded the log.
                    String detail = connection.detail();
                    int retry = detail.indexOf("; retrying");
                    String failure = retry < 0 ? detail : detail.substring(0, retry);
                    if (!failure.equals(failing.put(connection.source(), failure))) {
                        log.accept("target '" + connection.source() + "': " + failure + " (retrying until it answers)");
                    }
                } else if (connection.phase() == ConnectionPhase.STREAMING
                        && failing.remove(connection.source()) != null) {
                    log.accept("target '" + connection.source() + "': streaming again");
                }
            }
            case IngestEvent.Synced synced -> {
                // the initial state (the whole ring included) has arrived; nothing to do
            }
            case IngestEvent.Rollup rollup -> {
                // only a fleet recording's replay makes these; agents never send them
            }
        }
    }
}
