package org.planewatch.console.state;

import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * One leaf of one device's table, resolved from its path once: a later value of the same path goes
 * straight to the leaf's counter instead of through the path's names, keys and two or three maps.
 * Owned by the state thread, like the table it points into.
 */
final class LeafSlot {
    private final LeafTable table;
    private final String leaf;
    private Counter counter;
    /**
     * The update that came after this one in the device's notification last time, and its slot:
     * where {@link DeviceState#slot} looks first. Slots forgotten by the device (after a delete) are
     * reached only from each other, never again from the device.
     */
    TelemetryPath nextPath;

    LeafSlot nextSlot;

    LeafSlot(LeafTable table, String leaf) {
        this.table = table;
        this.leaf = leaf;
    }

    void put(TelemetryValue value, long timestampNs) {
        // instanceof, not a pattern switch: per applied update (ADR 0079)
        if (value instanceof TelemetryValue.Uint number) {
            counter().update(number.value(), timestampNs);
        } else if (value instanceof TelemetryValue.Int number) {
            counter().update(number.value(), timestampNs);
        } else {
            table.put(leaf, value, timestampNs);
        }
    }

    void followedBy(TelemetryPath path, LeafSlot slot) {
        nextPath = path;
        nextSlot = slot;
    }

    /** An integer value ({@code uint} or {@code int}), as {@link #put} would take it. */
    void putInteger(long value, long timestampNs) {
        counter().update(value, timestampNs);
    }

    private Counter counter() {
        if (counter == null) {
            counter = table.counter(leaf);
        }
        return counter;
    }
}
