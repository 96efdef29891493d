package org.planewatch.collector.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.collector.publish.ExclusionPublisher;
import org.planewatch.collector.publish.ExclusionSink;
import org.planewatch.collector.publish.PublishCounters;
import org.planewatch.collector.publish.PublishedDecisions;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.GatedUpdateSink;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.ingest.ReadCredits;
import org.planewatch.console.ingest.SubscriptionPlan;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.testing.Closing;

/**
 * A collector's subscriptions and forwarder over the real agent on loopback (16 devices, a stream
 * each, over two connections) while its updates sink takes nothing: the agents are held back
 * instead of the collector coalescing or dropping, and once the sink takes again every device's
 * initial state arrives whole and in order (ADR 0112).
 */
class ForwardingUnderBackPressureTest {
    /** Responses the collector may hold decoded: far less than the 16 devices' initial states. */
    private static final int BOUND = 8;
    /** Beside the responses: each connection's CONNECTING and each stream's STREAMING. */
    private static final int CONNECTION_CHANGES = 2 + 16;

    @AutoClose
    private final Closing closing = new Closing();

    private static final class NoExclusions implements ExclusionSink {
        @Override
        public CompletableFuture<Void> publish(ExclusionDecision decision, int share) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void flush() {}
    }

    @Test
    @Timeout(60)
    void aStalledSinkHoldsTheAgentBackWithinTheBoundAndLosesNothingOnceItTakesAgain(@TempDir Path dir)
            throws Exception {
        CollectorTargets targets = pausedAgent(dir);
        Map<String, List<String>> expected = leaves(DirectRead.read(targets, 16, Duration.ZERO));

        IngestQueue queue = IngestQueue.paced(BOUND);
        GatedUpdateSink sink = new GatedUpdateSink();
        PublishCounters counters = new PublishCounters();
        forwardAll(targets, queue, sink, counters);

        // Held back: the forwarder waits on the sink with its batch, and the streams wait for credits.
        ReadCredits credits = queue.credits().orElseThrow();
        await(() -> sink.waiting() == 1 && credits.paused() > 0, "the streams waiting for read credits");
        IngestQueue.Totals held = queue.totals();
        assertEquals(0, held.coalescedUpdates(), "nothing coalesced");
        assertEquals(0, held.droppedNotifications(), "nothing dropped");
        assertTrue(
                credits.taken() <= BOUND && held.queuedEvents() <= BOUND + CONNECTION_CHANGES,
                "at most " + BOUND + " responses read ahead of the sink, got " + credits.taken() + " credits taken and "
                        + held.queuedEvents() + " events queued");

        sink.open();
        await(() -> startsWith(leaves(sink.taken()), expected), "every device's initial state through the sink");
        Map<String, List<String>> through = leaves(sink.taken());
        expected.forEach((device, leaves) -> assertEquals(
                leaves,
                through.get(device).subList(0, leaves.size()),
                device + "'s initial state in its agent's order"));
        assertEquals(0, queue.totals().coalescedUpdates());
        assertEquals(0, counters.droppedNotifications.sum());
    }

    /**
     * The queue a collector runs with (ADR 0125): its FIFO and coalescing side far smaller than the
     * 16 devices' initial states. While the sink takes nothing the FIFO fills, samples coalesce, and
     * once the coalescing side is full the subscriptions wait instead of dropping; once the sink takes
     * again every leaf of every initial state reaches it, in records no larger than an agent's
     * notifications. The console's queue, with the same bounds, drops leaves here.
     */
    @Test
    @Timeout(60)
    void aFullCoalescingSideHoldsTheAgentBackAndEveryInitialStateReachesTheSinkWhole(@TempDir Path dir)
            throws Exception {
        CollectorTargets targets = pausedAgent(dir);
        Map<String, List<String>> expected = leaves(DirectRead.read(targets, 16, Duration.ZERO));
        long total = expected.values().stream().mapToLong(List::size).sum();
        // Room for two devices' states: any notification fits alone, the 16 states overflow it many times.
        long coalescedLeaves =
                2L * expected.values().stream().mapToInt(List::size).max().orElseThrow();
        assertTrue(total > 4 * coalescedLeaves, "the initial states (" + total + " leaves) overflow both sides");

        // Room in the FIFO for every stream's connection changes and sync markers (34 events): a connection
        // waits only for the coalescing side, as at scale (16,384 events, ADR 0125), not for an event's room.
        IngestQueue queue = IngestQueue.holdingBack(64, 100, coalescedLeaves, Duration.ofSeconds(30));
        GatedUpdateSink sink = new GatedUpdateSink();
        PublishCounters counters = new PublishCounters();
        forwardAll(targets, queue, sink, counters);

        await(
                () -> sink.waiting() == 1 && queue.totals().coalescedLeaves() > coalescedLeaves / 2,
                "the sink stalled and samples coalescing");
        Thread.sleep(500); // the subscriptions run into the full coalescing side meanwhile
        assertEquals(0, queue.totals().droppedUpdates(), "nothing dropped while the sink takes nothing");
        assertTrue(queue.totals().coalescedLeaves() <= coalescedLeaves, "the coalescing side within its bound");
        long waiting = threadsWaitingInTheQueue();
        assertTrue(
                waiting >= 1 && waiting <= 2,
                "the subscriptions wait on one thread per connection (2), not one per stream (16): " + waiting
                        + " threads wait in the queue");

        sink.open();
        await(
                () -> expected.entrySet().stream()
                        .allMatch(e -> java.util.Set.copyOf(leaves(sink.taken()).getOrDefault(e.getKey(), List.of()))
                                .containsAll(e.getValue())),
                "every leaf of every initial state through the sink");
        assertEquals(0, queue.totals().droppedUpdates());
        assertEquals(0, counters.droppedNotifications.sum());
        for (IngestEvent.Notification record : sink.taken()) {
            assertTrue(
                    record.updates().size() <= Forwarder.MAX_UPDATES_PER_RECORD,
                    record.target() + " published " + record.updates().size() + " updates in one record");
        }
    }

    /** Live threads inside {@link IngestQueue#offer}: network threads waiting for room. */
    private static long threadsWaitingInTheQueue() {
        return Thread.getAllStackTraces().values().stream()
                .filter(stack -> java.util.Arrays.stream(stack)
                        .anyMatch(frame -> frame.getClassName().equals(IngestQueue.class.getName())
                                && frame.getMethodName().equals("offer")))
                .count();
    }

    /**
     * The simulated agent on loopback, standing still (no sample comes between the initial states),
     * its 16 devices in a targets file of two entries.
     */
    private CollectorTargets pausedAgent(Path dir) throws Exception {
        SimAgent agent = SimAgent.start();
        closing.add(agent);
        agent.pause(true);
        return CollectorTargets.read(agent.writeTargetsFile(dir.resolve("targets.yaml"), 2));
    }

    /** A forwarder from {@code queue} into {@code sink}, and both agents' targets subscribed into the queue. */
    private void forwardAll(
            CollectorTargets targets, IngestQueue queue, GatedUpdateSink sink, PublishCounters counters) {
        Forwarder forwarder = new Forwarder(
                queue,
                source -> true,
                sink,
                new ExclusionPublisher(new NoExclusions(), new PublishedDecisions(), source -> 0, counters),
                counters,
                line -> {},
                InstantSource.system());
        Thread forwarding = Thread.ofPlatform().name("forward").start(forwarder);
        closing.add(() -> {
            forwarder.stop();
            sink.open();
            forwarding.join(5_000);
        });
        Subscriptions subscriptions = subscriptions(targets, queue);
        subscriptions.gained("agent-0", 0);
        subscriptions.gained("agent-1", 1);
    }

    private Subscriptions subscriptions(CollectorTargets targets, IngestQueue queue) {
        Subscriptions subscriptions = new Subscriptions(
                targets,
                SubscriptionPlan.fabricOverview(),
                queue,
                InstantSource.system(),
                closing.scheduler(),
                RandomGenerator.getDefault(),
                line -> {},
                target -> {});
        closing.add(subscriptions);
        return subscriptions;
    }

    /** Whether every device has at least its {@code expected} leaves in {@code through} (samples may follow). */
    private static boolean startsWith(Map<String, List<String>> through, Map<String, List<String>> expected) {
        return expected.entrySet().stream()
                .allMatch(e -> through.getOrDefault(e.getKey(), List.of()).size()
                        >= e.getValue().size());
    }

    private static Map<String, List<String>> leaves(List<IngestEvent.Notification> notifications) {
        Map<String, List<String>> byDevice = new HashMap<>();
        for (IngestEvent.Notification n : notifications) {
            for (TelemetryUpdate update : n.updates()) {
                // paths, not values: a paused simulation may still finish the step it was in
                byDevice.computeIfAbsent(n.target(), d -> new ArrayList<>())
                        .add(update.path().toString());
            }
        }
        return byDevice;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " within 30 s");
            Thread.sleep(20);
        }
    }
}
