package org.planewatch.console.ingest;

import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.gnmi.proto.Notification;

/** Lets state tests feed wire notifications through the real decoder without a network. */
public final class NotificationDecoderAccess {
    private NotificationDecoderAccess() {}

    public static IngestEvent.Notification decode(String source, Notification notification, long arrivalMillis) {
        return NotificationDecoder.decode(source, source, notification, arrivalMillis);
    }
}
