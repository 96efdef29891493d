package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

/**
 * Notification timestamps are the wall clock of the sample (ADR 0096); a simulated device's traffic is
 * per simulated second, so its rates are taken on the simulated instant it sends beside each sample
 * ({@code sim:/clock/state/sim-time-ns}), whatever the dilation: a link at 100 Gb/s in the simulation
 * shows 100 Gb/s at dilation 1000, not 100 Mb/s.
 */
class SimulatedSampleTimeTest {
    private static final long WALL_NS = 1_790_000_000_000_000_000L;
    private static final long EPOCH_NS = 1_789_999_000_000_000_000L;
    private static final long SECOND_NS = 1_000_000_000L;
    /** 100 Gb/s for one simulated millisecond. */
    private static final long OCTETS_PER_SIM_MS = 12_500_000L;

    private final ManualClock clock = new ManualClock(1_000_000);
    private final TelemetryStore store = new TelemetryStore(
            clock, FreshnessPolicy.standard(), AlarmThresholds.defaults().withClearAfter(Duration.ofSeconds(2)), 1000);

    private void receive(Notifications notification) {
        store.apply(List.of(NotificationDecoderAccess.decode("fabric", notification.build(), clock.millis())));
    }

    private static final String PORT = "/interfaces/interface[name=p1-t1-2]/state";

    private double bitsPerSecond() {
        return store.publish(IngestStats.NONE)
                .link("p1-t0-0~p1-t1-2")
                .orElseThrow()
                .bitsPerSecond();
    }

    @Test
    void aSimulatedSwitchAtDilation1000HasItsRatesPerSimulatedSecondThoughItsTimestampsAreWallClock() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        for (int sample = 0; sample <= 2; sample++) {
            // a sample each wall second, one simulated millisecond apart; the clock leaf after the counters
            receive(Notifications.of("p1-t0-0", WALL_NS + sample * SECOND_NS)
                    .text(PORT + "/oper-status", "UP")
                    .uint(PORT + "/counters/out-octets", sample * OCTETS_PER_SIM_MS)
                    .uint("sim:/clock/state/epoch", EPOCH_NS)
                    .uint("sim:/clock/state/sim-time-ns", sample * 1_000_000L));
            clock.advance(Duration.ofSeconds(1));
        }
        assertEquals(100e9, bitsPerSecond(), 1, "per simulated second, not per wall second (100 Mb/s)");

        // a sample split over two notifications: the part without the clock leaf is of the latest sample
        receive(Notifications.of("p1-t0-0", WALL_NS + 3 * SECOND_NS).uint("sim:/clock/state/sim-time-ns", 3_000_000L));
        receive(Notifications.of("p1-t0-0", WALL_NS + 3 * SECOND_NS)
                .uint(PORT + "/counters/out-octets", 3 * OCTETS_PER_SIM_MS));
        assertEquals(100e9, bitsPerSecond(), 1);
    }

    /**
     * A fleet's drill-down reads a device's last 150 s of raw updates (ADR 0102): not its initial state,
     * the only one with the epoch (sent on change). The agent splits a sample of more than 1,000 updates
     * in parts, the clock leaf in the last. Found by FleetPipelineBench: a switch drilled into kept its
     * first counters and no rates for ever (instants went from the wall clock to epoch 0 plus simulated
     * time, minutes back).
     */
    @Test
    void aSimulatedSwitchJoinedAfterItsInitialStateGetsRatesAndItsCountersMove() {
        // A drill-down's store: it reads the device's stream from after its initial state.
        TelemetryStore store =
                new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 1000, true);
        java.util.function.Consumer<Notifications> receive =
                n -> store.apply(List.of(NotificationDecoderAccess.decode("fabric", n.build(), clock.millis())));
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        for (int sample = 0; sample <= 3; sample++) {
            receive.accept(Notifications.of("p1-t0-0", WALL_NS + sample * 60 * SECOND_NS)
                    .text(PORT + "/oper-status", "UP")
                    .uint(PORT + "/counters/out-octets", sample * OCTETS_PER_SIM_MS));
            receive.accept(Notifications.of("p1-t0-0", WALL_NS + sample * 60 * SECOND_NS)
                    .uint("sim:/clock/state/sim-time-ns", 5_000_000L + sample * 1_000_000L));
            clock.advance(Duration.ofSeconds(60));
        }
        var port = store.publish(IngestStats.NONE)
                .switchNamed("p1-t0-0")
                .orElseThrow()
                .ports()
                .getFirst();
        assertEquals(3 * OCTETS_PER_SIM_MS, port.outOctets(), "its counters move");
        assertEquals(100e9, port.outBps(), 1, "per simulated second");
    }

    /**
     * The live console sees every device from its initial state: a device whose epoch has not come
     * must not be timed from its own first sample, or the two ends of a link disagree on when they
     * sampled and a healthy link shows packets lost between them (the demo's plane view did).
     */
    @Test
    void devicesOfOneSimulationAreTimedAlikeWhateverTheWallClockOfTheirFirstSample() {
        SampleClock first = new SampleClock(false);
        SampleClock second = new SampleClock(false);
        long atFirst = first.sampleTimeNs(NotificationDecoderAccess.decode(
                "fabric",
                Notifications.of("p1-t0-0", WALL_NS)
                        .uint("sim:/clock/state/sim-time-ns", 2_000_000L)
                        .build(),
                clock.millis()));
        long atSecond = second.sampleTimeNs(NotificationDecoderAccess.decode(
                "fabric",
                Notifications.of("p1-t1-2", WALL_NS + 5 * SECOND_NS)
                        .uint("sim:/clock/state/sim-time-ns", 2_000_000L)
                        .build(),
                clock.millis()));
        assertEquals(atFirst, atSecond, "one simulated instant, one sample time");
    }

    @Test
    void aDeviceWithoutASimulatedClockHasItsRatesPerWallSecond() {
        store.apply(List.of(new IngestEvent.Connection("fabric", ConnectionPhase.STREAMING, "", clock.millis())));
        receive(Notifications.of("p1-t0-0", WALL_NS)
                .text(PORT + "/oper-status", "UP")
                .uint(PORT + "/counters/out-octets", 0));
        receive(Notifications.of("p1-t0-0", WALL_NS + SECOND_NS)
                .uint(PORT + "/counters/out-octets", OCTETS_PER_SIM_MS));
        assertEquals(100e6, bitsPerSecond(), 1);
    }
}
