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

    static TelemetryValue read(ByteInput in, TelemetryValue previous, Dictionary dictionary) {
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
                yield new TelemetryValue.Uint(before.value() + in.readZigZag());
            }
            case UINT -> new TelemetryValue.Uint(in.readVarLong());
            case INT -> new TelemetryValue.Int(in.readZigZag());
            case STRING -> new TelemetryValue.Str(dictionary.string(in.readVarInt()));
            case FALSE -> new TelemetryValue.Bool(false);
            case TRUE -> new TelemetryValue.Bool(true);
            case REAL -> new TelemetryValue.Real(in.readDouble());
            default -> throw new ByteInput.CorruptDataException("unknown value tag " + tag);
        };
    }
}
