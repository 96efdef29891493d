package org.planewatch.collector.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A decision is published once: a ring resent after a resubscription publishes only what was not
 * stored yet, a decision that failed to store goes out again, and nothing goes out for a target
 * no longer held.
 */
class ExclusionPublisherTest {
    /** A sink that stores, or fails, each decision when told to. */
    private static final class RecordingSink implements ExclusionSink {
        final List<ExclusionDecision> sent = new ArrayList<>();
        final List<CompletableFuture<Void>> pending = new ArrayList<>();

        @Override
        public synchronized CompletableFuture<Void> publish(ExclusionDecision decision, int share) {
            sent.add(decision);
            CompletableFuture<Void> stored = new CompletableFuture<>();
            pending.add(stored);
            return stored;
        }

        @Override
        public void flush() {}

        void storeAll() {
            List<CompletableFuture<Void>> now;
            synchronized (this) {
                now = List.copyOf(pending);
                pending.clear();
            }
            now.forEach(f -> f.complete(null));
        }
    }

    private static ExclusionDecision decision(String device, long seq, long timestampNs) {
        List<TelemetryUpdate> leaves = new ArrayList<>();
        for (String field : ExclusionEventRing.FIELDS) {
            leaves.add(new TelemetryUpdate(
                    ExclusionEventRing.field(seq, field),
                    field.equals(ExclusionEventRing.TIMESTAMP)
                            ? TelemetryValue.uint(timestampNs)
                            : TelemetryValue.str("x")));
        }
        return new ExclusionDecision("t-" + device, device, seq, leaves);
    }

    @Test
    void aResentRingPublishesOnlyTheDecisionsNotStoredYet() {
        RecordingSink sink = new RecordingSink();
        PublishCounters counters = new PublishCounters();
        ExclusionPublisher publisher = new ExclusionPublisher(sink, new PublishedDecisions(), source -> 0, counters);

        publisher.offer(decision("h", 0, 100));
        publisher.offer(decision("h", 1, 200));
        publisher.offer(decision("h", 1, 200)); // resent while on its way
        sink.storeAll();
        publisher.offer(decision("h", 0, 100)); // the ring resent after a redial
        publisher.offer(decision("h", 1, 200));
        publisher.offer(decision("h", 2, 300));
        publisher.offer(decision("h", 0, 999)); // the agent restarted: number 0 again, another decision
        sink.storeAll();

        assertEquals(4, sink.sent.size());
        assertEquals(4, counters.decisionsPublished.sum());
        assertEquals(3, counters.decisionsAlreadyPublished.sum());
    }

    @Test
    void aDecisionStoredInTheTopicBeforeATakeoverIsNotPublishedAgain() {
        RecordingSink sink = new RecordingSink();
        PublishedDecisions published = new PublishedDecisions();
        published.add(3, decision("h", 7, 70).id()); // what the exclusions partition held when share 3 was taken
        ExclusionPublisher publisher = new ExclusionPublisher(sink, published, source -> 3, new PublishCounters());

        publisher.offer(decision("h", 7, 70));
        publisher.offer(decision("h", 8, 80));

        assertEquals(List.of(8L), sink.sent.stream().map(ExclusionDecision::seq).toList());
    }

    @Test
    void nothingIsPublishedForATargetNoLongerHeld() {
        RecordingSink sink = new RecordingSink();
        PublishCounters counters = new PublishCounters();
        ExclusionPublisher publisher = new ExclusionPublisher(sink, new PublishedDecisions(), source -> -1, counters);

        publisher.offer(decision("h", 0, 1));

        assertEquals(0, sink.sent.size());
        assertEquals(1, counters.handedOver.sum());
    }

    /** A sink whose broker refuses the first {@code failures} sends, as a fenced broker does. */
    private static final class RefusingSink implements ExclusionSink {
        int failures;
        int sends;

        RefusingSink(int failures) {
            this.failures = failures;
        }

        @Override
        public CompletableFuture<Void> publish(ExclusionDecision decision, int share) {
            sends++;
            return sends <= failures
                    ? CompletableFuture.failedFuture(new IllegalStateException("broker fenced"))
                    : CompletableFuture.completedFuture(null);
        }

        @Override
        public void flush() {}
    }

    @Test
    void aDecisionIsSentAgainUntilStoredForAsLongAsItsTargetIsHeld() {
        RefusingSink sink = new RefusingSink(12);
        PublishCounters counters = new PublishCounters();
        List<Duration> waits = new ArrayList<>();
        ExclusionPublisher publisher =
                new ExclusionPublisher(sink, new PublishedDecisions(), source -> 0, counters, (wait, retry) -> {
                    waits.add(wait);
                    retry.run();
                });

        publisher.offer(decision("h", 204, 100));

        assertEquals(13, sink.sends, "twelve refusals, then stored: a held target's ring is not read again");
        assertEquals(1, counters.decisionsPublished.sum());
        assertEquals(12, counters.decisionSendFailures.sum());
        assertEquals(Duration.ofMillis(100), waits.getFirst());
        assertEquals(ExclusionPublisher.MAX_RETRY_WAIT, waits.getLast(), "backing off, not hammering the broker");
    }

    @Test
    void retriesEndWhenTheTargetIsHandedOver() {
        RefusingSink sink = new RefusingSink(Integer.MAX_VALUE);
        PublishCounters counters = new PublishCounters();
        int[] held = {3};
        ExclusionPublisher publisher = new ExclusionPublisher(
                sink,
                new PublishedDecisions(),
                source -> held[0]-- > 0 ? 0 : -1,
                counters,
                (wait, retry) -> retry.run());

        publisher.offer(decision("h", 1, 100));

        assertEquals(3, sink.sends, "the new holder reads the ring and publishes it");
        assertEquals(1, counters.handedOver.sum());
    }
}
