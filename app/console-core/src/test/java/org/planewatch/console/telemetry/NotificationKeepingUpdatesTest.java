package org.planewatch.console.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class NotificationKeepingUpdatesTest {
    private static final TelemetryPath PORT = TelemetryPath.parse("/interfaces/interface[name=eth0]/state/oper-status");
    private static final TelemetryPath QUEUE =
            TelemetryPath.parse("/qos/interfaces/interface[interface-id=eth0]/output/queues/queue[name=data]/state/id");
    private static final TelemetryPath EVENT = TelemetryPath.parse("mrc:/events/event[seq=3]");

    private static IngestEvent.Notification notification(TelemetryPath... updated) {
        List<TelemetryUpdate> updates = java.util.Arrays.stream(updated)
                .map(p -> new TelemetryUpdate(p, TelemetryValue.str("x")))
                .toList();
        return new IngestEvent.Notification("src", "h", 5, updates, List.of(EVENT), 7);
    }

    @Test
    void aNotificationWhoseUpdatesAreAllKeptIsItself() {
        IngestEvent.Notification n = notification(PORT, QUEUE);
        assertSame(n, n.keepingUpdates(path -> true));
    }

    @Test
    void refusedUpdatesLeaveAndTheRestKeepTheirOrderAndTheDeletes() {
        IngestEvent.Notification n = notification(QUEUE, PORT, QUEUE);
        IngestEvent.Notification kept = n.keepingUpdates(path -> !path.equals(QUEUE));
        assertEquals(
                List.of(PORT),
                kept.updates().stream().map(TelemetryUpdate::path).toList());
        assertEquals(List.of(EVENT), kept.deletes());
        assertEquals(
                List.of("src", "h", 5L, 7L),
                List.of(kept.source(), kept.target(), kept.timestampNs(), kept.arrivalMillis()));
    }

    @Test
    void nothingKeptLeavesTheDeletesAlone() {
        IngestEvent.Notification kept = notification(QUEUE).keepingUpdates(path -> false);
        assertEquals(List.of(), kept.updates());
        assertEquals(List.of(EVENT), kept.deletes());
    }
}
