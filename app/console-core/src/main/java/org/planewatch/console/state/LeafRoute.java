package org.planewatch.console.state;

import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Where a path's value goes, whatever the device: the row it is a leaf of (its kind of table and
 * list keys) and its columns in that kind's {@link LeafLayout}. A path is read once for every device
 * ({@link LeafRoutes}); each device only finds its own row, once per row of a notification rather
 * than once per leaf. Owned by the state thread.
 */
final class LeafRoute {
    /** What a path that is no table's leaf asks of the state owner. */
    enum Other {
        /** A table's leaf. */
        NONE,
        /** Nothing: a path the console does not show. */
        IGNORED,
        /** An LLDP neighbor leaf: the topology is learnt from them. */
        NEIGHBOR,
        /** An exclusion-event ring leaf: the exclusion log takes it. */
        EVENT
    }

    /** The kinds of tables a device has. */
    enum Kind {
        PORT,
        QUEUE,
        PLANE,
        QP,
        EV
    }

    /**
     * A row of one kind of table by its list keys (a port name; a port and a queue name; a plane, a
     * QP number; a QP number and an EV id). {@link LeafRoutes} keeps one object per distinct row,
     * so the routes of one row's leaves share it and a row change is an identity comparison.
     */
    record Row(Kind kind, String name, String subName, long number, long subNumber) {}

    final Other other;
    /** The row of a table's leaf; null for the others. */
    final Row row;

    final String leaf;
    final LeafLayout layout;
    /** A counter whose rate its table keeps: its samples time the device's counter samples (ADR 0149). */
    final boolean ratedCounter;
    /** Columns in {@link #layout}, resolved on the first value of each kind. */
    private int number = -1;

    private int decimal = -1;
    private int text = -1;
    /**
     * The path that came after this one in the last notification that had it, and its route: where
     * {@link LeafRoutes#route} looks first. Devices of a kind list their leaves in the same order.
     */
    TelemetryPath nextPath;

    LeafRoute next;

    LeafRoute(Row row, String leaf, LeafLayout layout) {
        this.other = Other.NONE;
        this.row = row;
        this.leaf = leaf;
        this.layout = layout;
        this.ratedCounter = layout.keepsRate(leaf);
    }

    LeafRoute(Other other) {
        this.other = other;
        this.row = null;
        this.leaf = "";
        this.layout = null;
        this.ratedCounter = false;
    }

    boolean isTableLeaf() {
        return other == Other.NONE;
    }

    /** Puts {@code value} in its column of {@code table}; for a counter, whether it turned ({@link LeafTable#putInteger}). */
    int put(LeafTable table, TelemetryValue value, long timestampNs, long previousSampleNs) {
        // instanceof, not a pattern switch: per applied update (ADR 0079)
        if (value instanceof TelemetryValue.Uint number) {
            return putInteger(table, number.value(), timestampNs, previousSampleNs);
        } else if (value instanceof TelemetryValue.Int number) {
            return putInteger(table, number.value(), timestampNs, previousSampleNs);
        } else if (value instanceof TelemetryValue.Real real) {
            if (decimal < 0) {
                decimal = layout.addDecimal(leaf);
            }
            table.putDecimal(decimal, real.value());
        } else if (value instanceof TelemetryValue.Bool flag) {
            table.putText(textColumn(), flag.text());
        } else if (value instanceof TelemetryValue.Str str) {
            table.putText(textColumn(), str.value());
        } else {
            throw new IllegalArgumentException("unknown value kind: " + value);
        }
        return LeafTable.NO_TURN;
    }

    /** An integer value ({@code uint} or {@code int}), as {@link #put} would take it, without a value object. */
    int putInteger(LeafTable table, long value, long timestampNs, long previousSampleNs) {
        if (number < 0) {
            number = layout.addNumber(leaf);
        }
        return table.putInteger(number, value, timestampNs, previousSampleNs);
    }

    private int textColumn() {
        if (text < 0) {
            text = layout.addText(leaf);
        }
        return text;
    }
}
