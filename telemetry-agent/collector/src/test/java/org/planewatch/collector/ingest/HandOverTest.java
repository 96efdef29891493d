package org.planewatch.collector.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.collector.publish.DecisionId;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.collector.publish.ExclusionPublisher;
import org.planewatch.collector.publish.ExclusionSink;
import org.planewatch.collector.publish.PublishCounters;
import org.planewatch.collector.publish.PublishedDecisions;
import org.planewatch.collector.testing.GatedUpdateSink;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A collector giving a share away first hands on what it already received (the forwarder's backlog):
 * a decision waiting behind a slow updates topic is published by it, not left to the next holder,
 * which would find it only if the agent's ring still held it (found by the fleet end-to-end test: a
 * flapping link's decisions waiting in the backlog of initial states at the first hand-over were lost).
 */
@Timeout(30)
class HandOverTest {
    private final AtomicLong nowMillis = new AtomicLong(1_000);
    private final InstantSource clock = () -> Instant.ofEpochMilli(nowMillis.get());
    private final IngestQueue queue = new IngestQueue(1_000, 100_000);
    private final GatedUpdateSink updates = new GatedUpdateSink();
    private final List<DecisionId> stored = new CopyOnWriteArrayList<>();
    private final PublishCounters counters = new PublishCounters();
    private final Forwarder forwarder = new Forwarder(
            queue,
            source -> true,
            updates,
            new ExclusionPublisher(new StoringSink(), new PublishedDecisions(), source -> 0, counters),
            counters,
            line -> {},
            clock);

    @Test
    void waitsUntilTheDecisionsReceivedBeforeTheHandOverArePublished() throws Exception {
        Thread forwarding = Thread.ofPlatform().start(forwarder);
        try {
            queue.offer(sample(1_000)); // the updates topic holds this one back
            while (updates.waiting() == 0) {
                Thread.sleep(5);
            }
            queue.offer(decision(1_000, 7));
            nowMillis.set(2_000);

            assertFalse(forwarder.awaitForwarded(Duration.ofMillis(300)), "the backlog is still there");
            assertTrue(stored.isEmpty(), "nothing published while the updates topic holds the forwarder");

            updates.open();
            assertTrue(forwarder.awaitForwarded(Duration.ofSeconds(10)), "the backlog went");
            assertEquals(List.of(new DecisionId("host-1", 7, 1_795_000_000_000_000_007L)), stored);
        } finally {
            forwarder.stop();
            updates.open();
            forwarding.join(5_000);
        }
    }

    @Test
    void returnsAtOnceWhenNothingWaits() throws Exception {
        Thread forwarding = Thread.ofPlatform().start(forwarder);
        try {
            updates.open();
            queue.offer(decision(1_000, 3));
            nowMillis.set(2_000);
            assertTrue(forwarder.awaitForwarded(Duration.ofSeconds(10)));
            assertEquals(1, stored.size(), "the decision received before was published first");
            long started = System.nanoTime();
            assertTrue(forwarder.awaitForwarded(Duration.ofSeconds(10)), "an empty backlog");
            assertTrue(System.nanoTime() - started < Duration.ofSeconds(5).toNanos(), "no wait for the limit");
        } finally {
            forwarder.stop();
            forwarding.join(5_000);
        }
    }

    @Test
    void neverReportsTheBacklogGoneWhileTheForwarderStillHoldsADecision() throws Exception {
        // The forwarder moves an event from the queue into its batch in one step under the queue's
        // lock; a waiter that looked at the batch before the queue could miss it in both places.
        Thread forwarding = Thread.ofPlatform().start(forwarder);
        try {
            updates.open();
            for (int seq = 1; seq <= 2_000; seq++) {
                queue.offer(decision(nowMillis.get(), seq));
                nowMillis.incrementAndGet();
                assertTrue(forwarder.awaitForwarded(Duration.ofSeconds(10)));
                assertEquals(seq, stored.size(), "decision " + seq + " published before the wait returned");
            }
        } finally {
            forwarder.stop();
            forwarding.join(5_000);
        }
    }

    private static IngestEvent.Notification sample(long arrival) {
        return new IngestEvent.Notification(
                "agent-0",
                "host-1",
                1L,
                List.of(new TelemetryUpdate(
                        ExclusionEventRing.RING_STATE.child(ExclusionEventRing.NEXT_SEQ), TelemetryValue.uint(8))),
                List.of(),
                arrival);
    }

    private static IngestEvent.Notification decision(long arrival, long seq) {
        List<TelemetryUpdate> leaves = new ArrayList<>();
        for (String field : ExclusionEventRing.FIELDS) {
            TelemetryValue value = switch (field) {
                case ExclusionEventRing.TIMESTAMP -> TelemetryValue.uint(1_795_000_000_000_000_000L + seq);
                case ExclusionEventRing.QPN, ExclusionEventRing.EV, ExclusionEventRing.PLANE -> TelemetryValue.uint(2);
                default -> TelemetryValue.str(field + "-text");
            };
            leaves.add(new TelemetryUpdate(ExclusionEventRing.field(seq, field), value));
        }
        return new IngestEvent.Notification("agent-0", "host-1", 2L, leaves, List.of(), arrival);
    }

    /** The exclusions topic: stores at once. */
    private final class StoringSink implements ExclusionSink {
        @Override
        public CompletableFuture<Void> publish(ExclusionDecision decision, int share) {
            stored.add(decision.id());
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void flush() {}
    }
}
