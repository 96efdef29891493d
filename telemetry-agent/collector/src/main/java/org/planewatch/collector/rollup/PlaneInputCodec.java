package org.planewatch.collector.rollup;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The by-plane stage's input as bytes, in its repartition topic and in its store: a format byte, a
 * kind byte, then the fields in their record's order; names as a length and UTF-8, figures as
 * doubles (NaN: not known). Not JSON: the store holds one record per link and task, two million at
 * full scale, where JSON took about 300 bytes a link view and these take about 70 (ADR 0135).
 */
public final class PlaneInputCodec {
    /** Changes when the layout does: a record of another format is refused, not misread. */
    static final byte FORMAT = 1;

    private static final byte PLANE = 1;
    private static final byte LINK = 2;
    private static final byte LINK_GONE = 3;
    private static final byte DECISION = 4;

    private PlaneInputCodec() {}

    public static byte[] encode(PlaneInput input) {
        Writer out = new Writer();
        out.buffer.put(FORMAT);
        if (input.plane() != null) {
            PlanePartial plane = input.plane();
            out.buffer.put(PLANE);
            out.text(plane.task());
            out.buffer.putInt(plane.plane()).putInt(plane.hosts()).putInt(plane.switches());
            out.buffer.putLong(plane.evsGood()).putLong(plane.evsOutOfService());
            out.figure(plane.goodputBps());
            out.figure(plane.lastHopTrimRate());
            out.figure(plane.fabricTrimRate());
        } else if (input.link() != null) {
            LinkPartial link = input.link();
            out.buffer.put(LINK);
            out.text(link.task());
            out.text(link.link());
            out.buffer.putInt(link.plane());
            out.text(link.kind());
            out.buffer.put((byte) (link.up() ? 1 : 0));
            out.buffer.putDouble(link.bitsPerSecond()).putDouble(link.trimRate());
            out.buffer.putDouble(link.errorRate()).putDouble(link.capacityBps());
        } else if (input.linkGone() != null) {
            PlaneInput.LinkGone gone = input.linkGone();
            out.buffer.put(LINK_GONE);
            out.text(gone.task());
            out.text(gone.link());
            out.buffer.putInt(gone.plane());
        } else {
            PlaneInput.Decision decision = input.decision();
            out.buffer.put(DECISION);
            out.text(decision.source());
            out.bytes(decision.notification());
        }
        return out.done();
    }

    /**
     * Whether {@code bytes} are a record of the JSON the collectors wrote before this format (ADR
     * 0135): a JSON object, where this format's first byte is {@link #FORMAT}.
     */
    public static boolean isEarlierJson(byte[] bytes) {
        return bytes.length > 0 && bytes[0] == '{';
    }

    /**
     * @throws IllegalArgumentException when {@code bytes} are not a record of this format, saying
     *     what is wrong and at which byte
     */
    public static PlaneInput decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            byte format = in.get();
            if (format != FORMAT) {
                throw malformed(bytes, 0, "format " + format + ", this collector reads format " + FORMAT);
            }
            byte kind = in.get();
            PlaneInput input = switch (kind) {
                case PLANE ->
                    PlaneInput.of(new PlanePartial(
                            text(in, bytes),
                            in.getInt(),
                            in.getInt(),
                            in.getInt(),
                            in.getLong(),
                            in.getLong(),
                            figure(in),
                            figure(in),
                            figure(in)));
                case LINK ->
                    PlaneInput.of(new LinkPartial(
                            text(in, bytes),
                            text(in, bytes),
                            in.getInt(),
                            text(in, bytes),
                            in.get() != 0,
                            in.getDouble(),
                            in.getDouble(),
                            in.getDouble(),
                            in.getDouble()));
                case LINK_GONE -> PlaneInput.gone(text(in, bytes), text(in, bytes), in.getInt());
                case DECISION -> PlaneInput.of(new PlaneInput.Decision(text(in, bytes), bytes(in, bytes)));
                default -> throw malformed(bytes, 1, "unknown kind " + kind);
            };
            if (in.hasRemaining()) {
                throw malformed(bytes, in.position(), in.remaining() + " bytes after the record's last field");
            }
            return input;
        } catch (BufferUnderflowException e) {
            throw malformed(bytes, bytes.length, "the record ends inside a field");
        }
    }

    private static Double figure(ByteBuffer in) {
        double value = in.getDouble();
        return Double.isNaN(value) ? null : value;
    }

    private static String text(ByteBuffer in, byte[] bytes) {
        int at = in.position();
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw malformed(bytes, at, "a name of " + length + " bytes where " + in.remaining() + " remain");
        }
        String text = new String(bytes, in.position(), length, StandardCharsets.UTF_8);
        in.position(in.position() + length);
        return text;
    }

    private static byte[] bytes(ByteBuffer in, byte[] bytes) {
        int at = in.position();
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw malformed(bytes, at, "a notification of " + length + " bytes where " + in.remaining() + " remain");
        }
        byte[] value = new byte[length];
        in.get(value);
        return value;
    }

    private static IllegalArgumentException malformed(byte[] bytes, int at, String what) {
        return new IllegalArgumentException(
                "not a rollup input record (" + bytes.length + " bytes, at byte " + at + "): " + what);
    }

    /** A growing buffer: records are small, but a decision carries its notification. */
    private static final class Writer {
        ByteBuffer buffer = ByteBuffer.allocate(128);

        void text(String text) {
            bytes(text.getBytes(StandardCharsets.UTF_8));
        }

        void bytes(byte[] bytes) {
            room(4 + bytes.length);
            buffer.putInt(bytes.length).put(bytes);
        }

        void figure(Double value) {
            buffer.putDouble(value == null ? Double.NaN : value);
        }

        private void room(int more) {
            if (buffer.remaining() < more + 64) {
                ByteBuffer larger = ByteBuffer.allocate(Math.max(2 * buffer.capacity(), buffer.position() + more + 64));
                buffer.flip();
                larger.put(buffer);
                buffer = larger;
            }
        }

        byte[] done() {
            byte[] record = new byte[buffer.position()];
            buffer.flip().get(record);
            return record;
        }
    }
}
