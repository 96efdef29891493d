package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.PortSummary;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

/**
 * Error, discard and loss counters reach the links and ports of the snapshot the way a real switch
 * reports them: bit errors at the receiving end, a gray link's losses only as what one end sent and
 * the other did not receive; link capacity from the ports' speed.
 */
class LinkErrorsAndLossTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private final ManualClock clock = new ManualClock(1_000_000);
    private final TelemetryStore store = new TelemetryStore(
            clock, FreshnessPolicy.standard(), AlarmThresholds.defaults().withClearAfter(Duration.ofSeconds(2)), 1000);

    /** One interface's counters at one time; each counter grows by its per-second rate times {@code seconds}. */
    private void port(
            String device,
            String port,
            long seconds,
            String status,
            String speed,
            long outPkts,
            long inPkts,
            long inErrors,
            long outDiscards) {
        String base = "/interfaces/interface[name=" + port + "]";
        Notifications n = Notifications.of(device, seconds * SECOND_NS)
                .text(base + "/state/oper-status", status)
                .uint(base + "/state/counters/out-pkts", outPkts * seconds)
                .uint(base + "/state/counters/in-pkts", inPkts * seconds)
                .uint(base + "/state/counters/out-octets", outPkts * seconds * 4000)
                .uint(base + "/state/counters/in-octets", inPkts * seconds * 4000)
                .uint(base + "/state/counters/in-errors", inErrors * seconds)
                .uint(base + "/state/counters/in-discards", 0)
                .uint(base + "/state/counters/out-discards", outDiscards * seconds);
        if (speed != null) {
            n.text(base + "/ethernet/state/port-speed", speed);
        }
        store.apply(List.of(NotificationDecoderAccess.decode("fabric", n.build(), clock.millis())));
    }

    private void hostPlane(String host, long seconds, int plane, String portName) {
        Notifications n = Notifications.of(host, seconds * SECOND_NS)
                .text("mrc:/planes/plane[id=" + plane + "]/state/port-name", portName)
                .uint("mrc:/planes/plane[id=" + plane + "]/state/evs-good", 16);
        store.apply(List.of(NotificationDecoderAccess.decode("fabric", n.build(), clock.millis())));
    }

    private FabricSnapshot fabricWithAGrayACrcAndADownLink() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        // a minute of samples: the loss is a share of the octets averaged over samples
        for (long s = 0; s <= 60; s++) {
            // gray p0-t0-0~p0-t1-1: 10 % of what the T0 sends up never arrives; the other way is clean
            port("p0-t0-0", "p0-t1-1", s, "UP", "SPEED_400GB", 10_000, 5_000, 0, 0);
            port("p0-t1-1", "p0-t0-0", s, "UP", "SPEED_400GB", 5_000, 9_000, 0, 0);
            // CRC host-1~p0-t0-0: bad checksums seen by both receivers
            port("p0-t0-0", "host-1", s, "UP", null, 8_000, 8_000, 50, 0);
            port("host-1", "eth0", s, "UP", null, 8_000, 8_000, 20, 0);
            hostPlane("host-1", s, 0, "eth0");
            // down p0-t0-0~p0-t1-0: nothing crosses it, the T0 discards what it would have sent
            port("p0-t0-0", "p0-t1-0", s, "DOWN", null, 0, 0, 0, 300);
            port("p0-t1-0", "p0-t0-0", s, "DOWN", null, 0, 0, 0, 0);
            store.publish(IngestStats.NONE); // the console publishes a snapshot a frame
        }
        return store.publish(IngestStats.NONE);
    }

    @Test
    void aGrayLinkShowsAsPacketsTheFarEndNeverReceivedOnTheLinkAndTheReceivingPort() {
        FabricSnapshot snapshot = fabricWithAGrayACrcAndADownLink();
        LinkState gray = snapshot.link("p0-t0-0~p0-t1-1").orElseThrow();
        assertEquals(1_000, gray.lossRate(), 10);
        assertEquals(0, gray.errorRate(), 1e-9, "silent losses are no errors");
        PortSummary receiving = port(snapshot, "p0-t1-1", "p0-t0-0");
        assertEquals(1_000, receiving.inLossRate(), 10);
        assertTrue(Double.isNaN(port(snapshot, "p0-t0-0", "p0-t1-1").inLossRate()), "nothing lost the other way");
    }

    @Test
    void bitErrorsShowAtTheReceivingPortsAndOnTheLinkFromBothEnds() {
        FabricSnapshot snapshot = fabricWithAGrayACrcAndADownLink();
        LinkState crc = snapshot.link("host-1~p0-t0-0").orElseThrow();
        assertEquals(70, crc.errorRate(), 1e-6, "the T0's 50/s and the host's 20/s");
        assertEquals(0, crc.lossRate(), 1e-9);
        assertEquals(50, port(snapshot, "p0-t0-0", "host-1").inErrorRate(), 1e-6);
    }

    @Test
    void aDownLinkIsDownWithTheDiscardsOfItsEnds() {
        FabricSnapshot snapshot = fabricWithAGrayACrcAndADownLink();
        LinkState down = snapshot.link("p0-t0-0~p0-t1-0").orElseThrow();
        assertFalse(down.up());
        assertEquals(300, down.dropRate(), 1e-6);
    }

    @Test
    void utilizationIsOverThePortSpeedAndOneHundredGigabitWhenNoEndSays() {
        FabricSnapshot snapshot = fabricWithAGrayACrcAndADownLink();
        LinkState gray = snapshot.link("p0-t0-0~p0-t1-1").orElseThrow();
        assertEquals(400e9, gray.capacityBps());
        assertEquals(10_000 * 4000 * 8 / 400e9, gray.utilization(), 1e-12);
        LinkState crc = snapshot.link("host-1~p0-t0-0").orElseThrow();
        assertEquals(100e9, crc.capacityBps());
        assertEquals(400e9, port(snapshot, "p0-t0-0", "p0-t1-1").speedBps());
    }

    private static PortSummary port(FabricSnapshot snapshot, String device, String port) {
        return snapshot.switchNamed(device).orElseThrow().ports().stream()
                .filter(p -> p.name().equals(port))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void packetsStillOnTheWireWhenTheEndsAreSampledAreNotTakenForLoss() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        long sentPerInterval = 10_000L * 4000;
        for (long s = 0; s <= 20; s++) {
            // every other sample a twentieth of an interval's octets is still on the wire: 5 % either way per interval
            long onWire = s % 2 == 1 ? sentPerInterval / 20 : 0;
            for (String[] end : new String[][] {{"p0-t0-0", "p0-t1-1"}, {"p0-t1-1", "p0-t0-0"}}) {
                String base = "/interfaces/interface[name=" + end[1] + "]/state";
                Notifications n = Notifications.of(end[0], s * SECOND_NS)
                        .text(base + "/oper-status", "UP")
                        .uint(base + "/counters/out-pkts", 10_000 * s)
                        .uint(base + "/counters/out-octets", sentPerInterval * s)
                        .uint(base + "/counters/in-pkts", 10_000 * s)
                        .uint(base + "/counters/in-octets", sentPerInterval * s - onWire);
                store.apply(List.of(NotificationDecoderAccess.decode("fabric", n.build(), clock.millis())));
            }
            LinkState link =
                    store.publish(IngestStats.NONE).link("p0-t0-0~p0-t1-1").orElseThrow();
            if (s > LinkLoss.WARM_UP) {
                assertEquals(0, link.lossRate(), "sample " + s);
            }
        }
    }
}
