package org.planewatch.collector.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.testing.VariedResponses;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/** A record's value decodes, with the console's own decoder, to the notification or decision that was encoded. */
class GnmiRecordsTest {
    @Test
    void aNotificationSurvivesTheRecordEveryValueKindAndDeletesIncluded() {
        List<TelemetryUpdate> updates = List.of(
                new TelemetryUpdate(
                        TelemetryPath.parse("openconfig:/interfaces/interface[name=eth0]/state/counters/in-octets"),
                        new TelemetryValue.Uint(-1L)),
                new TelemetryUpdate(
                        TelemetryPath.parse("mrc:/qps/qp[qpn=7]/state/penalty"), new TelemetryValue.Int(-3)),
                new TelemetryUpdate(
                        TelemetryPath.parse("openconfig:/interfaces/interface[name=eth0]/state/oper-status"),
                        new TelemetryValue.Str("UP")),
                new TelemetryUpdate(
                        TelemetryPath.parse("mrc:/planes/plane[id=1]/state/enabled"), new TelemetryValue.Bool(true)),
                new TelemetryUpdate(
                        TelemetryPath.parse("mrc:/planes/plane[id=1]/state/load"), new TelemetryValue.Real(0.25)));
        List<TelemetryPath> deletes = List.of(ExclusionEventRing.fields(3));
        IngestEvent.Notification sent =
                new IngestEvent.Notification("src", "host-3", 1_700_000_000_123L, updates, deletes, 0);

        IngestEvent.Notification read = GnmiRecords.decode(GnmiRecords.encode(sent), "src", 0);

        assertEquals(sent, read);
    }

    @Test
    void aDecisionSurvivesTheRecordWithItsRingNumberAndTimestamp() {
        List<TelemetryUpdate> leaves = new ArrayList<>();
        for (String field : ExclusionEventRing.FIELDS) {
            TelemetryValue value = switch (field) {
                case ExclusionEventRing.TIMESTAMP -> TelemetryValue.uint(1_795_000_000_000_000_000L);
                case ExclusionEventRing.QPN, ExclusionEventRing.EV, ExclusionEventRing.PLANE -> TelemetryValue.uint(2);
                default -> TelemetryValue.str(field + "-text");
            };
            leaves.add(new TelemetryUpdate(ExclusionEventRing.field(42, field), value));
        }
        ExclusionDecision sent = new ExclusionDecision("t-host-1", "host-1", 42, leaves);

        ExclusionDecision read = GnmiRecords.decodeDecision(GnmiRecords.encode(sent), "t-host-1");

        assertEquals(sent, read);
        assertEquals(sent.id(), read.id());
    }

    @Test
    void bytesThatAreNotARecordAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> GnmiRecords.decode(new byte[] {(byte) 0xff, 1, 2}, "x", 0));
    }

    @Test
    void aWriterWritesTheSameBytesAsTheBuildersForVariedNotifications() {
        GnmiRecords.Writer writer = GnmiRecords.writer();
        VariedResponses responses = new VariedResponses(33);
        int compared = 0;
        for (int i = 0; i < 5_000; i++) {
            IngestEvent.Notification notification;
            try {
                notification = NotificationRecords.decode(responses.next().toByteArray(), "src", 0);
            } catch (IllegalArgumentException notANotification) {
                continue; // a sync marker: collectors write notifications only
            }
            assertArrayEquals(GnmiRecords.encode(notification), writer.encode(notification), "notification " + i);
            compared++;
        }
        assertTrue(compared > 4_000, "most of the mix are notifications: " + compared);
    }

    @Test
    void aWriterWritesTheSameBytesForTheEdgesOfTheFormat() {
        GnmiRecords.Writer writer = GnmiRecords.writer();
        TelemetryPath counter =
                TelemetryPath.parse("openconfig:/interfaces/interface[name=eth0]/state/counters/in-octets");
        List<IngestEvent.Notification> edges = List.of(
                // no target, no timestamp, nothing in it
                new IngestEvent.Notification("src", "", 0, List.of(), List.of(), 0),
                // zero and empty values, which proto3 leaves out of a message but not of a oneof
                new IngestEvent.Notification(
                        "src",
                        "host-1",
                        -5,
                        List.of(
                                new TelemetryUpdate(counter, TelemetryValue.uint(0)),
                                new TelemetryUpdate(TelemetryPath.ROOT, new TelemetryValue.Str("")),
                                new TelemetryUpdate(counter, new TelemetryValue.Bool(false)),
                                new TelemetryUpdate(counter, new TelemetryValue.Real(0.0)),
                                new TelemetryUpdate(counter, new TelemetryValue.Int(0))),
                        List.of(TelemetryPath.ROOT, counter),
                        0));
        for (IngestEvent.Notification edge : edges) {
            assertArrayEquals(GnmiRecords.encode(edge), writer.encode(edge), edge.toString());
            assertArrayEquals(GnmiRecords.encode(edge), writer.encode(edge), "again, its paths kept: " + edge);
        }
    }
}
