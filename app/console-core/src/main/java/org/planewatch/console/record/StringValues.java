package org.planewatch.console.record;

import java.util.Arrays;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The text value of each dictionary string, built once per reader of a recording instead of once per
 * decoded update: decoded values wait in memory ahead of the replay clock (ADR 0078). Owned by one
 * codec.
 */
final class StringValues {
    private final Dictionary dictionary;
    private TelemetryValue.Str[] values = new TelemetryValue.Str[256];

    StringValues(Dictionary dictionary) {
        this.dictionary = dictionary;
    }

    /** The value of string {@code id}; fails as damaged data for an id the dictionary does not hold. */
    TelemetryValue.Str value(int id) {
        if (id >= 0 && id < values.length && values[id] != null) {
            return values[id];
        }
        TelemetryValue.Str value = new TelemetryValue.Str(dictionary.string(id));
        if (id >= values.length) {
            values = Arrays.copyOf(values, Math.max(values.length * 2, id + 1));
        }
        values[id] = value;
        return value;
    }
}
