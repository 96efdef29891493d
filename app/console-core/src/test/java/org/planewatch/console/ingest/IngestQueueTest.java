package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class IngestQueueTest {
    private static final long T = 1_795_579_142_160L;

    @TempDir
    Path dir;

    /** What a stream's first response does: decoded (stamped) at T, its STREAMING change stamped and queued first. */
    private static List<IngestEvent> firstResponseQueuedBehindItsStreamingChange() {
        return List.of(
                new IngestEvent.Connection("demo", ConnectionPhase.STREAMING, "", T + 3),
                new IngestEvent.Notification(
                        "demo",
                        "host-0",
                        42,
                        List.of(new TelemetryUpdate(
                                TelemetryPath.parse("mrc:/planes/plane[id=0]/state/oper-status"),
                                TelemetryValue.str("UP"))),
                        List.of(),
                        T));
    }

    @Test
    void drainedEventsNeverGoBackInArrivalTime() throws Exception {
        IngestQueue queue = new IngestQueue(16);
        firstResponseQueuedBehindItsStreamingChange().forEach(queue::offer);
        queue.offer(new IngestEvent.Synced("demo", T + 1));
        List<IngestEvent> first = new ArrayList<>();
        queue.drain(first, 2, 0);
        List<IngestEvent> second = new ArrayList<>();
        queue.offer(new IngestEvent.Connection("demo", ConnectionPhase.FAILED, "gone", T + 7));
        queue.drain(second, 16, 0);

        assertEquals(
                List.of(T + 3, T + 3),
                first.stream().map(IngestEvent::arrivalMillis).toList());
        assertEquals(
                List.of(T + 3, T + 7),
                second.stream().map(IngestEvent::arrivalMillis).toList(),
                "an event stamped before one drained earlier counts as arrived with it");
        IngestEvent.Notification notification = (IngestEvent.Notification) first.get(1);
        assertEquals(
                firstResponseQueuedBehindItsStreamingChange().get(1),
                new IngestEvent.Notification(
                        notification.source(),
                        notification.target(),
                        notification.timestampNs(),
                        notification.updates(),
                        notification.deletes(),
                        T),
                "only the arrival time changes");
    }

    /**
     * The live store applied both events when it had drained the second alone; a replay at that
     * batch's last arrival must show both. With the stamps as they were queued (T+3, then T) the
     * replay at T showed neither: it stops at the first recorded event that arrived after T.
     */
    @Test
    void replayAtTheLastArrivalOfADrainedBatchShowsEveryEventDrainedBeforeIt() throws Exception {
        IngestQueue queue = new IngestQueue(16);
        firstResponseQueuedBehindItsStreamingChange().forEach(queue::offer);
        List<IngestEvent> streaming = new ArrayList<>();
        queue.drain(streaming, 1, 0);
        List<IngestEvent> firstResponse = new ArrayList<>();
        queue.drain(firstResponse, 1, 0);

        Path file = dir.resolve("first-response.pwrec");
        try (RecordingWriter writer =
                RecordingWriter.create(file, new RecordingMetadata("demo", "test", 1000, "test"), T)) {
            writer.append(streaming);
            writer.append(firstResponse);
        }
        List<IngestEvent> applied = new ArrayList<>(streaming);
        applied.addAll(firstResponse);
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(
                    applied, reader.cursor().advanceTo(firstResponse.getLast().arrivalMillis()));
        }
    }

    private static IngestEvent.Notification sample(String target, long value, long arrival) {
        return new IngestEvent.Notification(
                "demo",
                target,
                value,
                List.of(new TelemetryUpdate(
                        TelemetryPath.parse("mrc:/planes/plane[id=0]/state/tx-pkts"), TelemetryValue.uint(value))),
                List.of(),
                arrival);
    }

    private static IngestEvent.Notification decision(long seq, long arrival) {
        return new IngestEvent.Notification(
                "demo",
                "host-0",
                seq,
                List.of(
                        new TelemetryUpdate(
                                TelemetryPath.parse("mrc:/planes/plane[id=0]/state/tx-pkts"), TelemetryValue.uint(seq)),
                        new TelemetryUpdate(
                                TelemetryPath.parse("mrc:/events/event[seq=" + seq + "]/state/reason"),
                                TelemetryValue.str("trimmed"))),
                List.of(),
                arrival);
    }

    @Test
    void whileSamplesCoalesceADecisionQueuesWholeAndItsCountersJoinTheNewestValues() throws Exception {
        IngestQueue queue = new IngestQueue(4, 4);
        queue.offer(sample("host-0", 1, T));
        queue.offer(sample("host-0", 2, T + 600)); // beyond the FIFO's share for samples: coalescing starts
        queue.offer(decision(7, T + 601));
        queue.offer(sample("host-0", 3, T + 602));
        List<IngestEvent> drained = new ArrayList<>();
        queue.drain(drained, 16, 0);

        assertEquals(3, drained.size(), drained.toString());
        IngestEvent.Notification decision = (IngestEvent.Notification) drained.get(1);
        assertEquals(
                List.of("mrc:/events/event[seq=7]/state/reason"),
                decision.updates().stream().map(u -> u.path().toString()).toList(),
                "the decision is queued, its counter coalesced");
        IngestEvent.Notification newest = (IngestEvent.Notification) drained.get(2);
        assertEquals(
                List.of(TelemetryValue.uint(3)),
                newest.updates().stream().map(TelemetryUpdate::value).toList());
        assertEquals(2, queue.coalescedUpdates());
        assertEquals(0, queue.eventsLost());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aDecisionWaitsForRoomAndIsCountedLostOnlyAfterTheBound() throws Exception {
        IngestQueue queue = new IngestQueue(2, 100, 100, Duration.ofSeconds(5));
        queue.offer(decision(1, T));
        queue.offer(decision(2, T));
        Thread producer = Thread.ofPlatform().start(() -> queue.offer(decision(3, T)));
        producer.join(300);
        assertTrue(producer.isAlive(), "a full queue holds the network thread back instead of dropping the decision");
        List<IngestEvent> drained = new ArrayList<>();
        queue.drain(drained, 1, 0);
        producer.join(5000);
        queue.drain(drained, 16, 0);
        assertEquals(3, drained.size());
        assertEquals(0, queue.eventsLost());

        IngestQueue stuck = new IngestQueue(1, 100, 100, Duration.ofMillis(200));
        stuck.offer(decision(1, T));
        stuck.offer(decision(2, T)); // nobody drains: given up after the bound, and counted
        assertEquals(1, stuck.eventsLost());
        assertEquals(1, stuck.depth());
    }

    /** A device's initial state of {@code leaves} counters, as a sample (no decision in it). */
    private static IngestEvent.Notification initialState(String target, int leaves, long arrival) {
        List<TelemetryUpdate> updates = new ArrayList<>();
        for (int i = 0; i < leaves; i++) {
            updates.add(new TelemetryUpdate(
                    TelemetryPath.parse("openconfig:/interfaces/interface[name=eth" + i + "]/state/counters/in-pkts"),
                    TelemetryValue.uint(i)));
        }
        return new IngestEvent.Notification("demo", target, arrival, updates, List.of(), arrival);
    }

    /**
     * ADR 0125: a collector's queue drops no sample while its owner drains. The console's queue,
     * behind, drops the new leaves the coalescing side has no room for; a collector's makes the
     * network thread wait for that room (holding the agent back) and counts a loss only after the bound.
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aHoldingBackQueueMakesASampleWaitForCoalescingRoomWhereTheConsolesDropsIt() throws Exception {
        IngestQueue console = new IngestQueue(2, 4, 10, Duration.ofSeconds(5));
        console.offer(initialState("host-0", 1, T)); // the FIFO's share for samples is full
        console.offer(initialState("host-1", 6, T)); // coalesced
        console.offer(initialState("host-2", 6, T)); // 12 leaves > 10: dropped at once
        assertEquals(6, console.droppedUpdates(), "the console's queue drops what does not fit");

        IngestQueue collector = IngestQueue.holdingBack(2, 4, 10, Duration.ofSeconds(5));
        collector.offer(initialState("host-0", 1, T));
        collector.offer(initialState("host-1", 6, T));
        Thread producer = Thread.ofPlatform().start(() -> collector.offer(initialState("host-2", 6, T + 1)));
        producer.join(300);
        assertTrue(producer.isAlive(), "the network thread waits for room instead of dropping host-2's leaves");
        List<IngestEvent> drained = new ArrayList<>();
        collector.drain(drained, 16, 0); // host-0 from the FIFO, then host-1 from the coalescing side
        producer.join(5_000);
        collector.drain(drained, 16, 0);
        assertEquals(
                List.of("host-0", "host-1", "host-2"),
                drained.stream()
                        .map(e -> ((IngestEvent.Notification) e).target())
                        .toList());
        assertEquals(
                List.of(1, 6, 6),
                drained.stream()
                        .map(e -> ((IngestEvent.Notification) e).updates().size())
                        .toList());
        assertEquals(0, collector.droppedUpdates());

        IngestQueue stuck = IngestQueue.holdingBack(2, 4, 10, Duration.ofMillis(200));
        stuck.offer(initialState("host-0", 1, T));
        stuck.offer(initialState("host-1", 6, T));
        stuck.offer(initialState("host-2", 6, T)); // nobody drains: given up after the bound, and counted
        assertEquals(1, stuck.droppedNotifications());
        assertEquals(6, stuck.droppedUpdates());
    }

    /**
     * A collector hands a target over while its subscription's thread waits for room: closing the
     * subscription interrupts the wait. The waiting notification is let go, not lost (the target's
     * next holder gets its whole state), so it is not counted as dropped (one refused after the
     * bound still is: {@link #aHoldingBackQueueMakesASampleWaitForCoalescingRoomWhereTheConsolesDropsIt}).
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aWaitEndedByItsSourceClosingIsCountedAsLetGoNotDropped() throws Exception {
        IngestQueue collector = IngestQueue.holdingBack(2, 4, 10, Duration.ofSeconds(10));
        collector.offer(initialState("host-0", 1, T));
        collector.offer(initialState("host-1", 6, T)); // the coalescing side holds 6 of 10 leaves
        Thread sampleWaiting = Thread.ofPlatform().start(() -> collector.offer(initialState("host-2", 6, T + 1)));
        Thread decisionWaiting = Thread.ofPlatform().start(() -> {
            collector.offer(decision(1, T + 2));
            collector.offer(decision(2, T + 2)); // the FIFO is full: this one waits
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((sampleWaiting.getState() != Thread.State.TIMED_WAITING
                        || decisionWaiting.getState() != Thread.State.TIMED_WAITING)
                && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        sampleWaiting.interrupt(); // the subscription closing: GnmiTargetClient.close shuts its callback thread down
        decisionWaiting.interrupt();
        sampleWaiting.join(5_000);
        decisionWaiting.join(5_000);

        IngestQueue.Totals totals = collector.totals();
        assertEquals(2, totals.abandonedNotifications(), "host-2's sample and decision 2, whose sources closed");
        assertEquals(7, totals.abandonedUpdates());
        assertEquals(0, totals.droppedNotifications(), "nothing counted dropped: nothing the queue gave up on");
        assertEquals(0, totals.eventsLost());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aSourceHeldBackByAFullQueueCountsAsHeardAndTheWaitAsTheConsoleBehind() throws Exception {
        IngestQueue queue = new IngestQueue(2, 100, 100, Duration.ofSeconds(10));
        queue.offer(decision(1, T));
        queue.offer(decision(2, T));
        queue.drain(new ArrayList<>(), 16, 0); // the owner took both: nothing waits, none of it is late
        queue.offer(decision(3, T + 100));
        queue.offer(decision(4, T + 100));
        Thread producer = Thread.ofPlatform().start(() -> queue.offer(decision(5, T + 200)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (producer.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        long now = T + 5_000; // the owner has been busy for seconds: the agent kept sending, the console did not read
        assertEquals(
                now,
                queue.lastHeardMillis(now).get("demo"),
                "a source whose decision waits for room is streaming, not silent");
        assertEquals(now - (T + 100), queue.behindMillis(now), "the oldest waiting event, queued or not yet");

        List<IngestEvent> drained = new ArrayList<>();
        queue.drain(drained, 16, 0);
        producer.join(5_000);
        assertEquals(T + 200, queue.lastHeardMillis(now).get("demo"), "once queued, its own arrival again");
    }

    private static IngestEvent.Notification plane(long arrival, Object... pathsAndValues) {
        List<TelemetryUpdate> updates = new ArrayList<>();
        for (int i = 0; i < pathsAndValues.length; i += 2) {
            // a new path object each time: shapes are matched by value, not only by identity
            updates.add(new TelemetryUpdate(
                    TelemetryPath.parse("mrc:/planes/plane[id=0]/state/" + pathsAndValues[i]),
                    (TelemetryValue) pathsAndValues[i + 1]));
        }
        return new IngestEvent.Notification("demo", "host-0", arrival, updates, List.of(), arrival);
    }

    /**
     * A device's pending values are kept by position in the list of paths its first pending
     * notification had, and by path for leaves outside it (ADR 0108): whatever lists later
     * notifications bring, the value the state keeps after a drain is the newest one sent.
     */
    @Test
    void coalescedListsThatShareALeafLeaveItsNewestValue() throws Exception {
        IngestQueue queue = new IngestQueue(4, 4);
        queue.offer(plane(T, "tx-pkts", TelemetryValue.uint(1), "rx-pkts", TelemetryValue.uint(1)));
        queue.offer(plane(T + 1, "rx-pkts", TelemetryValue.uint(2), "port-name", TelemetryValue.str("eth2")));
        queue.offer(plane(T + 2, "tx-pkts", TelemetryValue.uint(3), "rx-pkts", TelemetryValue.uint(3)));
        queue.offer(plane(T + 3, "retransmits", new TelemetryValue.Int(-4), "port-name", TelemetryValue.str("eth3")));
        List<IngestEvent> drained = new ArrayList<>();
        queue.drain(drained, 16, 0);

        assertEquals(
                java.util.Map.of(
                        "tx-pkts", TelemetryValue.uint(3),
                        "rx-pkts", TelemetryValue.uint(3),
                        "port-name", TelemetryValue.str("eth3"),
                        "retransmits", new TelemetryValue.Int(-4)),
                kept(drained));
        assertEquals(1, drained.size(), "one notification for the device");
        assertEquals(4, queue.coalescedUpdates(), "rx-pkts, then tx-pkts and rx-pkts, then port-name replaced");
        assertEquals(0, queue.totals().coalescedLeaves(), "everything taken");
    }

    /**
     * An agent that sends only what changed lists different leaves every time: each leaf must still
     * wait once, however many lists went by, and nothing be dropped (a pending notification per list
     * filled the coalescing side's bound and dropped 95 million updates in a first try).
     */
    @Test
    void listsThatNeverRepeatStillWaitAsOneValuePerLeaf() throws Exception {
        IngestQueue queue = new IngestQueue(4, 4, 200, Duration.ofSeconds(1));
        java.util.SplittableRandom random = new java.util.SplittableRandom(108);
        java.util.Map<String, TelemetryValue> newest = new java.util.TreeMap<>();
        for (int n = 0; n < 2_000; n++) {
            List<Object> pathsAndValues = new ArrayList<>();
            for (int leaf = 0; leaf < 100; leaf++) {
                if (random.nextInt(4) == 0) {
                    TelemetryValue value = TelemetryValue.uint(n * 100L + leaf);
                    pathsAndValues.add("c" + leaf);
                    pathsAndValues.add(value);
                    newest.put("c" + leaf, value);
                }
            }
            queue.offer(plane(T + n, pathsAndValues.toArray()));
            assertTrue(queue.totals().coalescedLeaves() <= 100, "at most one value per leaf waits");
        }
        List<IngestEvent> drained = new ArrayList<>();
        queue.drain(drained, 16, 0);

        assertEquals(0, queue.droppedUpdates(), "nothing dropped");
        assertEquals(newest, kept(drained));
    }

    /**
     * Issue 20 item 3: at 9,728 devices the last devices to report waited a whole round of the
     * coalesced fabric (a minute) before the owner was handed them. A device never handed over goes
     * before devices that waited longer; how far behind the console is still counts from the oldest.
     */
    @Test
    void aDeviceNeverHandedOverGoesBeforeDevicesThatWaitedLonger() throws Exception {
        IngestQueue queue = new IngestQueue(4, 4);
        List<IngestEvent> drained = new ArrayList<>();
        queue.offer(sample("host-0", 1, T));
        queue.drain(drained, 16, 0);
        queue.offer(sample("host-1", 1, T + 1));
        queue.drain(drained, 16, 0);
        drained.clear();
        queue.offer(sample("host-0", 2, T + 2)); // queued
        queue.offer(sample("host-1", 2, T + 600)); // waited past SAMPLE_WAIT behind it: coalescing starts
        queue.offer(sample("host-0", 3, T + 601));
        queue.offer(sample("host-9", 1, T + 602)); // never seen
        assertEquals(600 - 2, queue.behindMillis(T + 600), "behind from the oldest queued");
        queue.drain(drained, 1, 0);
        assertEquals(600, queue.behindMillis(T + 1200), "behind from the oldest coalesced, not the newcomer");
        queue.drain(drained, 16, 0);

        assertEquals(
                List.of("host-0", "host-9", "host-1", "host-0"),
                drained.stream()
                        .map(e -> ((IngestEvent.Notification) e).target())
                        .toList());
    }

    /** The values the state keeps from drained notifications, applied in order. */
    private static java.util.Map<String, TelemetryValue> kept(List<IngestEvent> drained) {
        java.util.Map<String, TelemetryValue> kept = new java.util.TreeMap<>();
        for (IngestEvent event : drained) {
            for (TelemetryUpdate update : ((IngestEvent.Notification) event).updates()) {
                kept.put(update.path().last().name(), update.value());
            }
        }
        return kept;
    }
}
