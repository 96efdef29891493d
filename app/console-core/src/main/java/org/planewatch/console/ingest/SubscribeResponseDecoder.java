package org.planewatch.console.ingest;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.PathInterner;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Decodes one stream's SubscribeResponse bytes straight into {@link IngestEvent}s, without the
 * protobuf object graph: the wire format is walked once, each update's path bytes are looked up in
 * a cache keyed on those bytes (one interned {@link TelemetryPath} per distinct path), and values
 * are unboxed in place. Same result as {@link NotificationDecoder} over the generated classes (prefix
 * and path join, origin, target, deletes, sync_response, timestamps, every TypedValue kind); messages
 * in forms this walk does not reproduce exactly (a singular message field sent twice, groups,
 * decimal/any values, the deprecated error and Value fields, extensions) go through that decoder.
 * One stream, one thread at a time.
 */
final class SubscribeResponseDecoder {
    private static final TelemetryPath EMPTY_PATH = new TelemetryPath("", List.of());
    private static final Prefix NO_PREFIX = new Prefix("", EMPTY_PATH);
    private static final TelemetryValue VALUE_NOT_SET =
            new TelemetryValue.Str(TypedValue.ValueCase.VALUE_NOT_SET.name());
    private static final TelemetryValue BYTES_VAL = new TelemetryValue.Str(TypedValue.ValueCase.BYTES_VAL.name());
    private static final TelemetryValue PROTO_BYTES = new TelemetryValue.Str(TypedValue.ValueCase.PROTO_BYTES.name());
    private static final int MAX_PATHS = 1 << 18;
    private static final int MAX_PREFIXES = 1 << 14;

    // Tags (field number << 3 | wire type) of the messages walked here.
    private static final int RESPONSE_UPDATE = 1 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int RESPONSE_SYNC = 3 << 3 | WireReader.VARINT;
    private static final int RESPONSE_ERROR = 4 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int RESPONSE_EXTENSION = 5 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int NOTIFICATION_TIMESTAMP = 1 << 3 | WireReader.VARINT;
    private static final int NOTIFICATION_PREFIX = 2 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int NOTIFICATION_UPDATE = 4 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int NOTIFICATION_DELETE = 5 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int UPDATE_PATH = 1 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int UPDATE_VALUE = 2 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int UPDATE_VAL = 3 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int PATH_ELEMENT = 1 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int PATH_ORIGIN = 2 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int PATH_ELEM = 3 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int PATH_TARGET = 4 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int ELEM_NAME = 1 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int ELEM_KEY = 2 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int ENTRY_KEY = 1 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int ENTRY_VALUE = 2 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_STRING = 1 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_INT = 2 << 3 | WireReader.VARINT;
    private static final int VALUE_UINT = 3 << 3 | WireReader.VARINT;
    private static final int VALUE_BOOL = 4 << 3 | WireReader.VARINT;
    private static final int VALUE_BYTES = 5 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_FLOAT = 6 << 3 | WireReader.FIXED32;
    private static final int VALUE_DECIMAL = 7 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_LEAFLIST = 8 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_ANY = 9 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_JSON = 10 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_JSON_IETF = 11 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_ASCII = 12 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_PROTO_BYTES = 13 << 3 | WireReader.LENGTH_DELIMITED;
    private static final int VALUE_DOUBLE = 14 << 3 | WireReader.FIXED64;
    private static final int ARRAY_ELEMENT = 1 << 3 | WireReader.LENGTH_DELIMITED;

    /** A notification prefix: the device it names and the path its updates are relative to. */
    private record Prefix(String target, TelemetryPath path) {
        boolean joinsNothing() {
            return path.elems().isEmpty() && path.origin().isEmpty();
        }
    }

    /**
     * A distinct path as decoded once, and whether {@link #keep} keeps its updates (decided once per
     * path, for notifications whose prefix joins nothing to it).
     */
    private record CachedPath(TelemetryPath path, boolean kept) {}

    /** Which updates the reader wants, by path; null for all of them. */
    private final Predicate<TelemetryPath> keep;

    /** Where the events come from: one stream's source, or each record's ({@link #decode(byte[], String, long)}). */
    private String source;

    private String defaultTarget;
    private final ByteKeyedCache<CachedPath> paths = new ByteKeyedCache<>(MAX_PATHS);
    private final ByteKeyedCache<Prefix> prefixes = new ByteKeyedCache<>(MAX_PREFIXES);
    private final NotificationDecoder.PathCache standardPaths = new NotificationDecoder.PathCache();
    private TelemetryPath[] tails = new TelemetryPath[1024];
    private TelemetryValue[] values = new TelemetryValue[1024];
    /** Whether {@link #keep} keeps each tail of {@link #tails} on its own (its path's cached decision). */
    private boolean[] tailKept = new boolean[1024];

    private long standardDecodes;
    /** The target of the path parsed last (set by {@link #path}). */
    private String parsedTarget = "";

    SubscribeResponseDecoder(String source, String defaultTarget) {
        this(source, defaultTarget, null);
    }

    /**
     * @param keep which updates to decode, by their whole path: the others are left out before their
     *     values are read (deletes are all kept); null for every update
     */
    SubscribeResponseDecoder(String source, String defaultTarget, Predicate<TelemetryPath> keep) {
        this.source = source;
        this.defaultTarget = defaultTarget;
        this.keep = keep;
    }

    /**
     * The event one response carries: a notification, a sync marker, or {@code null} for responses
     * the console does not use (the deprecated error, no content).
     *
     * @throws MalformedResponseException if the bytes are not a SubscribeResponse, saying what and where
     */
    IngestEvent decode(byte[] bytes, int length, long arrivalMillis) {
        try {
            return response(new WireReader(bytes, 0, length), arrivalMillis);
        } catch (WireReader.NeedsStandardDecoder signal) {
            return standard(bytes, length, arrivalMillis, null);
        } catch (MalformedResponseException | IllegalArgumentException e) {
            // Not valid to this walk: the generated parser has the last word (and if it agrees, our message says
            // where).
            return standard(bytes, length, arrivalMillis, e);
        }
    }

    /**
     * The event one record of the collector tier's topics carries ({@link NotificationRecords}): the
     * record's own {@code source} names where it came from, and a notification without {@code
     * prefix.target} is the source's, as the generated decoder has it. The caches serve every record.
     */
    IngestEvent decode(byte[] value, String recordSource, long arrivalMillis) {
        source = recordSource;
        defaultTarget = recordSource;
        return decode(value, value.length, arrivalMillis);
    }

    /** How many messages went through the generated classes instead of the walk (tests check the mix). */
    long standardDecodes() {
        return standardDecodes;
    }

    private IngestEvent standard(byte[] bytes, int length, long arrivalMillis, RuntimeException fastError) {
        standardDecodes++;
        try {
            SubscribeResponse response = SubscribeResponse.parser().parseFrom(bytes, 0, length);
            return kept(NotificationDecoder.event(source, defaultTarget, response, arrivalMillis, standardPaths));
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            if (fastError instanceof MalformedResponseException malformed) {
                throw malformed;
            }
            throw new MalformedResponseException("SubscribeResponse of " + length + " bytes is not valid gNMI: "
                    + (fastError != null ? fastError.getMessage() : e.getMessage()));
        }
    }

    /** {@code event} with only the updates {@link #keep} keeps, as the walk leaves them. */
    private IngestEvent kept(IngestEvent event) {
        if (keep == null || !(event instanceof IngestEvent.Notification n)) {
            return event;
        }
        return n.keepingUpdates(keep);
    }

    private IngestEvent response(WireReader in, long arrivalMillis) {
        IngestEvent event = null;
        boolean sawUpdate = false;
        while (in.more()) {
            int tag = in.tag("SubscribeResponse");
            switch (tag) {
                case RESPONSE_UPDATE -> {
                    if (sawUpdate) {
                        throw WireReader.NeedsStandardDecoder.INSTANCE;
                    }
                    sawUpdate = true;
                    int end = in.lengthDelimited("SubscribeResponse.update");
                    int outer = in.pushLimit(end);
                    event = notification(in, arrivalMillis);
                    in.popLimit(outer);
                }
                case RESPONSE_SYNC -> {
                    in.varint("SubscribeResponse.sync_response");
                    event = new IngestEvent.Synced(source, arrivalMillis);
                }
                case RESPONSE_ERROR, RESPONSE_EXTENSION -> throw WireReader.NeedsStandardDecoder.INSTANCE;
                default -> in.skip(tag, "SubscribeResponse");
            }
        }
        return event;
    }

    private IngestEvent.Notification notification(WireReader in, long arrivalMillis) {
        long timestamp = 0;
        Prefix prefix = NO_PREFIX;
        boolean sawPrefix = false;
        int count = 0;
        List<TelemetryPath> deletes = List.of();
        while (in.more()) {
            int tag = in.tag("Notification");
            switch (tag) {
                case NOTIFICATION_TIMESTAMP -> timestamp = in.varint("Notification.timestamp");
                case NOTIFICATION_PREFIX -> {
                    if (sawPrefix) {
                        throw WireReader.NeedsStandardDecoder.INSTANCE;
                    }
                    sawPrefix = true;
                    prefix = prefix(in);
                }
                case NOTIFICATION_UPDATE -> {
                    if (count == tails.length) {
                        tails = Arrays.copyOf(tails, count * 2);
                        values = Arrays.copyOf(values, count * 2);
                        tailKept = Arrays.copyOf(tailKept, count * 2);
                    }
                    int end = in.lengthDelimited("Notification.update");
                    int outer = in.pushLimit(end);
                    // A path's own decision holds only when nothing is joined to it: a prefix read already
                    // and joining nothing (a prefix after the updates is checked at the end, whole paths).
                    boolean decided = keep != null && sawPrefix && prefix.joinsNothing();
                    if (update(in, count, decided)) {
                        count++;
                    }
                    in.seek(end);
                    in.popLimit(outer);
                }
                case NOTIFICATION_DELETE -> {
                    if (deletes.isEmpty()) {
                        deletes = new ArrayList<>();
                    }
                    deletes.add(cachedPath(in, "Notification.delete").path());
                }
                default -> in.skip(tag, "Notification");
            }
        }
        TelemetryUpdate[] updates = new TelemetryUpdate[count];
        boolean joinsNothing = prefix.joinsNothing();
        int kept = 0;
        for (int i = 0; i < count; i++) {
            TelemetryPath whole = joinsNothing ? tails[i] : NotificationDecoder.join(prefix.path(), tails[i]);
            if (keep == null || (joinsNothing ? tailKept[i] : keep.test(whole))) {
                updates[kept++] = new TelemetryUpdate(whole, values[i]);
            }
            values[i] = null;
        }
        if (kept < count) {
            updates = Arrays.copyOf(updates, kept);
        }
        for (int i = 0; i < deletes.size(); i++) {
            deletes.set(i, NotificationDecoder.join(prefix.path(), deletes.get(i)));
        }
        String target = prefix.target().isEmpty() ? defaultTarget : prefix.target();
        return new IngestEvent.Notification(source, target, timestamp, Arrays.asList(updates), deletes, arrivalMillis);
    }

    private Prefix prefix(WireReader in) {
        int end = in.lengthDelimited("Notification.prefix");
        byte[] bytes = in.bytes();
        int from = in.position();
        int hash = ByteKeyedCache.hash(bytes, from, end);
        Prefix prefix = prefixes.get(bytes, from, end, hash);
        if (prefix == null) {
            int outer = in.pushLimit(end);
            TelemetryPath path = path(in, "Notification.prefix");
            in.popLimit(outer);
            prefix = new Prefix(parsedTarget, path);
            prefixes.put(bytes, from, end, hash, prefix);
        }
        in.seek(end);
        return prefix;
    }

    /**
     * Reads one update into slot {@code index}; false, and its value not read, when {@code decided}
     * and {@link #keep} leaves its path out.
     */
    private boolean update(WireReader in, int index, boolean decided) {
        TelemetryPath path = EMPTY_PATH;
        boolean kept = true;
        TelemetryValue value = VALUE_NOT_SET;
        boolean sawPath = false;
        boolean sawVal = false;
        while (in.more()) {
            int tag = in.tag("Update");
            switch (tag) {
                case UPDATE_PATH -> {
                    if (sawPath) {
                        throw WireReader.NeedsStandardDecoder.INSTANCE;
                    }
                    sawPath = true;
                    CachedPath cached = cachedPath(in, "Update.path");
                    if (decided && !cached.kept()) {
                        return false;
                    }
                    path = cached.path();
                    kept = cached.kept();
                }
                case UPDATE_VAL -> {
                    if (sawVal) {
                        throw WireReader.NeedsStandardDecoder.INSTANCE;
                    }
                    sawVal = true;
                    int end = in.lengthDelimited("Update.val");
                    int outer = in.pushLimit(end);
                    value = typedValue(in, false);
                    in.popLimit(outer);
                }
                case UPDATE_VALUE -> throw WireReader.NeedsStandardDecoder.INSTANCE;
                default -> in.skip(tag, "Update");
            }
        }
        if (!sawPath && keep != null) {
            kept = keep.test(path); // no path: the empty one
        }
        if (decided && !kept) {
            return false;
        }
        tails[index] = path;
        tailKept[index] = kept;
        values[index] = value;
        return true;
    }

    private CachedPath cachedPath(WireReader in, String what) {
        int end = in.lengthDelimited(what);
        byte[] bytes = in.bytes();
        int from = in.position();
        int hash = ByteKeyedCache.hash(bytes, from, end);
        CachedPath cached = paths.get(bytes, from, end, hash);
        if (cached == null) {
            int outer = in.pushLimit(end);
            TelemetryPath path = PathInterner.shared().intern(path(in, what));
            in.popLimit(outer);
            cached = new CachedPath(path, keep == null || keep.test(path));
            paths.put(bytes, from, end, hash, cached);
        }
        in.seek(end);
        return cached;
    }

    /** A Path message up to the reader's limit; its target is left in {@link #parsedTarget}. */
    private TelemetryPath path(WireReader in, String what) {
        String origin = "";
        String target = "";
        List<PathElem> elems = new ArrayList<>();
        while (in.more()) {
            int tag = in.tag(what);
            switch (tag) {
                case PATH_ELEMENT -> in.string(what + ".element");
                case PATH_ORIGIN -> origin = in.string(what + ".origin");
                case PATH_TARGET -> target = in.string(what + ".target");
                case PATH_ELEM -> {
                    int end = in.lengthDelimited(what + ".elem");
                    int outer = in.pushLimit(end);
                    elems.add(elem(in, what + ".elem"));
                    in.popLimit(outer);
                }
                default -> in.skip(tag, what);
            }
        }
        parsedTarget = target;
        return new TelemetryPath(origin, elems);
    }

    private static PathElem elem(WireReader in, String what) {
        int start = in.position();
        String name = "";
        Map<String, String> keys = Map.of();
        while (in.more()) {
            int tag = in.tag(what);
            switch (tag) {
                case ELEM_NAME -> name = in.string(what + ".name");
                case ELEM_KEY -> {
                    int end = in.lengthDelimited(what + ".key");
                    int outer = in.pushLimit(end);
                    String key = "";
                    String value = "";
                    while (in.more()) {
                        int entryTag = in.tag(what + ".key");
                        switch (entryTag) {
                            case ENTRY_KEY -> key = in.string(what + ".key name");
                            case ENTRY_VALUE -> value = in.string(what + ".key value");
                            default -> in.skip(entryTag, what + ".key");
                        }
                    }
                    in.popLimit(outer);
                    if (keys.isEmpty()) {
                        keys = new LinkedHashMap<>();
                    }
                    keys.put(key, value);
                }
                default -> in.skip(tag, what);
            }
        }
        if (name.isEmpty()) {
            throw in.malformed("path element without a name in " + what, start);
        }
        return new PathElem(name, keys);
    }

    /** A TypedValue up to the reader's limit; the last member of the oneof on the wire wins, as in protobuf. */
    private static TelemetryValue typedValue(WireReader in, boolean inLeafList) {
        TelemetryValue value = VALUE_NOT_SET;
        boolean sawLeafList = false;
        while (in.more()) {
            int tag = in.tag("TypedValue");
            switch (tag) {
                case VALUE_STRING -> value = new TelemetryValue.Str(in.string("TypedValue.string_val"));
                case VALUE_INT -> value = new TelemetryValue.Int(in.varint("TypedValue.int_val"));
                case VALUE_UINT -> value = TelemetryValue.uint(in.varint("TypedValue.uint_val"));
                case VALUE_BOOL -> value = new TelemetryValue.Bool(in.varint("TypedValue.bool_val") != 0);
                case VALUE_FLOAT ->
                    value = new TelemetryValue.Real(Float.intBitsToFloat(in.fixed32("TypedValue.float_val")));
                case VALUE_DOUBLE ->
                    value = new TelemetryValue.Real(Double.longBitsToDouble(in.fixed64("TypedValue.double_val")));
                case VALUE_ASCII -> value = new TelemetryValue.Str(in.string("TypedValue.ascii_val"));
                case VALUE_JSON -> value = new TelemetryValue.Str(in.bytesAsText("TypedValue.json_val"));
                case VALUE_JSON_IETF -> value = new TelemetryValue.Str(in.bytesAsText("TypedValue.json_ietf_val"));
                case VALUE_BYTES -> {
                    in.skip(tag, "TypedValue.bytes_val");
                    value = BYTES_VAL;
                }
                case VALUE_PROTO_BYTES -> {
                    in.skip(tag, "TypedValue.proto_bytes");
                    value = PROTO_BYTES;
                }
                case VALUE_LEAFLIST -> {
                    if (inLeafList || sawLeafList) {
                        throw WireReader.NeedsStandardDecoder.INSTANCE;
                    }
                    sawLeafList = true;
                    value = new TelemetryValue.Str(leafList(in));
                }
                case VALUE_DECIMAL, VALUE_ANY -> throw WireReader.NeedsStandardDecoder.INSTANCE;
                default -> in.skip(tag, "TypedValue");
            }
        }
        return value;
    }

    /** Leaf-lists become one comma-separated string, as {@link NotificationDecoder} makes them. */
    private static String leafList(WireReader in) {
        int end = in.lengthDelimited("TypedValue.leaflist_val");
        int outer = in.pushLimit(end);
        StringBuilder text = new StringBuilder();
        boolean first = true;
        while (in.more()) {
            int tag = in.tag("ScalarArray");
            if (tag == ARRAY_ELEMENT) {
                int elementEnd = in.lengthDelimited("ScalarArray.element");
                int inner = in.pushLimit(elementEnd);
                String element = typedValue(in, true).text();
                in.popLimit(inner);
                if (!first) {
                    text.append(',');
                }
                text.append(element);
                first = false;
            } else {
                in.skip(tag, "ScalarArray");
            }
        }
        in.popLimit(outer);
        return text.toString();
    }
}
