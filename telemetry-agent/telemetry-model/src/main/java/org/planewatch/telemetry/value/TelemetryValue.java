package org.planewatch.telemetry.value;

/** The value of one leaf, typed as gNMI's TypedValue scalars. */
public sealed interface TelemetryValue {

    /** Unsigned 64-bit integer: counters and gauges ({@code uint_val}). Compare with {@link Long#compareUnsigned}. */
    record Uint(long value) implements TelemetryValue {
        @Override
        public String text() {
            return Long.toUnsignedString(value);
        }
    }

    /** Signed 64-bit integer ({@code int_val}). */
    record Int(long value) implements TelemetryValue {
        @Override
        public String text() {
            return Long.toString(value);
        }
    }

    /** Text and enumeration values ({@code string_val}); enums use their YANG identifier. */
    record Str(String value) implements TelemetryValue {
        public Str {
            java.util.Objects.requireNonNull(value, "value");
        }

        @Override
        public String text() {
            return value;
        }
    }

    record Bool(boolean value) implements TelemetryValue {
        @Override
        public String text() {
            return Boolean.toString(value);
        }
    }

    record Real(double value) implements TelemetryValue {
        @Override
        public String text() {
            return Double.toString(value);
        }
    }

    /** The value as text, as a JSON scalar would carry it without quotes. */
    String text();

    static TelemetryValue uint(long value) {
        return new Uint(value);
    }

    static TelemetryValue str(String value) {
        return new Str(value);
    }
}
