package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

/**
 * A publication hands out a link's state of the publication before while neither end reported
 * anything (ADR 0120: the rollups tell a changed link by it), and a new one as soon as either end's
 * counters or freshness changed.
 */
class LinkStatesAcrossPublicationsTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private final ManualClock clock = new ManualClock(1_000_000);
    private final TelemetryStore store = new TelemetryStore(
            clock, FreshnessPolicy.standard(), AlarmThresholds.defaults().withClearAfter(Duration.ofSeconds(2)), 1000);

    /** Switches stream from one agent, the host from its own. */
    private static String source(String device) {
        return device.startsWith("host") ? "host-agent" : "fabric";
    }

    private void port(String device, String port, long seconds, long outPktsPerSecond) {
        String base = "/interfaces/interface[name=" + port + "]/state";
        Notifications n = Notifications.of(device, seconds * SECOND_NS)
                .text(base + "/oper-status", "UP")
                .uint(base + "/counters/out-pkts", outPktsPerSecond * seconds)
                .uint(base + "/counters/out-octets", outPktsPerSecond * seconds * 4000)
                .uint(base + "/counters/in-pkts", 1_000 * seconds)
                .uint(base + "/counters/in-octets", 1_000 * seconds * 4000);
        store.apply(List.of(NotificationDecoderAccess.decode(source(device), n.build(), clock.millis())));
    }

    private void hostPlane(String host, long seconds) {
        Notifications n = Notifications.of(host, seconds * SECOND_NS)
                .text("mrc:/planes/plane[id=0]/state/port-name", "eth0")
                .uint("mrc:/planes/plane[id=0]/state/evs-good", 16);
        store.apply(List.of(NotificationDecoderAccess.decode(source(host), n.build(), clock.millis())));
    }

    /** Two samples of a core link and a host link, each end reporting. */
    private FabricSnapshot twoSamples() {
        for (String source : List.of("fabric", "host-agent")) {
            store.apply(List.of(new IngestEvent.Connection(source, ConnectionPhase.STREAMING, "", clock.millis())));
        }
        for (long s = 0; s <= 1; s++) {
            port("p0-t0-0", "p0-t1-1", s, 10_000);
            port("p0-t1-1", "p0-t0-0", s, 5_000);
            port("p0-t0-0", "host-1", s, 8_000);
            port("host-1", "eth0", s, 8_000);
            hostPlane("host-1", s);
        }
        return store.publish(IngestStats.NONE);
    }

    @Test
    void aLinkNeitherEndOfWhichReportedIsTheSameStateAtTheNextPublication() {
        FabricSnapshot first = twoSamples();
        FabricSnapshot second = store.publish(IngestStats.NONE);
        for (String id : List.of("p0-t0-0~p0-t1-1", "host-1~p0-t0-0")) {
            assertSame(first.link(id).orElseThrow(), second.link(id).orElseThrow(), id);
        }
    }

    @Test
    void aLinkOneEndOfWhichReportedIsBuiltAgainWithTheNewFigures() {
        FabricSnapshot first = twoSamples();
        port("p0-t1-1", "p0-t0-0", 2, 12_000); // the T1 end sent 19,000 packets in the last second
        FabricSnapshot second = store.publish(IngestStats.NONE);
        LinkState before = first.link("p0-t0-0~p0-t1-1").orElseThrow();
        LinkState after = second.link("p0-t0-0~p0-t1-1").orElseThrow();
        assertNotSame(before, after);
        assertEquals(10_000 * 4000 * 8.0, before.bitsPerSecond(), 1e-6, "the T0 end's rate, the faster then");
        assertEquals(19_000 * 4000 * 8.0, after.bitsPerSecond(), 1e-6, "the T1 end's rate, the faster now");
        assertSame(
                first.link("host-1~p0-t0-0").orElseThrow(),
                second.link("host-1~p0-t0-0").orElseThrow(),
                "the host link's ends did not report");
    }

    @Test
    void aHostLinkIsBuiltAgainWhenOnlyTheHostEndReported() {
        FabricSnapshot first = twoSamples();
        port("host-1", "eth0", 2, 9_000);
        FabricSnapshot second = store.publish(IngestStats.NONE);
        LinkState after = second.link("host-1~p0-t0-0").orElseThrow();
        assertNotSame(first.link("host-1~p0-t0-0").orElseThrow(), after);
        assertSame(
                first.link("p0-t0-0~p0-t1-1").orElseThrow(),
                second.link("p0-t0-0~p0-t1-1").orElseThrow());
    }

    @Test
    void aHostLinkTakesTheHostsFreshnessWhenOnlyThatChanged() {
        twoSamples();
        // The host's agent goes quiet; the switches' agent stays heard through the T1 alone, so the
        // T0 and its port to the host stay as they were: only the host's freshness changes.
        long quiet = FreshnessPolicy.standard().staleAfter().toSeconds() + 2;
        FabricSnapshot latest = null;
        for (long s = 2; s < 2 + quiet; s++) {
            clock.advance(Duration.ofSeconds(1));
            port("p0-t1-1", "p0-t0-0", s, 5_000);
            latest = store.publish(IngestStats.NONE);
        }
        assertEquals(Freshness.LIVE, latest.switchNamed("p0-t0-0").orElseThrow().freshness());
        assertEquals(
                Freshness.STALE, latest.link("host-1~p0-t0-0").orElseThrow().freshness());
    }
}
