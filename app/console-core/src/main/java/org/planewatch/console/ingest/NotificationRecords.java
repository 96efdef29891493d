package org.planewatch.console.ingest;

import com.google.protobuf.InvalidProtocolBufferException;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.gnmi.proto.SubscribeResponse;

/**
 * The value of a record in the collector tier's updates and exclusions topics (docs/scale.md): one
 * gNMI {@code SubscribeResponse} holding one notification whose {@code prefix.target} is the device,
 * decoded as a subscription's responses are.
 */
public final class NotificationRecords {
    private NotificationRecords() {}

    /**
     * Decodes a record value into a notification stamped with {@code arrivalMillis}; {@code source}
     * names where it came from (a topic, a collector). Anything else says what it is not.
     */
    public static IngestEvent.Notification decode(byte[] value, String source, long arrivalMillis) {
        SubscribeResponse response;
        try {
            response = SubscribeResponse.parseFrom(value);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("not a gNMI SubscribeResponse: " + e.getMessage(), e);
        }
        if (!response.hasUpdate()) {
            throw new IllegalArgumentException("a SubscribeResponse without a notification");
        }
        return NotificationDecoder.decode(source, source, response.getUpdate(), arrivalMillis);
    }
}
