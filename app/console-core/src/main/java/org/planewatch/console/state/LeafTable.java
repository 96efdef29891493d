package org.planewatch.console.state;

import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The leaves under one list entry (a port, a queue, a plane, a QP, an EV): numbers and texts.
 *
 * <p>Each kind is kept in a {@link LeafList}, two arrays searched from the start, not a hash map:
 * an entry has a dozen leaves or so, and at 9,728 devices (6.7 million leaves) the three hash maps of
 * every table, with a map node per leaf, were a third of the console's heap (issue 20).
 */
final class LeafTable {
    private final LeafList<Counter> numbers = new LeafList<>();
    private LeafList<Double> decimals;
    private LeafList<String> texts;

    void put(String leaf, TelemetryValue value, long timestampNs) {
        // instanceof, not a pattern switch: per applied update (ADR 0079)
        if (value instanceof TelemetryValue.Uint number) {
            counter(leaf).update(number.value(), timestampNs);
        } else if (value instanceof TelemetryValue.Int number) {
            counter(leaf).update(number.value(), timestampNs);
        } else if (value instanceof TelemetryValue.Real decimal) {
            decimals().put(leaf, decimal.value());
        } else if (value instanceof TelemetryValue.Bool flag) {
            texts().put(leaf, flag.text());
        } else if (value instanceof TelemetryValue.Str text) {
            texts().put(leaf, text.value());
        } else {
            throw new IllegalArgumentException("unknown value kind: " + value);
        }
    }

    private LeafList<Double> decimals() {
        if (decimals == null) {
            decimals = new LeafList<>();
        }
        return decimals;
    }

    private LeafList<String> texts() {
        if (texts == null) {
            texts = new LeafList<>();
        }
        return texts;
    }

    /** The counter of a numeric leaf, created empty on first use (a {@link LeafSlot} keeps it). */
    Counter counter(String leaf) {
        Counter counter = numbers.get(leaf);
        if (counter == null) {
            counter = new Counter();
            numbers.put(leaf, counter);
        }
        return counter;
    }

    long value(String leaf) {
        Counter counter = numbers.get(leaf);
        return counter == null ? 0 : counter.value();
    }

    /** The agent's timestamp of a numeric leaf's latest value; -1 when it has none. */
    long timestampNs(String leaf) {
        Counter counter = numbers.get(leaf);
        return counter == null || !counter.hasValue() ? -1 : counter.timestampNs();
    }

    boolean remove(String leaf) {
        return numbers.remove(leaf)
                | (decimals != null && decimals.remove(leaf))
                | (texts != null && texts.remove(leaf));
    }

    boolean has(String leaf) {
        return numbers.get(leaf) != null
                || (decimals != null && decimals.get(leaf) != null)
                || (texts != null && texts.get(leaf) != null);
    }

    double rate(String leaf) {
        Counter counter = numbers.get(leaf);
        return counter == null ? Double.NaN : counter.rate();
    }

    double decimal(String leaf) {
        Double decimal = decimals == null ? null : decimals.get(leaf);
        if (decimal != null) {
            return decimal;
        }
        Counter counter = numbers.get(leaf);
        return counter == null ? Double.NaN : counter.value();
    }

    String text(String leaf, String fallback) {
        String text = texts == null ? null : texts.get(leaf);
        return text == null ? fallback : text;
    }

    /**
     * Leaf names and their values in two arrays, in the order first put. Names are compared by identity
     * first (decoders hand over the same name objects), then by value.
     */
    static final class LeafList<V> {
        private static final String[] NO_NAMES = {};
        private static final Object[] NO_VALUES = {};

        private String[] names = NO_NAMES;
        private Object[] values = NO_VALUES;
        private int size;

        private int indexOf(String leaf) {
            for (int i = 0; i < size; i++) {
                if (names[i] == leaf) {
                    return i;
                }
            }
            for (int i = 0; i < size; i++) {
                if (names[i].equals(leaf)) {
                    return i;
                }
            }
            return -1;
        }

        @SuppressWarnings("unchecked")
        V get(String leaf) {
            int i = indexOf(leaf);
            return i < 0 ? null : (V) values[i];
        }

        void put(String leaf, V value) {
            int i = indexOf(leaf);
            if (i >= 0) {
                values[i] = value;
                return;
            }
            if (size == names.length) {
                int grown = size == 0 ? 4 : size + (size >> 1) + 1;
                names = java.util.Arrays.copyOf(names, grown);
                values = java.util.Arrays.copyOf(values, grown);
            }
            names[size] = leaf;
            values[size] = value;
            size++;
        }

        boolean remove(String leaf) {
            int i = indexOf(leaf);
            if (i < 0) {
                return false;
            }
            size--;
            System.arraycopy(names, i + 1, names, i, size - i);
            System.arraycopy(values, i + 1, values, i, size - i);
            names[size] = null;
            values[size] = null;
            return true;
        }
    }
}
