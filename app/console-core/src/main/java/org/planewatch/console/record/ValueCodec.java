package org.planewatch.console.record;

import org.planewatch.telemetry.value.TelemetryValue;

/**
 * One value on disk: a tag byte, then its payload. Counters are stored as the change since the
 * leaf's previous value, and an unchanged value as the tag alone, which is what keeps a sampled,
 * slowly moving counter at a few bytes per update.
 */
final class ValueCodec {
    static final int SAME = 0;
    static final int UINT_DELTA = 1;
    static final int UINT = 2;
    static final int INT = 3;
    static final int STRING = 4;
    static final int FALSE = 5;
    static final int TRUE = 6;
    static final int REAL = 7;

    private ValueCodec() {}

    static void writeChange(ByteOutput out, TelemetryValue previous, TelemetryValue value, Dictionary dictionary) {
        if (value.equals(previous)) {
            out.writeByte(SAME);
        } else if (value instanceof TelemetryValue.Uint now && previous instanceof TelemetryValue.Uint before) {
            out.writeByte(UINT_DELTA);
            out.writeZigZag(now.value() - before.value());
        } else {
            writeAbsolute(out, value, dictionary);
        }
    }

    static void writeAbsolute(ByteOutput out, TelemetryValue value, Dictionary dictionary) {
        switch (value) {
            case TelemetryValue.Uint u -> {
                out.writeByte(UINT);
                out.writeVarLong(u.value());
            }
            case TelemetryValue.Int i -> {
                out.writeByte(INT);
                out.writeZigZag(i.value());
            }
            case TelemetryValue.Str s -> {
                out.writeByte(STRING);
                out.writeVarLong(dictionary.stringId(s.value()));
            }
            case TelemetryValue.Bool b -> out.writeByte(b.value() ? TRUE : FALSE);
            case TelemetryValue.Real r -> {
                out.writeByte(REAL);
                out.writeDouble(r.value());
            }
        }
    }

    static TelemetryValue read(ByteInput in, TelemetryValue previous, StringValues strings) {
        int tag = in.readByte();
        return switch (tag) {
            case SAME -> {
                if (previous == null) {
                    throw new ByteInput.CorruptDataException("an unchanged value refers to a leaf with no value");
                }
                yield previous;
            }
            case UINT_DELTA -> {
                if (!(previous instanceof TelemetryValue.Uint before)) {
                    throw new ByteInput.CorruptDataException("a counter change refers to a leaf with no counter value");
                }
                yield TelemetryValue.uint(before.value() + in.readZigZag());
            }
            case UINT -> TelemetryValue.uint(in.readVarLong());
            case INT -> new TelemetryValue.Int(in.readZigZag());
            default -> readOther(tag, in, strings);
        };
    }

    /**
     * The change of {@code writeChange} for a plain leaf, against and into its entry in
     * {@code values}: an integer stays a number there, no value object is built for it.
     */
    static void readInto(
            ByteInput in, LeafValues values, int leaf, long timestampNs, int source, StringValues strings) {
        int tag = in.readByte();
        switch (tag) {
            case SAME -> {
                if (!values.has(leaf)) {
                    throw new ByteInput.CorruptDataException("an unchanged value refers to a leaf with no value");
                }
                values.stamp(leaf, timestampNs, source);
            }
            case UINT_DELTA -> {
                if (!values.isUint(leaf)) {
                    throw new ByteInput.CorruptDataException("a counter change refers to a leaf with no counter value");
                }
                values.setUint(leaf, values.number(leaf) + in.readZigZag(), timestampNs, source);
            }
            case UINT -> values.setUint(leaf, in.readVarLong(), timestampNs, source);
            case INT -> values.setInt(leaf, in.readZigZag(), timestampNs, source);
            default -> values.setObject(leaf, readOther(tag, in, strings), timestampNs, source);
        }
    }

    /** {@link #writeChange} against a plain leaf's entry in {@code values}, without building its value. */
    static void writeChange(ByteOutput out, LeafValues values, int leaf, TelemetryValue value, Dictionary dictionary) {
        if (values.holds(leaf, value)) {
            out.writeByte(SAME);
        } else if (value instanceof TelemetryValue.Uint now && values.isUint(leaf)) {
            out.writeByte(UINT_DELTA);
            out.writeZigZag(now.value() - values.number(leaf));
        } else {
            writeAbsolute(out, value, dictionary);
        }
    }

    private static final TelemetryValue FALSE_VALUE = new TelemetryValue.Bool(false);
    private static final TelemetryValue TRUE_VALUE = new TelemetryValue.Bool(true);

    /** A value that is not an integer (text, flag, decimal), by its tag. */
    private static TelemetryValue readOther(int tag, ByteInput in, StringValues strings) {
        return switch (tag) {
            case STRING -> strings.value(in.readVarInt());
            case FALSE -> FALSE_VALUE;
            case TRUE -> TRUE_VALUE;
            case REAL -> new TelemetryValue.Real(in.readDouble());
            default -> throw new ByteInput.CorruptDataException("unknown value tag " + tag);
        };
    }
}
