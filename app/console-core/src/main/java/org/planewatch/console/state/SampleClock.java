package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.schema.SimLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The instant one device's counters were sampled, on the time base its rates are per second of. A
 * notification's timestamp is the wall clock of the sample (gNMI, ADR 0096). A simulated device runs
 * its own time, dilated and paused: its traffic is per simulated second, so its sample's instant is the
 * scenario's epoch plus the {@code sim:/clock/state/sim-time-ns} it sends with the sample. That is what
 * simulated agents before ADR 0096 put in the timestamp, so recordings of either kind give the same
 * rates. A device that never sent the leaf (a real one) is on the wall clock.
 *
 * <p>The agent splits a sample of more than its notification's share of updates in parts, all with the
 * sample's timestamp, and the clock leaf is not in the first: a part that came before its clock is of a
 * sample newer than the latest clock, and timed by that clock its counters were a sample late at one
 * end of a link and on time at the other, which showed as packets lost on healthy links (the demo's
 * plane view, ADR 0114). Such a part waits for a clock (see {@link #time}).
 */
final class SampleClock {
    /** What applies a part of a sample at its instant. */
    interface Timed<T> {
        void apply(T device, IngestEvent.Notification part, long sampleTimeNs);
    }

    /** Parts held for a clock at most: beyond, a part is timed by the latest clock, as before. */
    static final int MAX_EARLY_PARTS = 64;

    /** Whether the reader may have joined the device's stream after its initial state (see {@link #baseNs}). */
    private final boolean joinsLate;

    private static final TelemetryPath SIM_TIME = SimLeaves.CLOCK_STATE.child(SimLeaves.SIM_TIME_NS);
    private static final TelemetryPath EPOCH = SimLeaves.CLOCK_STATE.child(SimLeaves.EPOCH);

    /** The epoch the device sent last; -1 until it sent one. */
    private long epochNs = -1;
    /**
     * What the simulated instants are counted from: the epoch the device sent (0 until it sent one:
     * every device of a simulation then counts from the same instant, which rates and the loss
     * between two devices' counters need), or, for a reader that joined the stream after the initial
     * state (a fleet's drill-down reads the device's last 150 s, ADR 0102, and the epoch is sent only
     * on change), the wall clock of the first sample it saw less that sample's simulated time: its
     * first samples, without the clock leaf, carry wall-clock timestamps, and counting from 0 would
     * send its instants minutes back from them and its counters would never move again. Kept while
     * the device sends the same epoch.
     */
    private long baseNs = -1;
    /** The latest simulated instant the device sent; -1 until it sent one. */
    private long simNs = -1;
    /** The timestamp (wall clock) of the notification that brought {@link #simNs}. */
    private long clockWallNs = Long.MIN_VALUE;
    /** Whether the notification {@link #sampleTimeNs} read last carried the simulated instant. */
    private boolean clocked;
    /** Parts of samples newer than the latest clock, without a clock of their own, in order of arrival. */
    private final ArrayDeque<IngestEvent.Notification> early = new ArrayDeque<>();

    /** @param joinsLate the reader may join the device's stream after its initial state (one device's drill-down) */
    SampleClock(boolean joinsLate) {
        this.joinsLate = joinsLate;
    }

    /**
     * Hands {@code notification} to {@code timed} with the instant of its sample; or holds it until a
     * clock at or after its timestamp comes: a part of a simulated device's sample newer than the
     * latest clock, without the clock, with numbers to time, and with no exclusion decision nor delete
     * (those go at once, as operators watch them). A part stamped like a sample another device of its
     * source sent with the clock gets that sample's instant ({@link SampleInstants}), held or not. A
     * held part of the sample the clock came with gets
     * its instant. A held part of a sample whose clock never came gets the instant between the clocks
     * before and after it, as far along as its timestamp: the agent sweeps a device's subscriptions one
     * after the other, and a host published anew in between (its exclusion decisions go out at once)
     * had its interface counters in a sample of their own, the clock in the next one.
     */
    <T> void time(IngestEvent.Notification notification, SampleInstants known, T device, Timed<T> timed) {
        long wallNs = notification.timestampNs();
        long wallBefore = clockWallNs;
        long before = simNs >= 0 ? latestNs(notification) : -1;
        long at = sampleTimeNs(notification);
        if (clocked) {
            if (!joinsLate) {
                known.timed(notification.source(), wallNs, at);
            }
            release(known, device, timed, wallBefore, before, at);
        } else if (simNs >= 0 && wallNs > clockWallNs && isTimedPart(notification)) {
            long exact = joinsLate ? -1 : known.instantAt(notification.source(), wallNs);
            if (exact >= 0) {
                at = exact;
            } else if (early.size() < MAX_EARLY_PARTS) {
                early.addLast(notification);
                return;
            }
        }
        timed.apply(device, notification, at);
    }

    /**
     * Applies the held parts stamped up to the clock that came now ({@code at}, stamped {@link
     * #clockWallNs}); the clock before was {@code before}, stamped {@code wallBefore}.
     */
    private <T> void release(SampleInstants known, T device, Timed<T> timed, long wallBefore, long before, long at) {
        for (int n = early.size(); n > 0; n--) {
            IngestEvent.Notification part = early.pollFirst();
            long wallNs = part.timestampNs();
            long exact = joinsLate ? -1 : known.instantAt(part.source(), wallNs);
            if (exact >= 0) {
                timed.apply(device, part, exact);
            } else if (wallNs > clockWallNs) {
                early.addLast(part); // of a sample after this clock's: waits for a later one
            } else if (wallNs == clockWallNs || before < 0 || before > at || wallBefore >= clockWallNs) {
                timed.apply(device, part, at);
            } else {
                double along = (double) (wallNs - wallBefore) / (clockWallNs - wallBefore);
                timed.apply(device, part, before + Math.round((at - before) * along));
            }
        }
    }

    /** A part a clock times: numbers beside the clock's, no exclusion decision, no delete. */
    private static boolean isTimedPart(IngestEvent.Notification notification) {
        if (!notification.deletes().isEmpty()) {
            return false;
        }
        List<TelemetryUpdate> updates = notification.updates();
        boolean numbers = false;
        for (int i = 0; i < updates.size(); i++) {
            TelemetryPath path;
            boolean number;
            if (updates instanceof UpdateColumns columns) {
                path = columns.pathOrTemplate(i);
                number = columns.isInteger(i);
            } else {
                path = updates.get(i).path();
                number = updates.get(i).value() instanceof TelemetryValue.Uint
                        || updates.get(i).value() instanceof TelemetryValue.Int;
            }
            if (ExclusionEventRing.isInEntry(path)) {
                return false;
            }
            numbers |= number && !isSim(path);
        }
        return numbers;
    }

    /**
     * The instant of {@code notification}'s sample: its own simulated time, or, in a part of a sample
     * (or a paused one) that does not carry it, the latest the device sent.
     */
    long sampleTimeNs(IngestEvent.Notification notification) {
        clocked = false;
        List<TelemetryUpdate> updates = notification.updates();
        if (updates instanceof UpdateColumns columns) {
            for (int i = 0; i < columns.size(); i++) {
                if (!columns.isKeyed(i) && isSim(columns.pathOrTemplate(i))) {
                    read(columns.pathOrTemplate(i), columns.isInteger(i) ? columns.number(i) : uint(columns.value(i)));
                }
            }
        } else {
            for (int i = 0; i < updates.size(); i++) {
                TelemetryUpdate update = updates.get(i);
                if (isSim(update.path())) {
                    read(update.path(), uint(update.value()));
                }
            }
        }
        if (clocked) {
            clockWallNs = notification.timestampNs();
        }
        return latestNs(notification);
    }

    /** The latest instant the device sent; {@code notification}'s timestamp while it sent none. */
    private long latestNs(IngestEvent.Notification notification) {
        if (simNs < 0) {
            return notification.timestampNs();
        }
        if (!joinsLate) {
            return Math.max(0, epochNs) + simNs;
        }
        if (baseNs < 0) {
            baseNs = epochNs >= 0 ? epochNs : notification.timestampNs() - simNs;
        }
        return baseNs + simNs;
    }

    private static boolean isSim(TelemetryPath path) {
        return PathNames.SIM.equals(path.origin());
    }

    private void read(TelemetryPath path, long number) {
        if (number < 0) {
            return;
        }
        if (path.equals(SIM_TIME)) {
            simNs = number;
            clocked = true;
        } else if (path.equals(EPOCH)) {
            if (epochNs >= 0 && number != epochNs) {
                baseNs = number; // the simulation started again
            }
            epochNs = number;
        }
    }

    private static long uint(TelemetryValue value) {
        return value instanceof TelemetryValue.Uint(long number) ? number : -1;
    }
}
