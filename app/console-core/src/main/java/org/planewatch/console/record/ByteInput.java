package org.planewatch.console.record;

import java.util.Arrays;

/** Reads what {@link ByteOutput} wrote; a malformed buffer is reported as a corrupt recording. */
final class ByteInput {
    private final byte[] bytes;
    private final int end;
    private int position;

    ByteInput(byte[] bytes, int length) {
        this.bytes = bytes;
        this.end = length;
    }

    boolean hasMore() {
        return position < end;
    }

    int readByte() {
        if (position >= end) {
            throw new CorruptDataException("unexpected end of a data block at byte " + position);
        }
        return bytes[position++] & 0xFF;
    }

    long readVarLong() {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new CorruptDataException("varint longer than 10 bytes at byte " + position);
    }

    int readVarInt() {
        long value = readVarLong();
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new CorruptDataException("count or id out of range (" + value + ") at byte " + position);
        }
        return (int) value;
    }

    long readZigZag() {
        long raw = readVarLong();
        return (raw >>> 1) ^ -(raw & 1);
    }

    double readDouble() {
        long bits = 0;
        for (int i = 0; i < 8; i++) {
            bits |= (long) readByte() << (8 * i);
        }
        return Double.longBitsToDouble(bits);
    }

    byte[] readBytes(int length) {
        if (length > end - position) {
            throw new CorruptDataException(
                    "a value of " + length + " bytes runs past the end of a data block at byte " + position);
        }
        byte[] value = Arrays.copyOfRange(bytes, position, position + length);
        position += length;
        return value;
    }

    /** Thrown for bytes that do not follow the format; the reader turns it into a clear error. */
    static final class CorruptDataException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CorruptDataException(String message) {
            super(message);
        }
    }
}
