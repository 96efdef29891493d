package org.planewatch.console.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** Turns wire notifications into {@link IngestEvent.Notification}s: prefix applied, values unboxed. */
public final class NotificationDecoder {
    private NotificationDecoder() {}

    /**
     * Decoded paths by wire path, for one stream's thread. Agents repeat the same few thousand paths
     * every sample, so decoding each once takes the sorted key maps off the per-update cost.
     */
    public static final class PathCache {
        private static final int MAX_ENTRIES = 1 << 18;
        private final HashMap<Path, TelemetryPath> paths = new HashMap<>();

        TelemetryPath get(Path path) {
            TelemetryPath decoded = paths.get(path);
            if (decoded == null) {
                if (paths.size() >= MAX_ENTRIES) {
                    paths.clear();
                }
                decoded = NotificationDecoder.decode(path);
                paths.put(path, decoded);
            }
            return decoded;
        }
    }

    public static IngestEvent.Notification decode(
            String source, String defaultTarget, Notification notification, long arrivalMillis) {
        return decode(source, defaultTarget, notification, arrivalMillis, null);
    }

    public static IngestEvent.Notification decode(
            String source, String defaultTarget, Notification notification, long arrivalMillis, PathCache cache) {
        Path prefix = notification.getPrefix();
        String target = prefix.getTarget().isEmpty() ? defaultTarget : prefix.getTarget();
        TelemetryPath prefixPath = decode(prefix);
        boolean cacheable = cache != null
                && prefixPath.elems().isEmpty()
                && prefixPath.origin().isEmpty();
        List<TelemetryUpdate> updates = new ArrayList<>(notification.getUpdateCount());
        for (Update update : notification.getUpdateList()) {
            TelemetryPath path = cacheable ? cache.get(update.getPath()) : join(prefixPath, update.getPath());
            updates.add(new TelemetryUpdate(path, value(update.getVal())));
        }
        List<TelemetryPath> deletes = new ArrayList<>(notification.getDeleteCount());
        for (Path delete : notification.getDeleteList()) {
            deletes.add(join(prefixPath, delete));
        }
        return new IngestEvent.Notification(
                source, target, notification.getTimestamp(), updates, deletes, arrivalMillis);
    }

    /**
     * The event one response carries through the generated classes: a notification, a sync marker,
     * or {@code null} for responses the console does not use (the deprecated error, no content).
     */
    static IngestEvent event(
            String source, String defaultTarget, SubscribeResponse response, long arrivalMillis, PathCache cache) {
        return switch (response.getResponseCase()) {
            case UPDATE -> decode(source, defaultTarget, response.getUpdate(), arrivalMillis, cache);
            case SYNC_RESPONSE -> new IngestEvent.Synced(source, arrivalMillis);
            default -> null;
        };
    }

    private static TelemetryPath join(TelemetryPath prefix, Path path) {
        return join(prefix, decode(path));
    }

    /** {@code tail} under {@code prefix}: the prefix's elements first; the tail's own origin wins over the prefix's. */
    static TelemetryPath join(TelemetryPath prefix, TelemetryPath tail) {
        if (prefix.elems().isEmpty()) {
            return prefix.origin().isEmpty() || !tail.origin().isEmpty()
                    ? tail
                    : new TelemetryPath(prefix.origin(), tail.elems());
        }
        return prefix.concat(tail);
    }

    static TelemetryPath decode(Path path) {
        List<PathElem> elems = new ArrayList<>(path.getElemCount());
        for (org.planewatch.gnmi.proto.PathElem elem : path.getElemList()) {
            Map<String, String> keys = elem.getKeyMap();
            elems.add(new PathElem(elem.getName(), keys));
        }
        return new TelemetryPath(path.getOrigin(), elems);
    }

    static TelemetryValue value(TypedValue value) {
        return switch (value.getValueCase()) {
            case UINT_VAL -> new TelemetryValue.Uint(value.getUintVal());
            case INT_VAL -> new TelemetryValue.Int(value.getIntVal());
            case DOUBLE_VAL -> new TelemetryValue.Real(value.getDoubleVal());
            case FLOAT_VAL -> new TelemetryValue.Real(value.getFloatVal());
            case BOOL_VAL -> new TelemetryValue.Bool(value.getBoolVal());
            case STRING_VAL -> new TelemetryValue.Str(value.getStringVal());
            case ASCII_VAL -> new TelemetryValue.Str(value.getAsciiVal());
            case JSON_IETF_VAL -> new TelemetryValue.Str(value.getJsonIetfVal().toStringUtf8());
            case JSON_VAL -> new TelemetryValue.Str(value.getJsonVal().toStringUtf8());
            case LEAFLIST_VAL -> new TelemetryValue.Str(leafList(value));
            default -> new TelemetryValue.Str(value.getValueCase().name());
        };
    }

    /** Leaf-lists (the links of an exclusion event) become one comma-separated string. */
    private static String leafList(TypedValue value) {
        List<String> parts = new ArrayList<>();
        for (TypedValue element : value.getLeaflistVal().getElementList()) {
            parts.add(value(element).text());
        }
        return String.join(",", parts);
    }

    /** The wire form of a plan path, with {@code target} set on subscription prefixes by the caller. */
    /** A path as gNMI carries it: also how the collector tier writes paths to Kafka. */
    public static Path encode(TelemetryPath path) {
        Path.Builder builder = Path.newBuilder().setOrigin(path.origin());
        for (PathElem elem : path.elems()) {
            builder.addElem(org.planewatch.gnmi.proto.PathElem.newBuilder()
                    .setName(elem.name())
                    .putAllKey(elem.keys()));
        }
        return builder.build();
    }
}
