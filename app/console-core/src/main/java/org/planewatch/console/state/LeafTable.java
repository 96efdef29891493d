package org.planewatch.console.state;

import java.util.HashMap;
import java.util.Map;
import org.planewatch.telemetry.value.TelemetryValue;

/** The leaves under one list entry (a port, a queue, a plane, a QP, an EV): numbers and texts. */
final class LeafTable {
    private final Map<String, Counter> numbers = new HashMap<>();
    private final Map<String, Double> decimals = new HashMap<>();
    private final Map<String, String> texts = new HashMap<>();

    void put(String leaf, TelemetryValue value, long timestampNs) {
        // instanceof, not a pattern switch: per applied update (ADR 0079)
        if (value instanceof TelemetryValue.Uint number) {
            counter(leaf).update(number.value(), timestampNs);
        } else if (value instanceof TelemetryValue.Int number) {
            counter(leaf).update(number.value(), timestampNs);
        } else if (value instanceof TelemetryValue.Real decimal) {
            decimals.put(leaf, decimal.value());
        } else if (value instanceof TelemetryValue.Bool flag) {
            texts.put(leaf, flag.text());
        } else if (value instanceof TelemetryValue.Str text) {
            texts.put(leaf, text.value());
        } else {
            throw new IllegalArgumentException("unknown value kind: " + value);
        }
    }

    /** The counter of a numeric leaf, created empty on first use (a {@link LeafSlot} keeps it). */
    Counter counter(String leaf) {
        return numbers.computeIfAbsent(leaf, k -> new Counter());
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
        return numbers.remove(leaf) != null | decimals.remove(leaf) != null | texts.remove(leaf) != null;
    }

    boolean has(String leaf) {
        return numbers.containsKey(leaf) || decimals.containsKey(leaf) || texts.containsKey(leaf);
    }

    double rate(String leaf) {
        Counter counter = numbers.get(leaf);
        return counter == null ? Double.NaN : counter.rate();
    }

    double decimal(String leaf) {
        Double decimal = decimals.get(leaf);
        if (decimal != null) {
            return decimal;
        }
        Counter counter = numbers.get(leaf);
        return counter == null ? Double.NaN : counter.value();
    }

    String text(String leaf, String fallback) {
        return texts.getOrDefault(leaf, fallback);
    }
}
