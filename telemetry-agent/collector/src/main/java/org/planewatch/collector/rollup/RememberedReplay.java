package org.planewatch.collector.rollup;

import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The remembered leaves a per-device task starting afresh has still to apply (ADRs 0118, 0140, 0147),
 * applied in slices of bounded work instead of all at once when the task starts. A collector's
 * per-device tasks share one stream thread (ADR 0100): started all at once, a restarted collector's six
 * tasks replayed one after the other for 90 to 170 s at full scale, then handed out in turn, and for
 * all that time none of them was heard from (ADR 0156). In slices, every task's thread turns to the
 * others' punctuations and to the records arriving between two slices. A device whose notification
 * arrives before its turn is replayed first ({@link #before}): its remembered leaves are older than
 * anything it sends. Not thread-safe: the task's thread.
 */
public final class RememberedReplay {
    private final LinkedHashSet<String> pending;
    private final Function<String, byte[]> remembered;
    private final DevicePartials partials;
    private final LongSupplier nanoClock;
    private final Runnable replayed;
    private long spentNanos;

    /**
     * @param devices the devices with remembered leaves, in the order to replay them
     * @param remembered a device's remembered record, or null when it has none any more
     * @param nanoClock the work's own cost is measured on it ({@link System#nanoTime} but in tests)
     * @param replayed told of each device replayed (the count /metrics shows)
     */
    public RememberedReplay(
            Collection<String> devices,
            Function<String, byte[]> remembered,
            DevicePartials partials,
            LongSupplier nanoClock,
            Runnable replayed) {
        this.pending = new LinkedHashSet<>(devices);
        this.remembered = remembered;
        this.partials = partials;
        this.nanoClock = nanoClock;
        this.replayed = replayed;
    }

    /** Whether every device was replayed: the task's model holds what its devices were remembered with. */
    public boolean done() {
        return pending.isEmpty();
    }

    /** The devices still to replay. */
    public int pending() {
        return pending.size();
    }

    /** The replay's own cost so far, the slices added up. */
    public long spentNanos() {
        return spentNanos;
    }

    /** Replays {@code device} now if it is still to be: a notification of it is about to be applied. */
    public void before(String device, long arrivalMillis) {
        if (pending.remove(device)) {
            long started = nanoClock.getAsLong();
            replay(device, arrivalMillis);
            spentNanos += nanoClock.getAsLong() - started;
        }
    }

    /**
     * Replays the devices next in turn until {@code budgetNanos} of work is spent (one device at least,
     * a device never split), and returns how much was.
     */
    public long replayFor(long budgetNanos, long arrivalMillis) {
        long started = nanoClock.getAsLong();
        long spent = 0;
        Iterator<String> next = pending.iterator();
        for (boolean first = true; next.hasNext() && (first || spent < budgetNanos); first = false) {
            String device = next.next();
            next.remove();
            replay(device, arrivalMillis);
            spent = nanoClock.getAsLong() - started;
        }
        spentNanos += spent;
        return spent;
    }

    private void replay(String device, long arrivalMillis) {
        byte[] record = remembered.apply(device);
        if (record != null) {
            partials.applyRemembered(device, record, arrivalMillis);
        }
        replayed.run();
    }
}
