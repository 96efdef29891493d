package org.planewatch.console.state;

import java.util.Arrays;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The leaves under one list entry (a port, a queue, a plane, a QP, an EV): one row of its kind's
 * columns ({@link LeafLayout}). A number leaf is two cells of one array (its value and the agent's
 * timestamp of it), and a third in another (its rate per second of the agent's clock) when its rate
 * is read; decimals and texts are cells of an object array. No name and no object per leaf: at 9,728
 * devices (6.7 million leaves) a counter object, a slot object and the arrays that found them cost
 * about 120 bytes a leaf (issue 20, ADR 0108). Arrays are as wide as the columns a row has had,
 * not as its kind's layout: queues of one kind differ in their leaves. Owned by the state thread.
 *
 * <p>A counter that goes backwards was cleared: the rate restarts from the new value instead of
 * turning into a huge negative spike. A value older than the one held (a sample decoded on another
 * stream, offered late) does not replace it.
 */
final class LeafTable {
    /** The timestamp cell of a number leaf that has no value (a leaf never sent or removed). */
    private static final long NONE = Long.MIN_VALUE;

    private static final long NO_RATE = Double.doubleToRawLongBits(Double.NaN);
    private static final long[] NO_NUMBERS = {};
    private static final Object[] NO_OBJECTS = {};

    private final LeafLayout layout;
    /**
     * Two halves, by the layout's number column: values, then timestamps ({@link #NONE}: no value).
     * A row's width is half its length.
     */
    private long[] numbers = NO_NUMBERS;
    /** Rates as double bits (NaN: none yet), by the layout's rate column. */
    private long[] rates = NO_NUMBERS;
    /** Decimals ({@link Double}) and texts ({@link String}) by the layout's object column. */
    private Object[] objects = NO_OBJECTS;
    /**
     * The counters, by rate column, whose last sample had the value of the one before: under
     * suppress_redundant the agent then holds them back (ADR 0124), and a reader that joins later
     * learns their value only from whoever kept it (ADR 0147).
     */
    private long stillCounters;
    /**
     * The counters, by rate column, that moved at their last sample after standing still: a reader
     * that joins now still needs the value they stood still at, the one they had at the sample
     * before, to make the rate of that move (ADR 0149).
     */
    private long movedAgainCounters;

    /** {@link #putInteger}: the counter did not turn, or is no counter. */
    static final int NO_TURN = 0;
    /** {@link #putInteger}: the counter has the value it had at the sample before. */
    static final int STOOD_STILL = 1;
    /** {@link #putInteger}: a counter that stood still has moved. */
    static final int MOVED_AGAIN = 2;
    /** {@link #putInteger}: a counter that moved again after standing still has moved at the next sample too. */
    static final int MOVED_ON = 3;

    /** {@link #putInteger}'s previous sample instant when none is known. */
    static final long NO_SAMPLE = NONE;

    LeafTable(LeafLayout layout) {
        this.layout = layout;
    }

    LeafLayout layout() {
        return layout;
    }

    /**
     * Puts a value by leaf name, what {@link LeafRoute#put} does with columns it resolved once; a leaf
     * the layout does not keep is let go.
     */
    void put(String leaf, TelemetryValue value, long timestampNs) {
        if (!layout.keeps(leaf)) {
            return;
        }
        // instanceof, not a pattern switch: per applied update (ADR 0079)
        if (value instanceof TelemetryValue.Uint number) {
            putInteger(layout.addNumber(leaf), number.value(), timestampNs, NO_SAMPLE);
        } else if (value instanceof TelemetryValue.Int number) {
            putInteger(layout.addNumber(leaf), number.value(), timestampNs, NO_SAMPLE);
        } else if (value instanceof TelemetryValue.Real decimal) {
            putDecimal(layout.addDecimal(leaf), decimal.value());
        } else if (value instanceof TelemetryValue.Bool flag) {
            putText(layout.addText(leaf), flag.text());
        } else if (value instanceof TelemetryValue.Str text) {
            putText(layout.addText(leaf), text.value());
        } else {
            throw new IllegalArgumentException("unknown value kind: " + value);
        }
    }

    /**
     * An integer value ({@code uint} or {@code int}) of number column {@code column}, sampled at
     * {@code timestampNs}; for a counter whose rate is kept, whether it turned: {@link #STOOD_STILL}
     * when a later sample has the value it had, {@link #MOVED_AGAIN} when a counter that stood still
     * has another value, {@link #MOVED_ON} when it has yet another at the sample after, else {@link
     * #NO_TURN}.
     *
     * @param previousSampleNs the instant of the device's counter sample before this one ({@link
     *     #NO_SAMPLE}: not known). A counter that stood still was held back by its agent since (ADR
     *     0124), so it still had its value then: the rate of its moving again is over that one
     *     interval, not over all the time since it was last sent (ADR 0149).
     */
    int putInteger(int column, long value, long timestampNs, long previousSampleNs) {
        int w = numbers.length >>> 1;
        if (column >= w) {
            w = widen(column);
        }
        long heldAt = numbers[w + column];
        boolean held = heldAt != NONE;
        int turn = NO_TURN;
        if (held && timestampNs > heldAt) {
            int rate = layout.rateColumn(column);
            if (rate >= 0) {
                if (rate >= rates.length) {
                    int from = rates.length;
                    rates = Arrays.copyOf(rates, rate + 1);
                    Arrays.fill(rates, from, rates.length, NO_RATE);
                }
                long old = numbers[column];
                long since = heldAt;
                if (value != old && isStill(rate) && previousSampleNs > heldAt && previousSampleNs < timestampNs) {
                    since = previousSampleNs;
                }
                rates[rate] = Long.compareUnsigned(value, old) >= 0
                        ? Double.doubleToRawLongBits((value - old) * 1e9 / (timestampNs - since))
                        : NO_RATE;
                turn = turn(rate, value == old);
            }
        } else if (held && timestampNs == heldAt && value == numbers[column]) {
            // The same value again at the same instant: a simulated device whose time did not move
            // between two publications (ADR 0096). Its agent sent the counter once more unchanged and
            // holds it back from now on (ADR 0124), so it stands still at every later sample; no rate
            // is made from one instant.
            int rate = layout.rateColumn(column);
            if (rate >= 0) {
                turn = turn(rate, true);
            }
        }
        if (!held || timestampNs >= heldAt) {
            numbers[column] = value;
            numbers[w + column] = timestampNs;
        }
        return turn;
    }

    private boolean isStill(int rate) {
        return rate < 64 && (stillCounters & (1L << rate)) != 0;
    }

    /** The counter of rate column {@code rate} was seen standing {@code still} or moving: its turn, if any. */
    private int turn(int rate, boolean still) {
        if (rate >= 64) {
            return NO_TURN; // past 64 counters a row (none of the schema's tables has so many): not followed
        }
        long bit = 1L << rate;
        boolean wasStill = (stillCounters & bit) != 0;
        boolean movedAgain = (movedAgainCounters & bit) != 0;
        if (still) {
            movedAgainCounters &= ~bit;
            if (wasStill) {
                return NO_TURN;
            }
            stillCounters |= bit;
            return STOOD_STILL;
        }
        if (wasStill) {
            stillCounters &= ~bit;
            movedAgainCounters |= bit;
            return MOVED_AGAIN;
        }
        if (movedAgain) {
            movedAgainCounters &= ~bit;
            return MOVED_ON;
        }
        return NO_TURN;
    }

    void putDecimal(int column, double value) {
        Object held = column < objects.length ? objects[column] : null;
        if (!(held instanceof Double d && d == value)) {
            object(column, value);
        }
    }

    void putText(int column, String text) {
        Object held = column < objects.length ? objects[column] : null;
        if (!text.equals(held)) {
            object(column, layout.pooled(text));
        }
    }

    private void object(int column, Object value) {
        if (column >= objects.length) {
            objects = Arrays.copyOf(objects, Math.max(column + 1, layout.objectColumns()));
        }
        objects[column] = value;
    }

    /** Makes room for number column {@code column}; returns the new width. */
    private int widen(int column) {
        int width = numbers.length >>> 1;
        int w = column + 1;
        long[] wider = new long[2 * w];
        System.arraycopy(numbers, 0, wider, 0, width);
        Arrays.fill(wider, w, 2 * w, NONE);
        System.arraycopy(numbers, width, wider, w, width);
        numbers = wider;
        return w;
    }

    private int heldNumber(String leaf) {
        layout.checkKept(leaf);
        int column = layout.number(leaf);
        int w = numbers.length >>> 1;
        return column >= 0 && column < w && numbers[w + column] != NONE ? column : -1;
    }

    private Object object(int column) {
        return column >= 0 && column < objects.length ? objects[column] : null;
    }

    long value(String leaf) {
        int column = heldNumber(leaf);
        return column < 0 ? 0 : numbers[column];
    }

    /** The agent's timestamp of a numeric leaf's latest value; -1 when it has none. */
    long timestampNs(String leaf) {
        int column = heldNumber(leaf);
        return column < 0 ? -1 : numbers[(numbers.length >>> 1) + column];
    }

    /**
     * Per-second rate, NaN until two samples at distinct times have arrived.
     *
     * @throws IllegalArgumentException for a leaf whose layout keeps no rate (a reader that wants
     *     one must say so where the layout is made, {@link DeviceState#PORT_RATES} and beside)
     */
    double rate(String leaf) {
        if (!layout.keepsRate(leaf)) {
            throw new IllegalArgumentException("no rate is kept for leaf " + leaf);
        }
        int column = heldNumber(leaf);
        int rate = column < 0 ? -1 : layout.rateColumn(column);
        return rate < 0 || rate >= rates.length ? Double.NaN : Double.longBitsToDouble(rates[rate]);
    }

    double decimal(String leaf) {
        layout.checkKept(leaf);
        if (object(layout.decimal(leaf)) instanceof Double decimal) {
            return decimal;
        }
        int column = heldNumber(leaf);
        return column < 0 ? Double.NaN : numbers[column];
    }

    String text(String leaf, String fallback) {
        layout.checkKept(leaf);
        return object(layout.text(leaf)) instanceof String text ? text : fallback;
    }

    boolean has(String leaf) {
        if (!layout.keeps(leaf)) {
            return false;
        }
        return heldNumber(leaf) >= 0 || object(layout.decimal(leaf)) != null || object(layout.text(leaf)) != null;
    }

    boolean remove(String leaf) {
        if (!layout.keeps(leaf)) {
            return false;
        }
        boolean removed = false;
        int column = heldNumber(leaf);
        if (column >= 0) {
            numbers[column] = 0;
            numbers[(numbers.length >>> 1) + column] = NONE;
            int rate = layout.rateColumn(column);
            if (rate >= 0 && rate < rates.length) {
                rates[rate] = NO_RATE;
            }
            if (rate >= 0 && rate < 64) {
                stillCounters &= ~(1L << rate);
                movedAgainCounters &= ~(1L << rate);
            }
            removed = true;
        }
        for (int object : new int[] {layout.decimal(leaf), layout.text(leaf)}) {
            if (object(object) != null) {
                objects[object] = null;
                removed = true;
            }
        }
        return removed;
    }
}
