package org.planewatch.console.ingest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Protocol-buffer wire primitives over one received message held in a byte array. Positions are
 * absolute offsets into the array; every read is checked against {@code limit}, and a violation
 * names what was being read and where ({@link MalformedResponseException}).
 */
final class WireReader {
    static final int VARINT = 0;
    static final int FIXED64 = 1;
    static final int LENGTH_DELIMITED = 2;
    static final int START_GROUP = 3;
    static final int FIXED32 = 5;

    /**
     * Thrown when the message is valid but uses a form the fast path does not reproduce exactly
     * (a singular message field sent twice, which protobuf merges; groups; rare value kinds): the
     * caller decodes such a message with the generated classes instead. No stack trace: it is a signal.
     */
    static final class NeedsStandardDecoder extends RuntimeException {
        static final NeedsStandardDecoder INSTANCE = new NeedsStandardDecoder();

        private NeedsStandardDecoder() {
            super("needs the standard decoder", null, false, false);
        }
    }

    private final byte[] bytes;
    private int pos;
    private int limit;

    WireReader(byte[] bytes, int from, int to) {
        this.bytes = bytes;
        this.pos = from;
        this.limit = to;
    }

    byte[] bytes() {
        return bytes;
    }

    int position() {
        return pos;
    }

    int limit() {
        return limit;
    }

    boolean more() {
        return pos < limit;
    }

    /** Restricts reading to {@code [pos, end)}; returns the previous limit for {@link #popLimit}. */
    int pushLimit(int end) {
        int previous = limit;
        limit = end;
        return previous;
    }

    void seek(int position) {
        pos = position;
    }

    void popLimit(int previousLimit) {
        pos = limit;
        limit = previousLimit;
    }

    int tag(String message) {
        int at = pos;
        long tag = varint(message);
        if (tag >>> 3 == 0 || tag > 0xFFFF_FFFFL) {
            throw malformed("invalid field tag " + tag + " in " + message, at);
        }
        return (int) tag;
    }

    long varint(String what) {
        int at = pos;
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= limit) {
                throw malformed("truncated varint in " + what, at);
            }
            byte b = bytes[pos++];
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw malformed("varint longer than 10 bytes in " + what, at);
    }

    long fixed64(String what) {
        require(8, what);
        long value = 0;
        for (int i = 7; i >= 0; i--) {
            value = value << 8 | (bytes[pos + i] & 0xFFL);
        }
        pos += 8;
        return value;
    }

    int fixed32(String what) {
        require(4, what);
        int value = 0;
        for (int i = 3; i >= 0; i--) {
            value = value << 8 | (bytes[pos + i] & 0xFF);
        }
        pos += 4;
        return value;
    }

    /** Reads a length prefix and returns the end offset of the field's bytes, which start at {@link #position}. */
    int lengthDelimited(String what) {
        int at = pos;
        long length = varint(what);
        if (length < 0 || length > limit - pos) {
            throw malformed(
                    "length " + length + " of " + what + " runs past the end of its enclosing message (" + (limit - pos)
                            + " bytes left)",
                    at);
        }
        return pos + (int) length;
    }

    /** A proto3 {@code string}: protobuf rejects invalid UTF-8 there, and so do we. */
    String string(String what) {
        int end = lengthDelimited(what);
        String value = utf8(bytes, pos, end, what);
        pos = end;
        return value;
    }

    /** A {@code bytes} field read as text, invalid sequences replaced (as {@code ByteString.toStringUtf8}). */
    String bytesAsText(String what) {
        int end = lengthDelimited(what);
        String value = new String(bytes, pos, end - pos, StandardCharsets.UTF_8);
        pos = end;
        return value;
    }

    void skip(int tag, String where) {
        int at = pos;
        switch (tag & 7) {
            case VARINT -> varint(where);
            case FIXED64 -> require(8, where);
            case LENGTH_DELIMITED -> pos = lengthDelimited(where);
            case FIXED32 -> require(4, where);
            case START_GROUP -> throw NeedsStandardDecoder.INSTANCE;
            default ->
                throw malformed("field " + (tag >>> 3) + " has invalid wire type " + (tag & 7) + " in " + where, at);
        }
        if ((tag & 7) == FIXED64) {
            pos += 8;
        } else if ((tag & 7) == FIXED32) {
            pos += 4;
        }
    }

    private void require(int count, String what) {
        if (limit - pos < count) {
            throw malformed("truncated " + count + "-byte field in " + what, pos);
        }
    }

    MalformedResponseException malformed(String what, int at) {
        return new MalformedResponseException(what + " at byte " + at);
    }

    private String utf8(byte[] data, int from, int to, String what) {
        for (int i = from; i < to; i++) {
            if (data[i] < 0) {
                try {
                    return StandardCharsets.UTF_8
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(data, from, to - from))
                            .toString();
                } catch (CharacterCodingException e) {
                    throw malformed("invalid UTF-8 in " + what, from);
                }
            }
        }
        return new String(data, from, to - from, StandardCharsets.ISO_8859_1);
    }
}
