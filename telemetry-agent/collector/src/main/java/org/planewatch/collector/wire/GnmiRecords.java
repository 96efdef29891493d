package org.planewatch.collector.wire;

import java.util.List;
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
