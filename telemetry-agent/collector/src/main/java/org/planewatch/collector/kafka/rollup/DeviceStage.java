package org.planewatch.collector.kafka.rollup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.rollup.DevicePartials;
import org.planewatch.collector.rollup.FleetRole;
import org.planewatch.collector.rollup.HandOutPacing;
import org.planewatch.collector.rollup.HandOutQueue;
import org.planewatch.collector.rollup.PerDeviceOutput;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.rollup.PlanePartial;
import org.planewatch.collector.rollup.RememberedReplay;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.UpdateIndex;

/**
 * The per-device stage: one task per partition of the updates topic (keyed by device, so a device's
 * notifications all reach the same task, in order) feeds them to {@link DevicePartials} and, once a
 * second of wall clock (less often when handing out takes long: {@link HandOutPacing}), forwards what
 * changed keyed by plane, and the roles its devices taught it
 * keyed by device (for the roles topic, which every task reads back whole: ADR 0116). Its model lives
 * in memory (ADR 0100); each device's leaves that agents may send only when they change (LLDP
 * neighbors, port states and speeds, host planes' EV counts: {@link RememberedLeaves}) are also kept
 * in a changelogged store, which a task that moved or restarted applies first (ADRs 0118, 0140), with
 * the counters that stand still, which the agent holds back (ADR 0147); and where each device's
 * latest records are in the updates topic, which a drill-down fetches alone (ADR 0157). Starting and handing out are
 * done in slices of bounded work, so that a collector's tasks, which share a thread, are each heard
 * from while the others start or hand out (ADR 0156).
 */
final class DeviceStage implements Processor<String, byte[], String, PerDeviceOutput> {
    /**
     * Each device's leaves sent on change, as {@link RememberedLeaves} keeps them. The store's name is
     * the one it had when it kept the LLDP neighbors alone (ADR 0118): a collector upgraded in place
     * reads the changelog its predecessor wrote (the earlier records still decode). A console's
     * drill-down reads the device's record from that changelog too (ADR 0145).
     */
    static final String REMEMBERED_LEAVES = FleetTopics.REMEMBERED_LEAVES_STORE;

    /** Where each device's latest records are in the updates topic, for a drill-down (ADR 0157). */
    static final String UPDATE_INDEX = FleetTopics.UPDATE_INDEX_STORE;

    private KeyValueStore<String, byte[]> remembered;
    private KeyValueStore<String, byte[]> index;
    /**
     * The task's decoder of the updates it reads (on the task's thread only): the leaves the rollups
     * never read are left out before their values are decoded (ADR 0128).
     */
    private final NotificationRecords.Reader records = NotificationRecords.reader(DevicePartials::reads);

    /**
     * The counters of the notification being applied that stood still or moved on, as the model
     * tells them: kept with the device's remembered leaves, so that a reader that joins later (a task
     * that moved, a console's drill-down) learns what a still counter's agent no longer sends (ADR 0147).
     */
    private final List<RememberedLeaves.Turn> turns = new ArrayList<>();

    private ProcessorContext<String, PerDeviceOutput> context;
    private DevicePartials partials;
    private final HandOutPacing pacing;

    /**
     * The most work a punctuation of this task does at once, replaying or forwarding, before the
     * thread turns to its other tasks and to the records waiting (ADR 0156): a task is counted
     * unheard after {@link PlanePartial#UNHEARD_AFTER_MILLIS}, and the six tasks of a collector take
     * their slices one after another.
     */
    private static final long SLICE_NANOS = 500_000_000L;

    /** The remembered leaves still to apply since the task started; null once all were. */
    private RememberedReplay replay;

    /** The outputs of the hand-out under way still to forward. */
    private final HandOutQueue queue = new HandOutQueue(System::nanoTime);

    /** When the hand-out under way began (wall clock), and its own cost so far. */
    private long handOutStartedMillis;

    private long handOutNanos;

    private static final long NOT_YET = Long.MIN_VALUE;

    /** When this task last sent every plane's partial sum (wall clock). */
    private long heardAtMillis = NOT_YET;

    private final RollupCounters counters;
    private final FleetRolesStore roles;
    /** The per-device tasks of this process: they share its one stream thread (ADR 0100). */
    private final AtomicInteger tasks;

    /** @param tasks the per-device tasks open in this process, shared by its stages */
    DeviceStage(RollupCounters counters, FleetRolesStore roles, AtomicInteger tasks) {
        this.counters = counters;
        this.roles = roles;
        this.tasks = tasks;
        this.pacing = new HandOutPacing(tasks::get);
    }

    @Override
    public void init(ProcessorContext<String, PerDeviceOutput> context) {
        this.context = context;
        tasks.incrementAndGet();
        ReadOnlyKeyValueStore<String, String> fleet = context.getStateStore(FleetRolesStore.STORE);
        this.partials =
                new DevicePartials(context.taskId().toString(), context::currentSystemTimeMs, roles.reader(fleet));
        this.remembered = context.getStateStore(REMEMBERED_LEAVES);
        this.index = context.getStateStore(UPDATE_INDEX);
        partials.watchCounterTurns(
                (counter, value, stoodStill) -> turns.add(new RememberedLeaves.Turn(counter, value, stoodStill)));
        List<String> devices = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> kept = remembered.all()) {
            while (kept.hasNext()) {
                devices.add(kept.next().key);
            }
        }
        counters.timings.devicesToReplay.add(devices.size());
        replay = new RememberedReplay(
                devices, remembered::get, partials, System::nanoTime, counters.timings.devicesToReplay::decrement);
        context.schedule(Duration.ofSeconds(1), PunctuationType.WALL_CLOCK_TIME, this::emit);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.value() == null) {
            return;
        }
        if (record.key() != null) {
            context.recordMetadata().ifPresent(where -> index(record.key(), where.offset(), record.timestamp()));
        }
        String source = Headers.text(record.headers(), Headers.SOURCE, record.key());
        try {
            IngestEvent.Notification notification =
                    records.decode(record.value(), source, context.currentSystemTimeMs());
            if (replay != null) {
                replay.before(notification.target(), context.currentSystemTimeMs());
            }
            turns.clear();
            partials.applyRead(notification);
            counters.notifications.increment();
            remember(notification);
        } catch (IllegalArgumentException e) {
            counters.malformed.increment(); // not ours to stop on: counted, and /metrics shows it
        }
    }

    /**
     * Adds the record at {@code offset} to {@code device}'s index. Written before the task commits the
     * offsets it read, as every store is: a drill-down that reads the rollups' committed offset, then
     * the index, finds every record of the device before that offset listed (ADR 0157).
     */
    private void index(String device, long offset, long timestampMillis) {
        UpdateIndex known = indexOf(device);
        UpdateIndex now = known.with(offset, timestampMillis);
        if (now != known) {
            index.put(device, now.encode());
        }
    }

    private UpdateIndex indexOf(String device) {
        byte[] kept = index.get(device);
        if (kept == null) {
            return UpdateIndex.EMPTY;
        }
        try {
            return UpdateIndex.decode(kept);
        } catch (IllegalArgumentException e) {
            // A newer collector's format, in a changelog this one restored: begun anew from this record;
            // a drill-down meanwhile reads the partition's look-back as it did before the index.
            return UpdateIndex.EMPTY;
        }
    }

    private void remember(IngestEvent.Notification notification) {
        if (turns.isEmpty() && !RememberedLeaves.touches(notification)) {
            return;
        }
        String device = notification.target();
        byte[] merged = RememberedLeaves.merge(remembered.get(device), notification, turns);
        if (merged == null) {
            return;
        }
        if (merged.length == 0) {
            remembered.delete(device);
        } else {
            remembered.put(device, merged);
        }
    }

    @Override
    public void close() {
        tasks.decrementAndGet();
        if (replay != null) {
            counters.timings.devicesToReplay.add(-replay.pending()); // closed before it was done
        }
    }

    private void emit(long now) {
        if (replay != null) {
            replay.replayFor(SLICE_NANOS, now);
            if (!replay.done()) {
                return; // its sums would be short of the devices still to replay: not heard from yet
            }
            counters.timings.starts.record(replay.spentNanos());
            replay = null;
        }
        if (queue.isEmpty() && pacing.due(now)) {
            beginHandOut(now);
        }
        if (!queue.isEmpty()) {
            handOutNanos += queue.forwardFor(SLICE_NANOS, output -> forward(output, now));
            if (queue.isEmpty()) {
                pacing.handedOut(handOutStartedMillis, handOutNanos);
                counters.timings.handOuts.record(handOutNanos);
            }
        }
        if (heardAtMillis == NOT_YET || now - heardAtMillis >= PlanePartial.HEARD_EVERY_MILLIS || now < heardAtMillis) {
            // Cheap (a task's planes, not its links), and between paced hand-outs too: a busy task is
            // still heard from, one whose collector is gone is not (ADR 0151).
            for (PlaneInput plane : partials.planesAsSent()) {
                forward(plane, now);
            }
            heardAtMillis = now;
        }
    }

    /** Queues what changed since the hand-out before, and the roles not handed out yet. */
    private void beginHandOut(long now) {
        long started = System.nanoTime(); // the work's own cost, on this machine: what the pacing bounds
        queue.addAll(partials.changes());
        queue.addAll(partials.roles());
        handOutStartedMillis = now;
        handOutNanos = System.nanoTime() - started;
    }

    private void forward(PerDeviceOutput output, long now) {
        String key = switch (output) {
            case PlaneInput plane -> Integer.toString(plane.planeNumber());
            case FleetRole role -> role.device();
        };
        context.forward(new Record<>(key, output, now));
    }
}
