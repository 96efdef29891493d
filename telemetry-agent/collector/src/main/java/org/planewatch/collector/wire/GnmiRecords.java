package org.planewatch.collector.wire;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.console.ingest.NotificationDecoder;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The value of every record the collectors write: one gNMI {@code SubscribeResponse} holding one
 * {@code Notification} (gnmi.proto, the same bytes an agent sends and gnmic's Kafka output writes in
 * its "proto" format), with {@code prefix.target} the device and every path whole. The schema is
 * gnmi.proto and the telemetry schema (docs/telemetry-schema.md); docs/scale.md describes the
 * records. An exclusion decision is the notification of its eight leaves ({@code
 * mrc:/events/event[seq=S]/state/...}), stamped with the decision's own timestamp.
 */
public final class GnmiRecords {
    private GnmiRecords() {}

    public static byte[] encode(IngestEvent.Notification notification) {
        Notification.Builder builder = Notification.newBuilder()
                .setTimestamp(notification.timestampNs())
                .setPrefix(Path.newBuilder().setTarget(notification.target()));
        List<TelemetryUpdate> updates = notification.updates();
        for (int i = 0; i < updates.size(); i++) {
            TelemetryUpdate update = updates.get(i);
            builder.addUpdate(Update.newBuilder()
                    .setPath(NotificationDecoder.encode(update.path()))
                    .setVal(value(update.value())));
        }
        for (TelemetryPath deleted : notification.deletes()) {
            builder.addDelete(NotificationDecoder.encode(deleted));
        }
        return SubscribeResponse.newBuilder().setUpdate(builder).build().toByteArray();
    }

    /** A writer for one thread's stream of records: the same bytes as {@link #encode}, a few times faster. */
    public static Writer writer() {
        return new Writer();
    }

    /**
     * Writes records straight in the wire format, each distinct path's {@code Path} message encoded
     * once and kept (paths repeat across devices and samples: a port's counter path is the same on
     * every switch), values written in place: no protobuf builder or message per update. Encoding
     * through the generated builders cost a collector 1.6 to 2 us an update (docs/benchmarks.md,
     * {@code RollupTaskBench}), more than a rollup task spends decoding and applying it. The bytes are
     * those of {@link #encode}, field for field ({@code GnmiRecordsTest} compares them). Not
     * thread-safe: one per publishing thread.
     */
    public static final class Writer {
        /** Paths kept at most; past it the cache starts afresh (a fabric's distinct leaf paths are far fewer). */
        static final int MAX_PATHS = 1 << 18;

        // Field numbers of gnmi.proto.
        private static final int RESPONSE_UPDATE = 1;
        private static final int NOTIFICATION_TIMESTAMP = 1;
        private static final int NOTIFICATION_PREFIX = 2;
        private static final int NOTIFICATION_UPDATE = 4;
        private static final int NOTIFICATION_DELETE = 5;
        private static final int PATH_TARGET = 4;
        private static final int UPDATE_PATH = 1;
        private static final int UPDATE_VAL = 3;
        private static final int VALUE_STRING = 1;
        private static final int VALUE_INT = 2;
        private static final int VALUE_UINT = 3;
        private static final int VALUE_BOOL = 4;
        private static final int VALUE_DOUBLE = 14;

        private final Map<TelemetryPath, byte[]> paths = new HashMap<>();

        private Writer() {}

        public byte[] encode(IngestEvent.Notification notification) {
            List<TelemetryUpdate> updates = notification.updates();
            List<TelemetryPath> deletes = notification.deletes();
            // proto3 leaves an empty string out: an empty target is an empty prefix, as the builders write it
            String target = notification.target();
            int prefixSize = target.isEmpty() ? 0 : CodedOutputStream.computeStringSize(PATH_TARGET, target);
            int notificationSize = 0;
            if (notification.timestampNs() != 0) {
                notificationSize +=
                        CodedOutputStream.computeInt64Size(NOTIFICATION_TIMESTAMP, notification.timestampNs());
            }
            notificationSize += messageSize(NOTIFICATION_PREFIX, prefixSize);
            byte[][] updatePaths = new byte[updates.size()][];
            int[] valueSizes = new int[updates.size()];
            for (int i = 0; i < updates.size(); i++) {
                TelemetryUpdate update = updates.get(i);
                updatePaths[i] = pathBytes(update.path());
                valueSizes[i] = valueSize(update.value());
                notificationSize += messageSize(NOTIFICATION_UPDATE, updateSize(updatePaths[i], valueSizes[i]));
            }
            byte[][] deletePaths = new byte[deletes.size()][];
            for (int i = 0; i < deletes.size(); i++) {
                deletePaths[i] = pathBytes(deletes.get(i));
                notificationSize += messageSize(NOTIFICATION_DELETE, deletePaths[i].length);
            }
            byte[] record = new byte[messageSize(RESPONSE_UPDATE, notificationSize)];
            CodedOutputStream out = CodedOutputStream.newInstance(record);
            try {
                out.writeTag(RESPONSE_UPDATE, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(notificationSize);
                if (notification.timestampNs() != 0) {
                    out.writeInt64(NOTIFICATION_TIMESTAMP, notification.timestampNs());
                }
                out.writeTag(NOTIFICATION_PREFIX, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(prefixSize);
                if (!target.isEmpty()) {
                    out.writeString(PATH_TARGET, target);
                }
                for (int i = 0; i < updates.size(); i++) {
                    out.writeTag(NOTIFICATION_UPDATE, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    out.writeUInt32NoTag(updateSize(updatePaths[i], valueSizes[i]));
                    out.writeByteArray(UPDATE_PATH, updatePaths[i]);
                    out.writeTag(UPDATE_VAL, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    out.writeUInt32NoTag(valueSizes[i]);
                    writeValue(out, updates.get(i).value());
                }
                for (byte[] deleted : deletePaths) {
                    out.writeByteArray(NOTIFICATION_DELETE, deleted);
                }
                out.checkNoSpaceLeft();
            } catch (IOException e) {
                throw new IllegalStateException("a record's size was reckoned wrong: " + e.getMessage(), e);
            }
            return record;
        }

        private byte[] pathBytes(TelemetryPath path) {
            byte[] bytes = paths.get(path);
            if (bytes == null) {
                if (paths.size() >= MAX_PATHS) {
                    paths.clear();
                }
                bytes = NotificationDecoder.encode(path).toByteArray();
                paths.put(path, bytes);
            }
            return bytes;
        }

        private static int messageSize(int field, int size) {
            return CodedOutputStream.computeTagSize(field) + CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }

        private static int updateSize(byte[] path, int valueSize) {
            return CodedOutputStream.computeByteArraySize(UPDATE_PATH, path) + messageSize(UPDATE_VAL, valueSize);
        }

        private static int valueSize(TelemetryValue value) {
            return switch (value) {
                case TelemetryValue.Uint u -> CodedOutputStream.computeUInt64Size(VALUE_UINT, u.value());
                case TelemetryValue.Int i -> CodedOutputStream.computeInt64Size(VALUE_INT, i.value());
                case TelemetryValue.Str str -> CodedOutputStream.computeStringSize(VALUE_STRING, str.value());
                case TelemetryValue.Bool b -> CodedOutputStream.computeBoolSize(VALUE_BOOL, b.value());
                case TelemetryValue.Real r -> CodedOutputStream.computeDoubleSize(VALUE_DOUBLE, r.value());
            };
        }

        private static void writeValue(CodedOutputStream out, TelemetryValue value) throws IOException {
            switch (value) {
                case TelemetryValue.Uint u -> out.writeUInt64(VALUE_UINT, u.value());
                case TelemetryValue.Int i -> out.writeInt64(VALUE_INT, i.value());
                case TelemetryValue.Str str -> out.writeString(VALUE_STRING, str.value());
                case TelemetryValue.Bool b -> out.writeBool(VALUE_BOOL, b.value());
                case TelemetryValue.Real r -> out.writeDouble(VALUE_DOUBLE, r.value());
            }
        }
    }

    public static byte[] encode(ExclusionDecision decision) {
        return encode(new IngestEvent.Notification(
                decision.source(), decision.device(), decision.timestampNs(), decision.leaves(), List.of(), 0));
    }

    /**
     * Decodes a record value back into a notification (the console's decoder), stamped with {@code
     * arrivalMillis}; {@code source} names where it came from (the topic, a collector).
     */
    public static IngestEvent.Notification decode(byte[] value, String source, long arrivalMillis) {
        return NotificationRecords.decode(value, source, arrivalMillis);
    }

    /** Decodes an exclusions record back into its decision; {@code source} as the record's header says. */
    public static ExclusionDecision decodeDecision(byte[] value, String source) {
        IngestEvent.Notification notification = decode(value, source, 0);
        if (notification.updates().isEmpty()) {
            throw new IllegalArgumentException("an exclusion record without leaves");
        }
        String seq =
                ExclusionEventRing.seqText(notification.updates().getFirst().path());
        if (seq == null) {
            throw new IllegalArgumentException("an exclusion record whose leaves are not in a ring entry: "
                    + notification.updates().getFirst().path());
        }
        return new ExclusionDecision(source, notification.target(), Long.parseLong(seq), notification.updates());
    }

    static TypedValue value(TelemetryValue value) {
        return switch (value) {
            case TelemetryValue.Uint u ->
                TypedValue.newBuilder().setUintVal(u.value()).build();
            case TelemetryValue.Int i ->
                TypedValue.newBuilder().setIntVal(i.value()).build();
            case TelemetryValue.Str s ->
                TypedValue.newBuilder().setStringVal(s.value()).build();
            case TelemetryValue.Bool b ->
                TypedValue.newBuilder().setBoolVal(b.value()).build();
            case TelemetryValue.Real r ->
                TypedValue.newBuilder().setDoubleVal(r.value()).build();
        };
    }
}
