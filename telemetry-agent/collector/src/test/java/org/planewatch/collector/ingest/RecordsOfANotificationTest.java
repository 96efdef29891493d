package org.planewatch.collector.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * A device's coalesced values come out of the queue as one notification, a switch's initial state
 * 20,000 leaves: more than a Kafka record may hold by default. The forwarder publishes it in records
 * of at most {@link Forwarder#MAX_UPDATES_PER_RECORD} updates, every update once and in order.
 */
class RecordsOfANotificationTest {

    @Test
    void aNotificationLargerThanARecordGoesInOrderedRecordsOfAtMostTheBound() {
        UpdateColumns.Builder columns = new UpdateColumns.Builder(2_500);
        for (int i = 0; i < 2_500; i++) {
            columns.addUint(
                    TelemetryPath.parse("openconfig:/interfaces/interface[name=eth" + i + "]/state/counters/in-pkts"),
                    i);
        }
        List<TelemetryPath> deletes = List.of(TelemetryPath.parse("mrc:/events/event[seq=3]"));
        IngestEvent.Notification whole =
                new IngestEvent.Notification("agent-0", "p0-t0-7", 42, columns.build(), deletes, 1_000);

        List<IngestEvent.Notification> records = Forwarder.records(whole);

        assertEquals(
                List.of(1_000, 1_000, 500),
                records.stream().map(r -> r.updates().size()).toList());
        List<TelemetryUpdate> rejoined = new ArrayList<>();
        records.forEach(r -> rejoined.addAll(r.updates()));
        assertEquals(whole.updates(), rejoined, "every update once, in order");
        assertEquals(deletes, records.getFirst().deletes(), "the deletes go with the first record");
        assertEquals(List.of(), records.getLast().deletes());
        records.forEach(r -> {
            assertEquals("p0-t0-7", r.target());
            assertEquals(42, r.timestampNs());
            assertEquals(1_000, r.arrivalMillis());
        });
    }

    @Test
    void aNotificationWithinTheBoundIsOneRecord() {
        IngestEvent.Notification small = new IngestEvent.Notification(
                "agent-0",
                "host-3",
                7,
                List.of(new TelemetryUpdate(
                        TelemetryPath.parse("mrc:/planes/plane[id=0]/state/oper-status"),
                        org.planewatch.telemetry.value.TelemetryValue.str("UP"))),
                List.of(),
                5);
        assertEquals(List.of(small), Forwarder.records(small));
    }
}
