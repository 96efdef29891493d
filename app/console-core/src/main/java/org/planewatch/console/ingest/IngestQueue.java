package org.planewatch.console.ingest;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;

/**
 * The one hand-over point from network threads to the state owner (ADR 0098). Two bounded parts
 * behind one lock:
 *
 * <ul>
 *   <li>a FIFO in arrival order, bounded in events and in the updates they carry. Whatever must not
 *       be lost goes here: connection changes, sync markers, and every notification that carries an
 *       exclusion decision or a delete (agents send each decision once). When it is full, the network
 *       thread waits for room (which holds the agent back through HTTP/2 flow control) up to a bound,
 *       and only then counts the event as lost; it never drops one silently and never waits forever.
 *   <li>{@link LatestSamples}: counters and gauges the owner had no time for, coalesced to the newest
 *       value per leaf and counted. Samples go to the FIFO while it has room for them (a quarter of
 *       its updates, and its oldest event waited under {@link #SAMPLE_WAIT}) and nothing is coalesced;
 *       once one overflows, every sample goes to the coalescing side until the owner has
 *       taken all of it, so a value in the FIFO is never newer than one coalesced for the same leaf.
 * </ul>
 *
 * The owner drains the FIFO first, then the devices that waited longest, within a bound per drain.
 *
 * <p>A {@linkplain #paced paced} queue (a collector's, ADR 0112, 0115) coalesces nothing: a response
 * is queued only with one of its {@link ReadCredits}, so the FIFO always has room for it, and a drain
 * gives the credits of the responses it took back to the connections that wait for one.
 */
public final class IngestQueue {
    /** How long a network thread waits for room for an event that must not be lost. */
    public static final Duration EVENT_WAIT = Duration.ofSeconds(10);
    /**
     * Samples queue behind others only while the oldest queued event waited less than this: beyond it
     * the console is behind and newer samples are worth more than a complete history of old ones.
     */
    public static final Duration SAMPLE_WAIT = Duration.ofMillis(500);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    private final ArrayDeque<IngestEvent> fifo = new ArrayDeque<>();
    private final int capacity;
    private final long maxPendingUpdates;
    /** Samples enter the FIFO only below these, so events always find room there first. */
    private final int sampleEventLimit;
    /** Paced: responses are read only with a credit, and nothing is coalesced. Null: automatic. */
    private final ReadCredits credits;
    /**
     * A sample whose leaves find the coalescing side full waits for room like an event instead of
     * being dropped ({@link #holdingBack}).
     */
    private final boolean samplesWaitForRoom;

    private final long sampleUpdateLimit;
    private final long sampleWaitMillis = SAMPLE_WAIT.toMillis();
    private final long eventWaitNanos;
    private final LatestSamples latest;
    /** Per source, the latest data (notification or sync) a network thread offered: when the target was last heard, applied or not. */
    private final Map<String, Long> heard = new HashMap<>();
    /**
     * Events a network thread is waiting to queue (the FIFO full). Their sources are streaming: the
     * console holds them back (gRPC then stops reading), so they count as heard now and the wait
     * counts in how far the console is behind; otherwise a long wait would read as a silent target.
     */
    private final List<IngestEvent> waitingForRoom = new ArrayList<>();

    // Guarded by lock.
    private long pendingUpdates;
    private long acceptedUpdates;
    private long coalescedUpdates;
    private long droppedUpdates;
    private long droppedNotifications;
    /**
     * Notifications let go because their source closed while they waited for room (its waiting thread
     * interrupted: a collector's target handed over, a console letting a target go): not lost, since
     * whoever subscribes to the target next gets its whole state, so not counted as dropped.
     */
    private long abandonedNotifications;

    private long abandonedUpdates;
    private long eventsLost;
    private boolean closed;
    /** The latest arrival handed to the owner so far; read and written by the draining thread only. */
    private long drainedArrivalMillis = Long.MIN_VALUE;

    public IngestQueue(int capacity) {
        this(capacity, Math.max(1, capacity) * 64L);
    }

    /** @param maxPendingUpdates updates waiting in the FIFO at most, over all its notifications */
    public IngestQueue(int capacity, long maxPendingUpdates) {
        this(capacity, maxPendingUpdates, maxPendingUpdates * 4, EVENT_WAIT);
    }

    /**
     * @param maxCoalescedLeaves distinct leaves the coalescing side holds at most (a fabric's leaves
     *     fit; paths that never repeat beyond it are dropped and counted)
     * @param eventWait how long a network thread waits for room for an event before counting it lost
     */
    public IngestQueue(int capacity, long maxPendingUpdates, long maxCoalescedLeaves, Duration eventWait) {
        this(capacity, maxPendingUpdates, maxCoalescedLeaves, eventWait, null, false);
    }

    /**
     * A queue that drops no sample while its owner keeps draining: a sample whose leaves do not fit on
     * the coalescing side waits for room (holding its agent back through flow control), as an event
     * does, at most {@code wait}, and only then is counted lost. For a collector, which must forward
     * every leaf at least once: with suppress_redundant an agent sends an unchanged leaf only in its
     * initial state, so a leaf dropped there never comes again (on the full fabric the coalescing side
     * filled with hosts' samples and dropped most switches' initial states, ADR 0125). The console
     * keeps the other policy: beyond the bound, newer values matter more than a complete history.
     */
    public static IngestQueue holdingBack(
            int capacity, long maxPendingUpdates, long maxCoalescedLeaves, Duration wait) {
        return new IngestQueue(capacity, maxPendingUpdates, maxCoalescedLeaves, wait, null, true);
    }

    private IngestQueue(
            int capacity,
            long maxPendingUpdates,
            long maxCoalescedLeaves,
            Duration eventWait,
            ReadCredits credits,
            boolean samplesWaitForRoom) {
        if (capacity <= 0 || maxPendingUpdates <= 0 || maxCoalescedLeaves <= 0) {
            throw new IllegalArgumentException("ingest queue bounds must be > 0, got " + capacity + " events, "
                    + maxPendingUpdates + " updates, " + maxCoalescedLeaves + " coalesced leaves");
        }
        this.capacity = capacity;
        this.maxPendingUpdates = maxPendingUpdates;
        this.sampleEventLimit = Math.max(1, capacity - capacity / 16);
        this.sampleUpdateLimit = Math.max(1, maxPendingUpdates / 4);
        this.eventWaitNanos = eventWait.toNanos();
        this.latest = new LatestSamples(maxCoalescedLeaves);
        this.credits = credits;
        this.samplesWaitForRoom = samplesWaitForRoom;
    }

    /** Room in a paced queue for connection changes beside the responses its credits let in. */
    static final int PACED_CONNECTION_ROOM = 4_096;

    /**
     * A queue that holds at most {@code responses} decoded responses (notifications and sync markers)
     * plus connection changes, and coalesces nothing: the subscriptions feeding it queue a response
     * only with a credit from {@link #credits()} (their connection's callback thread waits for one,
     * ADR 0115), which comes back when a drain takes the response. For a collector, which must forward every notification rather than
     * the newest values (ADR 0112). A response holds as many updates as its agent puts in one (1,000
     * at most from ours): the bound in updates is that times {@code responses}.
     */
    public static IngestQueue paced(int responses) {
        ReadCredits credits = new ReadCredits(responses);
        return new IngestQueue(responses + PACED_CONNECTION_ROOM, Long.MAX_VALUE / 8, 1, EVENT_WAIT, credits, false);
    }

    /**
     * Whether a network thread offering a response may wait here for as long as the owner takes to
     * make room (a paced queue, or one {@linkplain #holdingBack holding back}): a connection feeding
     * such a queue runs its callbacks on a thread of its own, so that the wait holds back that
     * connection rather than tying up one pooled thread per waiting stream.
     */
    public boolean holdsSourcesBack() {
        return credits != null || samplesWaitForRoom;
    }

    /** The credits a paced queue's subscriptions read with; empty for a queue that coalesces. */
    public Optional<ReadCredits> credits() {
        return Optional.ofNullable(credits);
    }

    /**
     * Called from network threads. A sample never blocks; an event that must not be lost waits for
     * room in the FIFO, at most {@link #EVENT_WAIT}.
     */
    public void offer(IngestEvent event) {
        lock.lock();
        try {
            if (event instanceof IngestEvent.Connection) {
                // A connection change is not data: a target that only fails to connect was never heard.
                offerEvent(event, 0);
                return;
            }
            heard.merge(event.source(), event.arrivalMillis(), Math::max);
            if (credits != null) {
                offerResponse(event);
            } else if (event instanceof IngestEvent.Notification notification) {
                offerNotification(notification);
            } else {
                offerEvent(event, 0);
            }
        } finally {
            lock.unlock();
        }
    }

    /** A paced queue's response: its credit saw to the room, so it never waits nor is coalesced. */
    private void offerResponse(IngestEvent event) {
        int size = size(event);
        if (closed) {
            eventsLost++;
            droppedNotifications += event instanceof IngestEvent.Notification ? 1 : 0;
            droppedUpdates += size;
            return;
        }
        enqueue(event, size);
    }

    private void offerNotification(IngestEvent.Notification notification) {
        List<TelemetryUpdate> updates = notification.updates();
        int firstEventLeaf = firstEventLeaf(updates);
        int size = size(notification);
        if (firstEventLeaf < 0 && notification.deletes().isEmpty()) {
            if (latest.isEmpty() && hasRoomForSamples(notification.arrivalMillis(), size)) {
                enqueue(notification, size);
            } else {
                coalesce(notification, updates);
            }
            return;
        }
        if (latest.isEmpty()) {
            offerEvent(notification, size);
            return;
        }
        // Samples are being coalesced: this one's counters join them (queued, they could be applied after
        // the older values the owner takes from there); its decisions and deletes queue as events.
        List<TelemetryUpdate> samples = new ArrayList<>();
        List<TelemetryUpdate> events = new ArrayList<>();
        for (int i = 0; i < updates.size(); i++) {
            TelemetryUpdate update = updates.get(i);
            (i >= firstEventLeaf && isEventLeaf(update.path()) ? events : samples).add(update);
        }
        coalesce(notification, samples);
        IngestEvent.Notification rest = new IngestEvent.Notification(
                notification.source(),
                notification.target(),
                notification.timestampNs(),
                events,
                notification.deletes(),
                notification.arrivalMillis());
        offerEvent(rest, size(rest));
    }

    private void coalesce(IngestEvent.Notification notification, List<TelemetryUpdate> updates) {
        if (samplesWaitForRoom && !awaitCoalescingRoom(notification, updates.size())) {
            refused(updates.size(), false);
            return;
        }
        LatestSamples.Merged merged = latest.merge(notification, updates);
        acceptedUpdates += updates.size() - merged.dropped();
        coalescedUpdates += merged.coalesced();
        droppedUpdates += merged.dropped();
        if (!latest.isEmpty()) {
            notEmpty.signal();
        }
    }

    /**
     * Waits until {@code size} more leaves fit on the coalescing side (counting every one as new: a
     * leaf already pending would only replace its value), the owner having taken what waited there;
     * false when the wait ran out first, the queue closed, or the list is larger than the whole
     * coalescing side. Lock held.
     */
    private boolean awaitCoalescingRoom(IngestEvent.Notification notification, int size) {
        if (latest.hasRoomFor(size)) {
            return true;
        }
        return latest.couldHold(size) && awaitRoom(notification, () -> latest.hasRoomFor(size));
    }

    /** Queues an event that must not be lost, waiting for room up to the bound. Lock held. */
    private void offerEvent(IngestEvent event, int size) {
        if (closed || !hasRoomForEvent(size) && !awaitRoom(event, () -> hasRoomForEvent(size))) {
            // Nobody will drain it any more, or no room came within the bound: counted, so the totals show it.
            refused(size, true);
            return;
        }
        enqueue(event, size);
    }

    /**
     * Counts a notification (or event) of {@code size} updates that was not queued: abandoned when its
     * source's thread was interrupted while it waited (the source closing), else dropped, and an event
     * that must not be lost ({@code mustNotLose}) lost. Lock held.
     */
    private void refused(int size, boolean mustNotLose) {
        if (!closed && Thread.currentThread().isInterrupted()) {
            abandonedNotifications++;
            abandonedUpdates += size;
            return;
        }
        if (mustNotLose) {
            eventsLost++;
        }
        droppedNotifications++;
        droppedUpdates += size;
    }

    /**
     * Waits on the network thread until {@code room} says yes, at most the event wait, with {@code
     * event} counted as waiting (its source heard, the console behind); false when the wait ran out
     * or the queue closed first. Lock held.
     */
    private boolean awaitRoom(IngestEvent event, BooleanSupplier room) {
        long wait = eventWaitNanos;
        waitingForRoom.add(event);
        try {
            while (!closed && !room.getAsBoolean()) {
                if (wait <= 0) {
                    return false;
                }
                try {
                    wait = notFull.awaitNanos(wait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    wait = 0;
                }
            }
        } finally {
            waitingForRoom.remove(event);
        }
        return !closed;
    }

    private boolean hasRoomForSamples(long arrivalMillis, int size) {
        return fifo.size() < sampleEventLimit
                && pendingUpdates + size <= sampleUpdateLimit
                && (fifo.isEmpty() || arrivalMillis - fifo.peekFirst().arrivalMillis() <= sampleWaitMillis);
    }

    private boolean hasRoomForEvent(int size) {
        return fifo.size() < capacity && (fifo.isEmpty() || pendingUpdates + size <= maxPendingUpdates);
    }

    private void enqueue(IngestEvent event, int size) {
        // A paced queue coalesces nothing: no device to remember as handed over (68,608 of them in a collector).
        if (credits == null && event instanceof IngestEvent.Notification notification) {
            latest.handedOver(notification.source(), notification.target());
        }
        fifo.addLast(event);
        pendingUpdates += size;
        acceptedUpdates += size;
        notEmpty.signal();
    }

    /** Index of the first exclusion-decision leaf, -1 when there is none. */
    private static int firstEventLeaf(List<TelemetryUpdate> updates) {
        for (int i = 0; i < updates.size(); i++) {
            if (isEventLeaf(updates.get(i).path())) {
                return i;
            }
        }
        return -1;
    }

    /** A leaf of an exclusion decision: {@code mrc:/events/event[seq=S]/...}, sent once by its agent. */
    private static boolean isEventLeaf(TelemetryPath path) {
        return ExclusionEventRing.isInEntry(path);
    }

    private static int size(IngestEvent event) {
        return event instanceof IngestEvent.Notification notification
                ? notification.updates().size() + notification.deletes().size()
                : 0;
    }

    /**
     * Moves events into {@code sink} until {@code maxEvents} events or {@code maxUpdates} updates
     * (at least one event), waiting up to {@code waitMillis} for the first: first the FIFO, then,
     * once it is empty, the coalesced devices that waited longest. Called by the one owner thread
     * only.
     *
     * <p>Drained events never go back in arrival time. Network threads stamp an event before they
     * offer it, so an event can be queued behind one stamped after it: a stream's first response is
     * stamped when it is decoded, but the {@code STREAMING} change it triggers is stamped (later) and
     * queued before it; two streams decode and queue concurrently. The store, the recorder and a
     * replay all take the drained order as the order of arrival (a replay at instant t applies the
     * recorded events up to the first one that arrived after t), so an event stamped before one
     * already drained counts as arrived with it: otherwise a replay at its stamp would leave out an
     * event the live store had already applied before it.
     */
    public int drain(Collection<IngestEvent> sink, int maxEvents, long maxUpdates, long waitMillis)
            throws InterruptedException {
        int responses = 0;
        lock.lock();
        try {
            if (waitMillis > 0) {
                long wait = TimeUnit.MILLISECONDS.toNanos(waitMillis);
                while (fifo.isEmpty() && latest.isEmpty() && wait > 0) {
                    wait = notEmpty.awaitNanos(wait);
                }
            }
            int moved = 0;
            long updates = 0;
            while (moved < maxEvents && updates < maxUpdates && !fifo.isEmpty()) {
                IngestEvent event = fifo.pollFirst();
                int size = size(event);
                pendingUpdates -= size;
                updates += size;
                if (!(event instanceof IngestEvent.Connection)) {
                    responses++; // a connection change took no credit
                }
                sink.add(inArrivalOrder(event));
                moved++;
            }
            // The first coalesced device goes even past the update bound when nothing else did: progress.
            while (fifo.isEmpty()
                    && !latest.isEmpty()
                    && moved < maxEvents
                    && (moved == 0 || updates + latest.oldestSize() <= maxUpdates)) {
                IngestEvent.Notification coalesced = latest.takeOldest();
                updates += coalesced.updates().size();
                sink.add(inArrivalOrder(coalesced));
                moved++;
            }
            if (moved > 0) {
                notFull.signalAll();
            }
            return moved;
        } finally {
            lock.unlock();
            if (credits != null) {
                // Outside the lock: the credits resume paused streams, which ask gRPC for their next response.
                credits.release(responses);
            }
        }
    }

    private IngestEvent inArrivalOrder(IngestEvent event) {
        long arrival = event.arrivalMillis();
        if (arrival >= drainedArrivalMillis) {
            drainedArrivalMillis = arrival;
            return event;
        }
        return event.withArrivalMillis(drainedArrivalMillis);
    }

    /** Like {@link #drain(Collection, int, long, long)} without an update bound. */
    public int drain(Collection<IngestEvent> sink, int maxEvents, long waitMillis) throws InterruptedException {
        return drain(sink, maxEvents, Long.MAX_VALUE, waitMillis);
    }

    /**
     * No owner will drain any more: network threads waiting for room give up (their events count as
     * lost) and later events are counted lost at once. What is queued can still be drained.
     */
    public void close() {
        lock.lock();
        try {
            closed = true;
            notFull.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Events in the FIFO (devices with coalesced values not counted: no decision waits among them). */
    public int depth() {
        lock.lock();
        try {
            return fifo.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * How long the oldest thing still waiting for the owner has waited at {@code nowMillis}: how far
     * the console is behind what the agents sent (0 when nothing waits).
     */
    public long behindMillis(long nowMillis) {
        lock.lock();
        try {
            long oldest = Long.MAX_VALUE;
            if (!fifo.isEmpty()) {
                oldest = fifo.peekFirst().arrivalMillis();
            }
            if (!latest.isEmpty()) {
                oldest = Math.min(oldest, latest.oldestPendingMillis());
            }
            for (IngestEvent waiting : waitingForRoom) {
                oldest = Math.min(oldest, waiting.arrivalMillis());
            }
            return oldest == Long.MAX_VALUE ? 0 : Math.max(0, nowMillis - oldest);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Per source, the latest arrival offered (applied or not yet), or {@code nowMillis} for a source
     * whose event is waiting for room at this instant: it is sending, the console is not reading.
     */
    public Map<String, Long> lastHeardMillis(long nowMillis) {
        lock.lock();
        try {
            if (waitingForRoom.isEmpty()) {
                return Map.copyOf(heard);
            }
            Map<String, Long> now = new HashMap<>(heard);
            for (IngestEvent waiting : waitingForRoom) {
                now.merge(waiting.source(), nowMillis, Math::max);
            }
            return Map.copyOf(now);
        } finally {
            lock.unlock();
        }
    }

    /** Every counter at one instant. */
    public Totals totals() {
        lock.lock();
        try {
            return new Totals(
                    acceptedUpdates,
                    coalescedUpdates,
                    droppedUpdates,
                    droppedNotifications,
                    eventsLost,
                    abandonedNotifications,
                    abandonedUpdates,
                    fifo.size(),
                    latest.leaves());
        } finally {
            lock.unlock();
        }
    }

    /**
     * @param acceptedUpdates updates taken in (queued or coalesced)
     * @param coalescedUpdates pending values replaced by a newer value of the same leaf
     * @param droppedUpdates updates refused (a lost event's, or beyond the coalescing bound)
     * @param droppedNotifications notifications refused
     * @param eventsLost events that must not be lost and were (no room within the wait, or after close)
     * @param abandonedNotifications notifications let go as their source closed while they waited for
     *     room (not lost: the target's next subscriber gets its whole state)
     * @param abandonedUpdates the updates of those
     * @param queuedEvents events waiting in the FIFO
     * @param coalescedLeaves leaves waiting on the coalescing side
     */
    public record Totals(
            long acceptedUpdates,
            long coalescedUpdates,
            long droppedUpdates,
            long droppedNotifications,
            long eventsLost,
            long abandonedNotifications,
            long abandonedUpdates,
            int queuedEvents,
            long coalescedLeaves) {}

    public long droppedNotifications() {
        return totals().droppedNotifications();
    }

    public long droppedUpdates() {
        return totals().droppedUpdates();
    }

    /** Notifications let go as their source closed while they waited for room ({@link Totals#abandonedNotifications}). */
    public long abandonedNotifications() {
        return totals().abandonedNotifications();
    }

    public long acceptedUpdates() {
        return totals().acceptedUpdates();
    }

    public long coalescedUpdates() {
        return totals().coalescedUpdates();
    }

    public long eventsLost() {
        return totals().eventsLost();
    }
}
