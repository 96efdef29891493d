package org.planewatch.telemetry.value;

import java.util.Objects;

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
            Objects.requireNonNull(value, "value");
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

    /** Values 0..255 shared: most counters of a sample are small (drops, trims, flaps are usually 0). */
    static TelemetryValue uint(long value) {
        return value >= 0 && value < SmallUints.VALUES.length ? SmallUints.VALUES[(int) value] : new Uint(value);
    }

    static TelemetryValue str(String value) {
        return new Str(value);
    }

    /** Holder, so the shared values are built on first use (an interface's own fields are public). */
    final class SmallUints {
        private static final Uint[] VALUES = new Uint[256];

        static {
            for (int i = 0; i < VALUES.length; i++) {
                VALUES[i] = new Uint(i);
            }
        }

        private SmallUints() {}
    }
}
