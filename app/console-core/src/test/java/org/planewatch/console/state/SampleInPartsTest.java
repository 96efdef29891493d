package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
 * A simulated agent sends a sample in parts when its drain takes a device's leaves in two chunks:
 * every part carries the sample's wall-clock timestamp, the clock leaf ({@code sim-time-ns}) only the
 * last. The demo's plane view showed healthy links of plane 2 losing 10 k packets/s for half a minute
 * because the first part, counters of the newer sample, was timed by the clock of the sample before
 * (ADR 0114). Recorded from the demo: {@code p2-t0-0}'s sample of 325 leaves came as 128 without the
 * clock, then 197 with it; the simulated instants advance unevenly (the simulation is paced against the
 * wall clock).
 */
class SampleInPartsTest {
    private static final long WALL_NS = 1_795_705_600_000_000_000L;
    private static final long EPOCH_NS = 1_795_705_590_000_000_000L;
    /** Simulated nanoseconds between samples, as the demo's switches sent them. */
    private static final long[] SIM_STEPS_NS = {50_000, 310_000, 300_000, 170_000, 170_000, 240_000};
    /** 100 Gb/s: octets per simulated nanosecond, and packets of 4,000 octets. */
    private static final long OCTETS_PER_NS = 12;

    private static final long PACKET_OCTETS = 4_000;

    private final ManualClock clock = new ManualClock(1_000_000);
    private final TelemetryStore store = new TelemetryStore(
            clock, FreshnessPolicy.standard(), AlarmThresholds.defaults().withClearAfter(Duration.ofSeconds(2)), 1000);

    private void receive(Notifications notification) {
        store.apply(List.of(NotificationDecoderAccess.decode("fabric", notification.build(), clock.millis())));
    }

    private void connect() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
    }

    /** The T0's one port, as the store publishes it now. */
    private PortSummary t0Port() {
        return store.publish(IngestStats.NONE)
                .switchNamed("p2-t0-0")
                .orElseThrow()
                .ports()
                .getFirst();
    }

    /** The T0's sample with its clock, a part of a sample without one, and the T0's next clock. */
    private void partBetweenClocks(
            long wallBefore, long simBefore, long wallPart, long simPart, long wallAfter, long simAfter) {
        receive(clockLeaves(counters(Notifications.of("p2-t0-0", wallBefore), "p2-t1-0", simBefore), simBefore));
        receive(counters(Notifications.of("p2-t0-0", wallPart), "p2-t1-0", simPart));
        receive(clockLeaves(Notifications.of("p2-t0-0", wallAfter), simAfter));
    }

    /** One end's port toward {@code peer}: as much in as out, nothing lost on the link, at simulated instant {@code simNs}. */
    private static Notifications counters(Notifications n, String peer, long simNs) {
        String base = "/interfaces/interface[name=" + peer + "]/state";
        long octets = simNs * OCTETS_PER_NS;
        return n.text(base + "/oper-status", "UP")
                .uint(base + "/counters/out-octets", octets)
                .uint(base + "/counters/in-octets", octets)
                .uint(base + "/counters/out-pkts", octets / PACKET_OCTETS)
                .uint(base + "/counters/in-pkts", octets / PACKET_OCTETS);
    }

    private static Notifications clockLeaves(Notifications n, long simNs) {
        return n.uint("sim:/clock/state/epoch", EPOCH_NS).uint("sim:/clock/state/sim-time-ns", simNs);
    }

    /**
     * Both switches sample at the same instant; the T0's sample comes whole, or, every {@code split}th
     * sample, in two parts: its counters first, then the clock.
     */
    private List<LinkState> healthyLinkSampled(int samples, int split) {
        connect();
        List<LinkState> seen = new java.util.ArrayList<>();
        long simNs = 5_000_000;
        for (int sample = 0; sample < samples; sample++) {
            long wallNs = WALL_NS + sample * 1_000_000_000L;
            simNs += SIM_STEPS_NS[sample % SIM_STEPS_NS.length];
            receive(clockLeaves(counters(Notifications.of("p2-t1-0", wallNs), "p2-t0-0", simNs), simNs));
            if (sample % split == split - 1) {
                receive(counters(Notifications.of("p2-t0-0", wallNs), "p2-t1-0", simNs));
                receive(clockLeaves(Notifications.of("p2-t0-0", wallNs), simNs));
            } else {
                receive(clockLeaves(counters(Notifications.of("p2-t0-0", wallNs), "p2-t1-0", simNs), simNs));
            }
            clock.advance(Duration.ofSeconds(1));
            seen.add(store.publish(IngestStats.NONE).link("p2-t0-0~p2-t1-0").orElseThrow());
        }
        return seen;
    }

    @Test
    void aHealthyLinkWhoseSwitchSendsASampleInPartsClockLastShowsNoLoss() {
        List<LinkState> seen = healthyLinkSampled(40, 7);
        for (int sample = LinkLoss.WARM_UP + 1; sample < seen.size(); sample++) {
            assertEquals(0, seen.get(sample).lossRate(), "sample " + sample + ": nothing is lost on the link");
        }
    }

    @Test
    void aPartWaitingForItsClockIsAppliedWithIt() {
        healthyLinkSampled(7, 7); // the last sample came in parts
        PortSummary port = t0Port();
        long simNs = 5_000_000;
        for (long step : SIM_STEPS_NS) {
            simNs += step;
        }
        simNs += SIM_STEPS_NS[0];
        assertEquals(simNs * OCTETS_PER_NS, port.outOctets());
        assertEquals(EPOCH_NS + simNs, port.octetsAtNs(), "at the instant of its own sample");
        assertEquals(OCTETS_PER_NS * 8e9, port.outBps(), 1);
    }

    @Test
    void aDecisionIsNotHeldBackForTheClockOfItsSample() {
        healthyLinkSampled(2, 2);
        String base = "mrc:/events/event[seq=1]/state";
        receive(Notifications.of("p2-t0-0", WALL_NS + 5_000_000_000L)
                .uint(base + "/timestamp", WALL_NS + 5_000_000_000L)
                .uint(base + "/qpn", 7)
                .uint(base + "/ev", 3)
                .uint(base + "/plane", 2)
                .text(base + "/links", "p2-t0-0~p2-t1-0")
                .text(base + "/from-state", "GOOD")
                .text(base + "/to-state", "ASSUMED_BAD")
                .text(base + "/reason", "timeout"));
        assertEquals(1, store.publish(IngestStats.NONE).events().size(), "shown when it came");
    }

    /**
     * The agent sweeps a device's subscriptions one after the other, each reading the device's latest
     * snapshot: a host published anew in between (its exclusion decisions go out at once) sends its
     * interface counters with one timestamp and the clock with the next. Recorded from the demo:
     * host-1's interface part stamped 63.560 s, its clock (11,432,179 ns) stamped 63.664 s; the clock
     * before was 9,982,179 ns at 62.529 s.
     */
    @Test
    void aPartOfASampleWhoseClockNeverCameIsTimedBetweenTheClocksAroundIt() {
        connect();
        long wallBefore = WALL_NS + 62_528_806_589L;
        long wallPart = WALL_NS + 63_560_034_893L;
        long wallAfter = WALL_NS + 63_663_856_396L;
        partBetweenClocks(wallBefore, 9_982_179, wallPart, 11_300_000, wallAfter, 11_432_179);
        PortSummary port = t0Port();
        long along = Math.round((11_432_179 - 9_982_179) * (double) (wallPart - wallBefore) / (wallAfter - wallBefore));
        assertEquals(EPOCH_NS + 9_982_179 + along, port.octetsAtNs(), "between the clocks, as far along as its stamp");
        assertEquals(11_300_000 * OCTETS_PER_NS, port.outOctets());
    }

    @Test
    void aPartWaitsNoLongerThanTheClockAfterIt() {
        healthyLinkSampled(2, 100);
        long simNs = 5_000_000 + SIM_STEPS_NS[0] + SIM_STEPS_NS[1];
        String base = "/interfaces/interface[name=p2-t1-0]/state";
        receive(counters(Notifications.of("p2-t0-0", WALL_NS + 2_500_000_000L), "p2-t1-0", simNs)
                .text(base + "/oper-status", "DOWN"));
        receive(clockLeaves(Notifications.of("p2-t0-0", WALL_NS + 3_000_000_000L), simNs));
        assertFalse(store.publish(IngestStats.NONE)
                .link("p2-t0-0~p2-t1-0")
                .orElseThrow()
                .up());
    }

    /**
     * Recorded from the demo: host-4's interface counters came stamped like the switches' sample at
     * 8,866,455 ns (the agent publishes every device of the simulation under one timestamp), the clock
     * 112 us later with the host's next snapshot; timed between its clocks, the host's counter equal to
     * what the T0 had received by 8,866,455 ns looked 112 us late, and the link lost 10 k packets/s.
     */
    @Test
    void aPartWithoutItsClockIsTimedByTheClockAnotherDeviceSentWithTheSameTimestamp() {
        connect();
        long wallBefore = WALL_NS;
        long wallShared = WALL_NS + 1_000_000_000L;
        long wallAfter = WALL_NS + 1_100_000_000L;
        receive(clockLeaves(counters(Notifications.of("p2-t1-0", wallShared), "p2-t0-0", 8_866_455), 8_866_455));
        partBetweenClocks(wallBefore, 8_315_239, wallShared, 8_866_455, wallAfter, 8_978_240);
        PortSummary port = t0Port();
        assertEquals(EPOCH_NS + 8_866_455, port.octetsAtNs(), "the instant of the sample it was taken with");
    }
}
