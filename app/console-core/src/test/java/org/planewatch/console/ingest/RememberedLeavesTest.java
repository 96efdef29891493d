package org.planewatch.console.ingest;

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

/**
 * What the per-device stage keeps of a device so a moved task knows it again: its LLDP neighbors, its
 * ports' states and speeds and its planes' EV counts, which agents may send only when they change.
 */
class RememberedLeavesTest {
    private static final String NEIGHBOR = "/lldp/interfaces/interface[name=host-7]/neighbors/neighbor[id=1]/state/";
    private static final TelemetryUpdate SYSTEM = text(NEIGHBOR + "system-name", "host-7");
    private static final TelemetryUpdate PORT = text(NEIGHBOR + "port-id", "plane0");
    private static final TelemetryUpdate DESCRIPTION = text(NEIGHBOR + "system-description", "a GPU host");
    private static final TelemetryUpdate OCTETS = new TelemetryUpdate(
            TelemetryPath.parse("/interfaces/interface[name=host-7]/state/counters/out-octets"),
            TelemetryValue.uint(9));

    private static final TelemetryUpdate DOWN = text("/interfaces/interface[name=host-7]/state/oper-status", "DOWN");
    private static final TelemetryUpdate ADMIN = text("/interfaces/interface[name=host-7]/state/admin-status", "UP");
    private static final TelemetryUpdate SPEED =
            text("/interfaces/interface[name=host-7]/ethernet/state/port-speed", "SPEED_100GB");
    private static final TelemetryUpdate EVS_GOOD = new TelemetryUpdate(
            TelemetryPath.parse("mrc:/planes/plane[id=3]/state/evs-good"), TelemetryValue.uint(412));
    private static final TelemetryUpdate PLANE_PORT = text("mrc:/planes/plane[id=3]/state/port-name", "eth3");
    private static final TelemetryUpdate PLANE_RETRANSMITS = new TelemetryUpdate(
            TelemetryPath.parse("mrc:/planes/plane[id=3]/state/retransmits"), TelemetryValue.uint(77));

    @Test
    void keepsTheLeavesSentOnChangeThatTheRollupsReadAndNothingElse() {
        byte[] kept = RememberedLeaves.merge(
                null,
                notification(List.of(
                        SYSTEM,
                        OCTETS,
                        DESCRIPTION,
                        PORT,
                        DOWN,
                        ADMIN,
                        SPEED,
                        EVS_GOOD,
                        PLANE_PORT,
                        PLANE_RETRANSMITS)));
        IngestEvent.Notification replayed =
                RememberedLeaves.replay(kept, "remembered", "p0-t0-1", 5).getFirst();
        assertEquals(List.of(SYSTEM, PORT, DOWN, SPEED, EVS_GOOD, PLANE_PORT), replayed.updates());
        assertEquals("p0-t0-1", replayed.target());
        assertFalse(RememberedLeaves.touches(notification(List.of(OCTETS, ADMIN, PLANE_RETRANSMITS))));
        assertTrue(RememberedLeaves.touches(notification(List.of(OCTETS, DOWN))), "a port's state");
    }

    @Test
    void aSwitchPortWithItsNeighborStateAndSpeedTakesFewerBytesThanTheNeighborAloneDidBefore() {
        List<TelemetryUpdate> ports = new java.util.ArrayList<>();
        for (int port = 0; port < 512; port++) {
            String lldp = "/lldp/interfaces/interface[name=eth" + port + "]/neighbors/neighbor[id=1]/state/";
            ports.add(text(lldp + "system-name", "p0-t1-" + port / 2));
            ports.add(text(lldp + "port-id", "eth" + (port % 2)));
            ports.add(text("/interfaces/interface[name=eth" + port + "]/state/oper-status", "UP"));
            ports.add(text("/interfaces/interface[name=eth" + port + "]/ethernet/state/port-speed", "SPEED_100GB"));
        }
        byte[] kept = RememberedLeaves.merge(null, notification(ports));
        assertEquals(
                ports,
                RememberedLeaves.replay(kept, "r", "p0-t0-1", 5).getFirst().updates());
        // The earlier record: 4 + per LLDP leaf the port, neighbor id, leaf name and value, each as UTF.
        int earlier = 4;
        for (TelemetryUpdate u : ports) {
            if (u.path().toString().startsWith("/lldp")) {
                earlier += 2
                        + u.path().elem(2).key("name").length()
                        + 2
                        + 1
                        + 2
                        + u.path().last().name().length()
                        + 2
                        + u.value().text().length();
            }
        }
        assertTrue(kept.length < earlier, kept.length + " bytes, where the neighbors alone took " + earlier);
    }

    @Test
    void aRecordOfTheEarlierFormatNeighborsAloneStillReplays() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
            out.writeInt(2);
            for (TelemetryUpdate u : List.of(SYSTEM, PORT)) {
                out.writeUTF("host-7");
                out.writeUTF("1");
                out.writeUTF(u.path().last().name());
                out.writeUTF(u.value().text());
            }
        }
        byte[] earlier = bytes.toByteArray();
        assertEquals(
                List.of(SYSTEM, PORT),
                RememberedLeaves.replay(earlier, "r", "p0-t0-1", 5).getFirst().updates());
        byte[] merged = RememberedLeaves.merge(earlier, notification(List.of(DOWN)));
        assertEquals(
                List.of(SYSTEM, PORT, DOWN),
                RememberedLeaves.replay(merged, "r", "p0-t0-1", 5).getFirst().updates());
    }

    @Test
    void aRecordThatDoesNotDecodeIsReportedAsSuch() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> RememberedLeaves.replay(new byte[] {-1, -1, -1, -1, 1}, "r", "d", 5));
        assertTrue(e.getMessage().startsWith("remembered leaves that do not decode"), e.getMessage());
    }

    @Test
    void aNewerValueReplacesTheKeptOneAndTheSameValueChangesNothing() {
        byte[] kept = RememberedLeaves.merge(null, notification(List.of(SYSTEM, PORT)));
        TelemetryUpdate moved = text(NEIGHBOR + "system-name", "host-8");
        assertEquals(
                List.of(moved, PORT),
                RememberedLeaves.replay(RememberedLeaves.merge(kept, notification(List.of(moved))), "r", "p0-t0-1", 5)
                        .getFirst()
                        .updates());
        assertNull(RememberedLeaves.merge(kept, notification(List.of(SYSTEM))));
        assertNull(RememberedLeaves.merge(kept, notification(List.of(OCTETS))));
    }

    @Test
    void aDeleteRemovesTheLeavesBelowIt() {
        byte[] kept = RememberedLeaves.merge(null, notification(List.of(SYSTEM, PORT)));
        IngestEvent.Notification gone = new IngestEvent.Notification(
                "agent-0",
                "p0-t0-1",
                2,
                List.of(),
                List.of(TelemetryPath.parse("/lldp/interfaces/interface[name=host-7]/neighbors/neighbor[id=1]")),
                2);
        assertTrue(RememberedLeaves.touches(gone));
        assertEquals(0, RememberedLeaves.merge(kept, gone).length, "nothing left");
        assertFalse(RememberedLeaves.touches(notification(List.of(OCTETS))));
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
        assertFalse(RememberedLeaves.touches(evicted), "an exclusion ring's eviction is not LLDP");
        byte[] kept = RememberedLeaves.merge(null, notification(List.of(SYSTEM, PORT)));
        assertNull(RememberedLeaves.merge(kept, evicted), "nothing kept changes");
    }

    @Test
    void aDeleteAboveTheLldpTableRemovesEveryKeptLeaf() {
        byte[] kept = RememberedLeaves.merge(null, notification(List.of(SYSTEM, PORT)));
        IngestEvent.Notification wiped = new IngestEvent.Notification(
                "agent-0", "p0-t0-1", 4, List.of(), List.of(TelemetryPath.parse("/lldp")), 4);
        assertTrue(RememberedLeaves.touches(wiped));
        assertEquals(0, RememberedLeaves.merge(kept, wiped).length, "nothing left");
    }

    @Test
    void aCounterIsKeptWhileItStandsStillAndReplayedAsTwoSamplesOfItsValue() {
        byte[] kept = RememberedLeaves.merge(
                RememberedLeaves.merge(null, notification(List.of(DOWN))),
                notification(List.of()),
                List.of(new RememberedLeaves.Turn(OCTETS.path(), 9, true)));
        List<IngestEvent.Notification> replayed = RememberedLeaves.replay(kept, "r", "p0-t0-1", 5);
        assertEquals(2, replayed.size());
        assertEquals(List.of(DOWN, OCTETS), replayed.get(0).updates());
        assertEquals(0, replayed.get(0).timestampNs());
        assertEquals(List.of(OCTETS), replayed.get(1).updates(), "the still counter alone, once more");
        assertEquals(1, replayed.get(1).timestampNs());
        assertNull(
                RememberedLeaves.merge(
                        kept, notification(List.of()), List.of(new RememberedLeaves.Turn(OCTETS.path(), 9, true))),
                "still at the value kept: nothing changes");

        byte[] moved = RememberedLeaves.merge(
                kept, notification(List.of()), List.of(new RememberedLeaves.Turn(OCTETS.path(), 15, false)));
        assertEquals(
                List.of(List.of(DOWN)),
                RememberedLeaves.replay(moved, "r", "p0-t0-1", 5).stream()
                        .map(IngestEvent.Notification::updates)
                        .toList(),
                "a counter that moved again is forgotten");
    }

    @Test
    void aCounterTheRollupsDoNotKeepIsLetGoWhenItStandsStill() {
        assertNull(RememberedLeaves.merge(
                null, notification(List.of()), List.of(new RememberedLeaves.Turn(PLANE_RETRANSMITS.path(), 77, true))));
    }

    @Test
    void aPortDeletedTakesItsStillCountersAlong() {
        byte[] kept = RememberedLeaves.merge(
                null, notification(List.of()), List.of(new RememberedLeaves.Turn(OCTETS.path(), 9, true)));
        IngestEvent.Notification gone = new IngestEvent.Notification(
                "agent-0",
                "p0-t0-1",
                4,
                List.of(),
                List.of(TelemetryPath.parse("/interfaces/interface[name=host-7]")),
                4);
        assertTrue(RememberedLeaves.touches(gone));
        assertEquals(0, RememberedLeaves.merge(kept, gone).length, "nothing left");
    }

    @Test
    void countersOfEverySizeComeBackAsTheyWereKept() {
        TelemetryPath octets = OCTETS.path();
        for (long value : new long[] {0, 127, 128, 1L << 40, Long.MAX_VALUE, -1L}) {
            byte[] kept = RememberedLeaves.merge(
                    null, notification(List.of()), List.of(new RememberedLeaves.Turn(octets, value, true)));
            assertEquals(
                    List.of(new TelemetryUpdate(octets, new TelemetryValue.Uint(value))),
                    RememberedLeaves.replay(kept, "r", "p0-t0-1", 5).get(1).updates(),
                    "value " + Long.toUnsignedString(value));
        }
    }

    @Test
    void aRecordWrittenWithEightByteNumbersStillDecodes() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
            out.writeInt(-1); // the tables' format
            out.writeByte(1); // one string: the plane's key
            out.writeUTF("3");
            out.writeByte(1); // one leaf: table 3 (a host plane's), leaf 2 (evs-good), key "3"
            out.writeByte(3);
            out.writeByte(2);
            out.writeByte(0);
            out.writeByte(1); // a value as eight bytes, as records were written before ADR 0147
            out.writeLong(412);
        }
        assertEquals(
                List.of(EVS_GOOD),
                RememberedLeaves.replay(bytes.toByteArray(), "r", "host-3", 5)
                        .getFirst()
                        .updates());
    }

    private static TelemetryUpdate text(String path, String value) {
        return new TelemetryUpdate(TelemetryPath.parse(path), TelemetryValue.str(value));
    }

    private static IngestEvent.Notification notification(List<TelemetryUpdate> updates) {
        return new IngestEvent.Notification("agent-0", "p0-t0-1", 1, updates, List.of(), 1);
    }
}
