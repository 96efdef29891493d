package org.planewatch.console.ingest;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.Objects;
import java.util.function.Predicate;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.telemetry.path.TelemetryPath;

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
            throw notGnmi(e.getMessage(), e);
        }
        if (!response.hasUpdate()) {
            throw withoutNotification();
        }
        return NotificationDecoder.decode(source, source, response.getUpdate(), arrivalMillis);
    }

    /** A reader for one thread's stream of records: the same result as {@link #decode}, a few times faster. */
    public static Reader reader() {
        return new Reader(null);
    }

    /**
     * A reader that leaves out the updates whose path {@code keep} refuses before their values are read
     * (decided once per distinct path); deletes are all kept. For a reader that uses a fraction of
     * what devices send: the rollups never read a switch's queues or a host's QPs (ADR 0128).
     */
    public static Reader reader(Predicate<TelemetryPath> keep) {
        return new Reader(Objects.requireNonNull(keep, "keep"));
    }

    /**
     * Decodes records with the walk a subscription's responses go through ({@link
     * SubscribeResponseDecoder}: no protobuf objects, each distinct path made once and shared), for
     * the threads that read a topic's every record: the rollups' per-device tasks, a drill-down, the
     * recorder of alarmed devices. Parsing into the generated classes took two thirds of a rollup
     * task's time (docs/benchmarks.md, {@code RollupTaskBench}). Not thread-safe: one per reading
     * thread.
     */
    public static final class Reader {
        private final SubscribeResponseDecoder decoder;

        private Reader(Predicate<TelemetryPath> keep) {
            this.decoder = new SubscribeResponseDecoder("", "", keep);
        }

        /** As {@link NotificationRecords#decode}. */
        public IngestEvent.Notification decode(byte[] value, String source, long arrivalMillis) {
            IngestEvent event;
            try {
                event = decoder.decode(value, source, arrivalMillis);
            } catch (MalformedResponseException e) {
                throw notGnmi(e.getMessage(), e);
            }
            if (event instanceof IngestEvent.Notification notification) {
                return notification;
            }
            throw withoutNotification();
        }
    }

    private static IllegalArgumentException notGnmi(String why, Exception cause) {
        return new IllegalArgumentException("not a gNMI SubscribeResponse: " + why, cause);
    }

    private static IllegalArgumentException withoutNotification() {
        return new IllegalArgumentException("a SubscribeResponse without a notification");
    }
}
