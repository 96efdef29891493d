package org.planewatch.console.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.RollupJson;

/**
 * What a fleet recording journals of the alarms topic (ADR 0106): each alarm raised once at its raise
 * time and cleared at its tombstone's arrival, a new raise time as a clearing and a raise, a severity
 * change as nothing; and the devices the alarms are about, whose raw updates it records.
 */
class FleetAlarmsTest {
    private static final String LINK = "p0-t0-1~p0-t1-3";
    private final FleetAlarms alarms = new FleetAlarms();

    @Test
    void raisesAndClearingsAreJournalledOnceEach() {
        assertEquals(
                List.of("raise LINKS_DOWN " + LINK + " at 100"),
                changes(record("link-down/" + LINK, "LINK_DOWN", LINK, "MAJOR", 100), 150));
        assertEquals(
                List.of(),
                changes(record("link-down/" + LINK, "LINK_DOWN", LINK, "CRITICAL", 100), 160),
                "a severity change is the same alarm");
        assertEquals(
                List.of("clear LINKS_DOWN " + LINK + " at 170", "raise LINKS_DOWN " + LINK + " at 165"),
                changes(record("link-down/" + LINK, "LINK_DOWN", LINK, "MAJOR", 165), 170),
                "raised again: the old one cleared, the new one raised");
        assertEquals(List.of("clear LINKS_DOWN " + LINK + " at 200"), changes(tombstone("link-down/" + LINK), 200));
        assertEquals(List.of(), changes(tombstone("link-down/" + LINK), 210), "a tombstone of nothing clears nothing");
    }

    @Test
    void theDevicesInAlarmAreTheEndsOfALinkAndASwitchNeverAWholePlane() {
        alarms.take(record("link-down/" + LINK, "LINK_DOWN", LINK, "MAJOR", 1), 1);
        alarms.take(record("suspect/p1-t1-2", "SUSPECT", "p1-t1-2", "MAJOR", 1), 1);
        alarms.take(record("links-down/0", "LINKS_DOWN", "plane 0", "MAJOR", 1), 1);
        alarms.take(record("plane-health/0", "PLANE_HEALTH", "plane 0", "CRITICAL", 1), 1);
        assertEquals(Set.of("p0-t0-1", "p0-t1-3", "p1-t1-2"), alarms.devices());
        alarms.take(tombstone("link-down/" + LINK), 2);
        assertEquals(Set.of("p1-t1-2"), alarms.devices());
    }

    @Test
    void aValueThatIsNoAlarmIsRefused() {
        IngestEvent.Rollup bad = new IngestEvent.Rollup(
                FleetTopics.ALARMS, IngestEvent.Rollup.Kind.ALARM, "x", "not json".getBytes(StandardCharsets.UTF_8), 1);
        assertThrows(IllegalArgumentException.class, () -> alarms.take(bad, 1));
    }

    private List<String> changes(IngestEvent.Rollup record, long now) {
        return alarms.take(record, now).stream()
                .map(a -> a.clearedAtMillis() == 0
                        ? "raise " + a.kind() + " " + a.subject() + " at " + a.raisedAtMillis()
                        : "clear " + a.kind() + " " + a.subject() + " at " + a.clearedAtMillis())
                .toList();
    }

    private static IngestEvent.Rollup record(String key, String kind, String subject, String severity, long raised) {
        return new IngestEvent.Rollup(
                FleetTopics.ALARMS,
                IngestEvent.Rollup.Kind.ALARM,
                key,
                RollupJson.encode(new AlarmRollup(key, kind, subject, 0, severity, "m", raised)),
                0);
    }

    private static IngestEvent.Rollup tombstone(String key) {
        return new IngestEvent.Rollup(FleetTopics.ALARMS, IngestEvent.Rollup.Kind.ALARM, key, null, 0);
    }
}
