package org.planewatch.console.state;

import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.telemetry.path.TelemetryPath;
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
 */
final class SampleClock {
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

    /** @param joinsLate the reader may join the device's stream after its initial state (one device's drill-down) */
    SampleClock(boolean joinsLate) {
        this.joinsLate = joinsLate;
    }

    /**
     * The instant of {@code notification}'s sample: its own simulated time, or, in a part of a sample
     * (or a paused one) that does not carry it, the latest the device sent.
     */
    long sampleTimeNs(IngestEvent.Notification notification) {
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
