package org.planewatch.console.record;

import java.util.Arrays;

/** A growable byte buffer with the varint encodings of the recording format. Reused per batch. */
final class ByteOutput {
    private byte[] bytes = new byte[4096];
    private int size;

    void reset() {
        size = 0;
    }

    int size() {
        return size;
    }

    byte[] toArray() {
        return Arrays.copyOf(bytes, size);
    }

    byte[] buffer() {
        return bytes;
    }

    void writeByte(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
    }

    /** Unsigned LEB128, as protobuf's varint. */
    void writeVarLong(long value) {
        ensure(10);
        while ((value & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        bytes[size++] = (byte) value;
    }

    /** Signed values (deltas) zig-zag encoded so that small magnitudes take one byte. */
    void writeZigZag(long value) {
        writeVarLong((value << 1) ^ (value >> 63));
    }

    void writeDouble(double value) {
        long bits = Double.doubleToRawLongBits(value);
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (bits >>> (8 * i));
        }
    }

    void writeBytes(byte[] value) {
        ensure(value.length);
        System.arraycopy(value, 0, bytes, size, value.length);
        size += value.length;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
