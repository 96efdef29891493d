package org.planewatch.console.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class EventColumnsTest {
    private static final TelemetryPath OCTETS =
            TelemetryPath.parse("/interfaces/interface[name=eth1]/state/counters/out-octets");
    private static final TelemetryPath STATUS =
            TelemetryPath.parse("/interfaces/interface[name=eth1]/state/oper-status");
    private static final TelemetryPath EVENT = TelemetryPath.parse("mrc:/events/event[seq=*]");

    /** Three notifications and a sync: numbers, a text, a keyed delete, arrivals 10, 20, 20, 30. */
    private static EventColumns batch() {
        return batch(new EventColumns.Builder());
    }

    private static EventColumns batch(EventColumns.Builder builder) {
        builder.updates().addUint(OCTETS, 100).add(STATUS, new TelemetryValue.Str("UP"));
        builder.endNotification("fabric", "host-1", 1_000, 10);
        builder.updates().addInt(OCTETS, -4);
        builder.deletes().addKeyed(EVENT, 7);
        builder.endNotification("fabric", "host-2", 2_000, 20);
        builder.add(new IngestEvent.Synced("fabric", 20));
        builder.updates().add(OCTETS, new TelemetryValue.Uint(1L << 40));
        builder.endNotification("fabric", "host-1", 3_000, 30);
        return builder.build();
    }

    private static List<IngestEvent> expected() {
        return List.of(
                new IngestEvent.Notification(
                        "fabric",
                        "host-1",
                        1_000,
                        List.of(
                                new TelemetryUpdate(OCTETS, new TelemetryValue.Uint(100)),
                                new TelemetryUpdate(STATUS, new TelemetryValue.Str("UP"))),
                        List.of(),
                        10),
                new IngestEvent.Notification(
                        "fabric",
                        "host-2",
                        2_000,
                        List.of(new TelemetryUpdate(OCTETS, new TelemetryValue.Int(-4))),
                        List.of(TelemetryPath.parse("mrc:/events/event[seq=7]")),
                        20),
                new IngestEvent.Synced("fabric", 20),
                new IngestEvent.Notification(
                        "fabric",
                        "host-1",
                        3_000,
                        List.of(new TelemetryUpdate(OCTETS, new TelemetryValue.Uint(1L << 40))),
                        List.of(),
                        30));
    }

    @Test
    void readsAsTheEventsItHolds() {
        EventColumns batch = batch();
        assertEquals(expected(), List.copyOf(batch));
        assertEquals(20, batch.arrivalMillis(1));
        IngestEvent.Notification first = (IngestEvent.Notification) batch.getFirst();
        UpdateColumns updates = (UpdateColumns) first.updates();
        assertTrue(updates.isInteger(0));
        assertEquals(100, updates.number(0));
        assertFalse(updates.isInteger(1));
    }

    @Test
    void columnsBuiltWithRoomToSpareOrTooLittleReadAsTheSameEvents() {
        // A decoder sizes each batch by the one before it: larger, and smaller so that every column grows.
        for (EventColumns batch :
                List.of(batch(new EventColumns.Builder(100, 1_000, 50)), batch(new EventColumns.Builder(1, 1, 1)))) {
            assertEquals(expected(), List.copyOf(batch));
            assertEquals(4, batch.size());
            assertEquals(expected().subList(1, 3), batch.slice(1, 3));
            IngestEvent.Notification last = (IngestEvent.Notification) batch.getLast();
            assertEquals(
                    1,
                    last.updates().size(),
                    "a notification's updates end where its own end, not at the column's length");
            assertEquals(List.of(), last.deletes());
        }
    }

    @Test
    void slicesAndRunsReadAsTheSameEvents() {
        EventColumns batch = batch();
        assertEquals(expected().subList(1, 3), batch.slice(1, 3));
        List<IngestEvent> joined =
                EventColumns.concat(List.of(batch.slice(0, 1), batch.slice(1, 1), batch.slice(1, 4)));
        assertEquals(expected(), joined);
        List<IngestEvent> iterated = new ArrayList<>();
        joined.forEach(iterated::add);
        assertEquals(expected(), iterated);
        for (int i = 0; i < expected().size(); i++) {
            assertEquals(expected().get(i), joined.get(i), "event " + i);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> joined.get(4));
    }

    @Test
    void aQueueHandsOutEventsByArrivalUpToTheFirstLaterOne() {
        EventQueue queue = new EventQueue();
        queue.add(batch());
        queue.add(EventColumns.empty());
        assertEquals(List.of(), EventColumns.concat(queue.takeArrivedBy(5)));
        assertEquals(expected().subList(0, 3), EventColumns.concat(queue.takeArrivedBy(25)));
        assertEquals(30, queue.nextArrivalMillis());
        queue.add(batch());
        // Behind the first batch's rest (arrival 30) the second starts at 10: recorded order wins, as in the file.
        assertEquals(List.of(), EventColumns.concat(queue.takeArrivedBy(25)));
        List<IngestEvent> rest = new ArrayList<>(List.of(expected().get(3)));
        rest.addAll(expected());
        assertEquals(rest, EventColumns.concat(queue.takeArrivedBy(30)));
        assertTrue(queue.isEmpty());
    }

    @Test
    void updatesAddedWithoutEndingTheirNotificationAreRefused() {
        EventColumns.Builder builder = new EventColumns.Builder();
        builder.updates().addUint(OCTETS, 1);
        assertThrows(IllegalStateException.class, () -> builder.add(new IngestEvent.Synced("fabric", 1)));
        assertThrows(IllegalStateException.class, builder::build);
    }

    @Test
    void isImmutable() {
        EventColumns batch = batch();
        assertThrows(UnsupportedOperationException.class, () -> batch.add(new IngestEvent.Synced("fabric", 1)));
        assertThrows(UnsupportedOperationException.class, () -> batch.remove(0));
    }
}
