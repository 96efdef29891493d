package org.planewatch.agent.gnmi;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Writes SubscribeResponses in protobuf wire form straight from the {@link OutboundBuffer}: one
 * Notification per run of entries with the same target, timestamp and parent path (the parent in the
 * prefix, each update naming only its leaf), or, for entries sampled with their device's table, per
 * target and timestamp (prefix with the target only, each update its full path). Paths and prefixes
 * are encoded once by the generated protobuf code and cached as bytes; notification, update and value
 * framing is written here. {@code ResponseEncoderTest} parses the output with the generated classes
 * and compares it with the standard path.
 *
 * <p>Used by one drain at a time.
 */
final class ResponseEncoder implements OutboundBuffer.Sink {

    /** {@code SubscribeResponse{sync_response: true}}. */
    static final byte[] SYNC_RESPONSE = {0x18, 0x01};

    // Field tags (field number << 3 | wire type).
    private static final int RESPONSE_UPDATE = 1 << 3 | 2;
    private static final int NOTIFICATION_TIMESTAMP = 1 << 3;
    private static final int NOTIFICATION_PREFIX = 2 << 3 | 2;
    private static final int NOTIFICATION_UPDATE = 4 << 3 | 2;
    private static final int NOTIFICATION_DELETE = 5 << 3 | 2;
    private static final int UPDATE_PATH = 1 << 3 | 2;
    private static final int UPDATE_VAL = 3 << 3 | 2;
    private static final int UPDATE_DUPLICATES = 4 << 3;
    private static final int VAL_STRING = 1 << 3 | 2;
    private static final int VAL_INT = 2 << 3;
    private static final int VAL_UINT = 3 << 3;
    private static final int VAL_BOOL = 4 << 3;
    private static final int VAL_DOUBLE = 14 << 3 | 1;
    private static final int VAL_JSON = 10 << 3 | 2;
    private static final int VAL_JSON_IETF = 11 << 3 | 2;

    /** Room before a notification for the response's tag and the notification's length. */
    private static final int HEADER = 6;

    private static final int PATH_CACHE_LIMIT = 1 << 21;
    private static final ConcurrentHashMap<TelemetryPath, byte[]> FULL_PATHS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<TelemetryPath, byte[]> LEAF_PATHS = new ConcurrentHashMap<>();
    private static final int PREFIX_CACHE_LIMIT = 1 << 18;

    private final Encoding encoding;
    private final String echoedTarget;
    private final int maxEntries;
    /** Prefix bytes by (target, parent). */
    private final Map<LeafKey, byte[]> prefixes = new HashMap<>();

    private List<EncodedResponse> out = new ArrayList<>();
    /**
     * Where the open response is written; reused from one response to the next, and each finished
     * response copied out at its exact size. Buffers sized for the response before it (and doubled
     * when they fell short) made the encoder allocate about ten times the bytes it sent.
     */
    private byte[] buf = NO_SCRATCH;

    private static final byte[] NO_SCRATCH = new byte[0];
    /**
     * The drain threads' scratch: a response is written from its {@link #begin} to its {@link #close}
     * on one thread, so an encoder borrows this only meanwhile. A buffer of its own per stream was
     * 64 KiB times 137,216 per-device streams on the full fabric (ADR 0103).
     */
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[1 << 16]);

    private int pos;
    private boolean open;
    private String target;
    private long timestampNs;
    private TelemetryPath parent;
    private int entries;
    private int updates;

    /**
     * @param echoedTarget the subscription's prefix.target: {@code *} shows each device's name, another
     *     name is echoed as given, empty leaves the target out
     * @param maxEntries updates and deletes per notification at most
     */
    ResponseEncoder(Encoding encoding, String echoedTarget, int maxEntries) {
        this.encoding = encoding;
        this.echoedTarget = echoedTarget;
        this.maxEntries = maxEntries;
    }

    @Override
    public void sync() {
        close();
        out.add(new EncodedResponse(SYNC_RESPONSE, 0, SYNC_RESPONSE.length));
    }

    @Override
    public void entry(
            String target,
            long timestampNs,
            TelemetryPath path,
            byte kind,
            long raw,
            TelemetryValue value,
            int duplicates,
            boolean perDevice) {
        TelemetryPath group = perDevice || path.size() <= 1 ? TelemetryPath.ROOT : path.parent();
        if (!open
                || timestampNs != this.timestampNs
                || entries >= maxEntries
                || group != parent && !group.equals(parent)
                || !target.equals(this.target)) {
            close();
            begin(target, timestampNs, group);
        }
        byte[] relative = group == TelemetryPath.ROOT ? fullPath(path) : leafPath(path);
        entries++;
        if (kind == OutboundBuffer.DELETE) {
            ensure(11 + relative.length);
            writeTag(NOTIFICATION_DELETE);
            writeBytes(relative);
            return;
        }
        updates++;
        byte[] other = kind == OutboundBuffer.UINT && encoding == Encoding.PROTO
                ? null
                : typedValue(kind == OutboundBuffer.UINT ? new TelemetryValue.Uint(raw) : value);
        int valueLength = other == null ? 1 + varintSize(raw) : other.length;
        int length = 1
                + varintSize(relative.length)
                + relative.length
                + 1
                + varintSize(valueLength)
                + valueLength
                + (duplicates > 0 ? 1 + varintSize(duplicates) : 0);
        ensure(6 + length);
        writeTag(NOTIFICATION_UPDATE);
        writeVarint(length);
        writeTag(UPDATE_PATH);
        writeBytes(relative);
        writeTag(UPDATE_VAL);
        writeVarint(valueLength);
        if (other == null) {
            writeTag(VAL_UINT);
            writeVarint(raw);
        } else {
            System.arraycopy(other, 0, buf, pos, other.length);
            pos += other.length;
        }
        if (duplicates > 0) {
            writeTag(UPDATE_DUPLICATES);
            writeVarint(duplicates);
        }
    }

    /** The responses written since the last call, and the updates (not deletes) they carry. */
    List<EncodedResponse> finish() {
        close();
        List<EncodedResponse> done = out;
        out = new ArrayList<>();
        return done;
    }

    /** Updates written since the last call. */
    int takeUpdateCount() {
        int n = updates;
        updates = 0;
        return n;
    }

    private void begin(String target, long timestampNs, TelemetryPath group) {
        byte[] prefix = prefix(target, group);
        buf = SCRATCH.get();
        pos = HEADER;
        ensure(32 + prefix.length);
        if (timestampNs != 0) {
            writeTag(NOTIFICATION_TIMESTAMP);
            writeVarint(timestampNs);
        }
        writeTag(NOTIFICATION_PREFIX);
        writeBytes(prefix);
        open = true;
        this.target = target;
        this.timestampNs = timestampNs;
        this.parent = group;
        entries = 0;
    }

    private void close() {
        if (!open) {
            return;
        }
        open = false;
        int bodyLength = pos - HEADER;
        int start = HEADER - 1 - varintSize(bodyLength);
        int end = pos;
        pos = start;
        writeTag(RESPONSE_UPDATE);
        writeVarint(bodyLength);
        out.add(new EncodedResponse(Arrays.copyOfRange(buf, start, end), 0, end - start));
        SCRATCH.set(buf); // kept grown, if it grew
        buf = NO_SCRATCH;
    }

    private byte[] prefix(String target, TelemetryPath group) {
        LeafKey key = new LeafKey(target, group);
        byte[] cached = prefixes.get(key);
        if (cached != null) {
            return cached;
        }
        String shown = echoedTarget.equals(DeviceReader.ALL_TARGETS) ? target : echoedTarget;
        Path path = ProtoCodec.toProto(group);
        byte[] built =
                (shown.isEmpty() ? path : path.toBuilder().setTarget(shown).build()).toByteArray();
        if (prefixes.size() >= PREFIX_CACHE_LIMIT) {
            prefixes.clear(); // event parents keep coming
        }
        prefixes.put(key, built);
        return built;
    }

    /** The path with its origin and every element, as a Path message. */
    static byte[] fullPath(TelemetryPath path) {
        return cached(FULL_PATHS, path, false);
    }

    /** The path's last element alone, as a Path message (relative to a prefix naming its parent). */
    static byte[] leafPath(TelemetryPath path) {
        return cached(LEAF_PATHS, path, true);
    }

    private static byte[] cached(ConcurrentHashMap<TelemetryPath, byte[]> cache, TelemetryPath path, boolean leaf) {
        byte[] bytes = cache.get(path);
        if (bytes == null) {
            bytes = (leaf ? ProtoCodec.lastElem(path) : ProtoCodec.toProto(path)).toByteArray();
            if (cache.size() >= PATH_CACHE_LIMIT) {
                cache.clear();
            }
            cache.put(path, bytes);
        }
        return bytes;
    }

    /** A TypedValue message in this stream's encoding. */
    private byte[] typedValue(TelemetryValue value) {
        if (encoding == Encoding.JSON || encoding == Encoding.JSON_IETF) {
            byte[] json = ProtoCodec.json(value, encoding == Encoding.JSON_IETF).getBytes(StandardCharsets.UTF_8);
            return field(encoding == Encoding.JSON ? VAL_JSON : VAL_JSON_IETF, json);
        }
        return switch (value) {
            case TelemetryValue.Uint u -> varintField(VAL_UINT, u.value());
            case TelemetryValue.Int i -> varintField(VAL_INT, i.value());
            case TelemetryValue.Bool b -> varintField(VAL_BOOL, b.value() ? 1 : 0);
            case TelemetryValue.Str s -> field(VAL_STRING, s.value().getBytes(StandardCharsets.UTF_8));
            case TelemetryValue.Real r -> {
                byte[] out = new byte[9];
                out[0] = (byte) VAL_DOUBLE;
                long bits = Double.doubleToRawLongBits(r.value());
                for (int i = 0; i < 8; i++) {
                    out[1 + i] = (byte) (bits >>> (8 * i));
                }
                yield out;
            }
        };
    }

    private static byte[] varintField(int tag, long v) {
        byte[] out = new byte[1 + varintSize(v)];
        out[0] = (byte) tag;
        putVarint(out, 1, v);
        return out;
    }

    private static byte[] field(int tag, byte[] payload) {
        byte[] out = new byte[1 + varintSize(payload.length) + payload.length];
        out[0] = (byte) tag;
        int p = putVarint(out, 1, payload.length);
        System.arraycopy(payload, 0, out, p, payload.length);
        return out;
    }

    private void ensure(int more) {
        if (pos + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
        }
    }

    private void writeTag(int tag) {
        buf[pos++] = (byte) tag; // every tag here is below 128: one byte
    }

    private void writeBytes(byte[] bytes) {
        writeVarint(bytes.length);
        System.arraycopy(bytes, 0, buf, pos, bytes.length);
        pos += bytes.length;
    }

    private void writeVarint(long v) {
        pos = putVarint(buf, pos, v);
    }

    private static int putVarint(byte[] into, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            into[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        into[at++] = (byte) v;
        return at;
    }

    static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }
}
