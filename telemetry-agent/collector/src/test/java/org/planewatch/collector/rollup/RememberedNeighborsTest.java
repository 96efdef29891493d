package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** What the per-device stage keeps of a device so a moved task learns its neighbors again. */
class RememberedNeighborsTest {
    private static final String NEIGHBOR = "/lldp/interfaces/interface[name=host-7]/neighbors/neighbor[id=1]/state/";
    private static final TelemetryUpdate SYSTEM = text(NEIGHBOR + "system-name", "host-7");
    private static final TelemetryUpdate PORT = text(NEIGHBOR + "port-id", "plane0");
    private static final TelemetryUpdate DESCRIPTION = text(NEIGHBOR + "system-description", "a GPU host");
    private static final TelemetryUpdate OCTETS = new TelemetryUpdate(
            TelemetryPath.parse("/interfaces/interface[name=host-7]/state/counters/out-octets"),
            TelemetryValue.uint(9));

    @Test
    void keepsTheLeavesTheTopologyIsLearntFromAndNothingElse() {
        byte[] kept = RememberedNeighbors.merge(null, notification(List.of(SYSTEM, OCTETS, DESCRIPTION, PORT)));
        IngestEvent.Notification replayed = RememberedNeighbors.replay(kept, "remembered", "p0-t0-1", 5);
        assertEquals(List.of(SYSTEM, PORT), replayed.updates());
        assertEquals("p0-t0-1", replayed.target());
        assertTrue(kept.length < 80, "two leaves in " + kept.length + " bytes");
    }

    @Test
    void aNewerValueReplacesTheKeptOneAndTheSameValueChangesNothing() {
        byte[] kept = RememberedNeighbors.merge(null, notification(List.of(SYSTEM, PORT)));
        TelemetryUpdate moved = text(NEIGHBOR + "system-name", "host-8");
        assertEquals(
                List.of(moved, PORT),
                RememberedNeighbors.replay(
                                RememberedNeighbors.merge(kept, notification(List.of(moved))), "r", "p0-t0-1", 5)
                        .updates());
        assertNull(RememberedNeighbors.merge(kept, notification(List.of(SYSTEM))));
        assertNull(RememberedNeighbors.merge(kept, notification(List.of(OCTETS))));
    }

    @Test
    void aDeleteRemovesTheLeavesBelowIt() {
        byte[] kept = RememberedNeighbors.merge(null, notification(List.of(SYSTEM, PORT)));
        IngestEvent.Notification gone = new IngestEvent.Notification(
                "agent-0",
                "p0-t0-1",
                2,
                List.of(),
                List.of(TelemetryPath.parse("/lldp/interfaces/interface[name=host-7]/neighbors/neighbor[id=1]")),
                2);
        assertTrue(RememberedNeighbors.touches(gone));
        assertEquals(0, RememberedNeighbors.merge(kept, gone).length, "nothing left");
        assertFalse(RememberedNeighbors.touches(notification(List.of(OCTETS))));
    }

    @Test
    void deletesOutsideLldpNeedNoLookAtWhatIsKept() {
        IngestEvent.Notification evicted = new IngestEvent.Notification(
                "agent-0",
                "host-7",
                3,
                List.of(OCTETS),
                List.of(TelemetryPath.parse("mrc:/events/state/event[id=41]")),
                3);
        assertFalse(RememberedNeighbors.touches(evicted), "an exclusion ring's eviction is not LLDP");
        byte[] kept = RememberedNeighbors.merge(null, notification(List.of(SYSTEM, PORT)));
        assertNull(RememberedNeighbors.merge(kept, evicted), "nothing kept changes");
    }

    @Test
    void aDeleteAboveTheLldpTableRemovesEveryKeptLeaf() {
        byte[] kept = RememberedNeighbors.merge(null, notification(List.of(SYSTEM, PORT)));
        IngestEvent.Notification wiped = new IngestEvent.Notification(
                "agent-0", "p0-t0-1", 4, List.of(), List.of(TelemetryPath.parse("/lldp")), 4);
        assertTrue(RememberedNeighbors.touches(wiped));
        assertEquals(0, RememberedNeighbors.merge(kept, wiped).length, "nothing left");
    }

    private static TelemetryUpdate text(String path, String value) {
        return new TelemetryUpdate(TelemetryPath.parse(path), TelemetryValue.str(value));
    }

    private static IngestEvent.Notification notification(List<TelemetryUpdate> updates) {
        return new IngestEvent.Notification("agent-0", "p0-t0-1", 1, updates, List.of(), 1);
    }
}
