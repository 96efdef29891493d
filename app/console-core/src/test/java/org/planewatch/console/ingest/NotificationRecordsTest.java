package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.VariedResponses;
import org.planewatch.gnmi.proto.SubscribeResponse;

/**
 * A topic's reader ({@link NotificationRecords.Reader}) decodes records as the one-off decoder does,
 * each with its own source, and refuses what is not a notification with the same words.
 */
class NotificationRecordsTest {
    private static final long ARRIVAL = 1_700_000_000_000L;

    @Test
    void aReaderDecodesEveryRecordAsTheOneOffDecoderEachWithItsOwnSource() {
        NotificationRecords.Reader reader = NotificationRecords.reader();
        VariedResponses responses = new VariedResponses(21);
        int notifications = 0;
        int refused = 0;
        for (int i = 0; i < 5_000; i++) {
            byte[] record = responses.next().toByteArray();
            // Records of several sources in turn: a notification without prefix.target is its source's.
            String source = "collector-" + (i % 3);
            IngestEvent.Notification expected;
            try {
                expected = NotificationRecords.decode(record, source, ARRIVAL + i);
            } catch (IllegalArgumentException e) {
                IllegalArgumentException read =
                        assertThrows(IllegalArgumentException.class, () -> reader.decode(record, source, 0));
                assertEquals(e.getMessage(), read.getMessage(), "record " + i);
                refused++;
                continue;
            }
            assertEquals(expected, reader.decode(record, source, ARRIVAL + i), "record " + i);
            notifications++;
        }
        assertTrue(notifications > 4_000, "the mix is mostly notifications: " + notifications);
        assertTrue(refused > 0, "the mix has responses without a notification (sync markers): " + refused);
    }

    @Test
    void aReaderWithAFilterLeavesOutTheRefusedUpdatesByTheirWholePathsAndKeepsEveryDelete() {
        // Half the paths, by a property of the whole path (prefix joined): a decision taken once per
        // distinct path must still be the whole path's when a prefix joins elements to it.
        java.util.function.Predicate<org.planewatch.telemetry.path.TelemetryPath> keep =
                path -> (path.toString().hashCode() & 1) == 0;
        NotificationRecords.Reader reader = NotificationRecords.reader(keep);
        VariedResponses responses = new VariedResponses(33);
        int left = 0;
        int kept = 0;
        for (int i = 0; i < 5_000; i++) {
            byte[] record = responses.next().toByteArray();
            IngestEvent.Notification whole;
            try {
                whole = NotificationRecords.decode(record, "collector-0", ARRIVAL);
            } catch (IllegalArgumentException e) {
                continue;
            }
            var wanted =
                    whole.updates().stream().filter(u -> keep.test(u.path())).toList();
            IngestEvent.Notification read = reader.decode(record, "collector-0", ARRIVAL);
            assertEquals(wanted, read.updates(), "record " + i);
            assertEquals(whole.deletes(), read.deletes(), "record " + i);
            assertEquals(whole.target(), read.target(), "record " + i);
            assertEquals(whole.timestampNs(), read.timestampNs(), "record " + i);
            kept += wanted.size();
            left += whole.updates().size() - wanted.size();
        }
        assertTrue(kept > 1_000 && left > 1_000, "both kinds in the mix: kept " + kept + ", left out " + left);
    }

    @Test
    void aReaderRefusesBytesThatAreNotASubscribeResponseSayingSo() {
        byte[] garbage = "not protobuf at all".getBytes(StandardCharsets.UTF_8);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> NotificationRecords.reader().decode(garbage, "kafka:updates", 0));
        assertTrue(e.getMessage().startsWith("not a gNMI SubscribeResponse: "), e.getMessage());
    }

    @Test
    void aReaderRefusesASyncMarkerAsARecordWithoutANotification() {
        byte[] sync =
                SubscribeResponse.newBuilder().setSyncResponse(true).build().toByteArray();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> NotificationRecords.reader().decode(sync, "kafka:updates", 0));
        assertEquals("a SubscribeResponse without a notification", e.getMessage());
    }
}
