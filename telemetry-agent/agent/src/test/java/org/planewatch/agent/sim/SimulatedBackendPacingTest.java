package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.TelemetryClock;
import org.planewatch.sim.Simulation;
import org.planewatch.telemetry.schema.SimLeaves;
import org.planewatch.telemetry.value.TelemetryValue;
import org.planewatch.telemetry.worker.ManualNanoClock;

/**
 * The simulation thread paces and publishes by its injected clock alone: driven by a manual clock,
 * simulated time and the publishes move exactly as far as that clock was moved, however long the
 * machine takes, and not at all while it stands still.
 */
@Timeout(30)
class SimulatedBackendPacingTest {

    private static final long EPOCH_NS = 1_000_000_000_000L;

    private final ManualNanoClock clock = new ManualNanoClock(7_000_000_000L);
    private SimulatedBackend backend;
    private String host;

    private void start(SimOptions options) throws Exception {
        backend = new SimulatedBackend(Simulation.build(SimulatedBackendTest.smallFabric()), options, EPOCH_NS, clock);
        host = backend.targets().getFirst().name();
        backend.start();
    }

    @AfterEach
    void stop() {
        if (backend != null) {
            backend.close();
        }
    }

    /** Waits (bounded by the test's timeout) until the simulation thread has caught up with {@code expected}. */
    private static void awaitValue(long expected, LongSupplier actual) throws InterruptedException {
        while (actual.getAsLong() != expected) {
            if (actual.getAsLong() > expected) {
                assertEquals(expected, actual.getAsLong(), "ran past the injected clock");
            }
            Thread.sleep(1);
        }
    }

    @Test
    void simulatedTimeAdvancesInStepWithTheInjectedClockTimesTheDilationAndStandsStillWithIt() throws Exception {
        start(SimOptions.defaults()); // dilation 1000: 1 ms of the clock is 1 us simulated

        clock.advance(Duration.ofMillis(5));
        awaitValue(5_000, backend::simulatedNowNs);
        Thread.sleep(200); // real time passes, the injected clock does not
        assertEquals(5_000, backend.simulatedNowNs(), "the pacing read a clock other than the injected one");

        backend.setDilation(500); // re-anchored at the injected clock's now
        clock.advance(Duration.ofMillis(5));
        awaitValue(15_000, backend::simulatedNowNs);

        backend.setPaused(true);
        clock.advance(Duration.ofMillis(50));
        Thread.sleep(50);
        assertEquals(15_000, backend.simulatedNowNs(), "paused at the injected clock's instant");
        backend.setPaused(false);
        clock.advance(Duration.ofMillis(1));
        awaitValue(17_000, backend::simulatedNowNs);
    }

    @Test
    void snapshotsArePublishedEachIntervalOfTheInjectedClockStampedWithTheWallClockOfTheSample() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(100));
        assertEquals(EPOCH_NS, backend.read(host).timestampNs(), "the snapshot published when built");

        for (int ms = 10; ms < 100; ms += 10) {
            clock.advance(Duration.ofMillis(10));
            awaitValue(ms * 1_000L, backend::simulatedNowNs);
        }
        Thread.sleep(150); // a system-clock pacer would have published by now
        assertEquals(EPOCH_NS, backend.read(host).timestampNs(), "no publish before 100 ms of the injected clock");

        clock.advance(Duration.ofMillis(10));
        awaitValue(EPOCH_NS + 100_000_000, () -> backend.read(host).timestampNs());
    }

    /** A wall clock read from a manual one: dates that move only when the test moves them. */
    private static final long WALL_NS = 1_790_000_000_000_000_000L;

    private static long simTimeLeaf(org.planewatch.agent.backend.DeviceSnapshot snapshot) {
        TelemetryValue v = snapshot.leaves().get(SimLeaves.CLOCK_STATE.child(SimLeaves.SIM_TIME_NS));
        return ((TelemetryValue.Uint) v).value();
    }

    @Test
    void atDilation1000ANotificationIsStampedWithTheInjectedWallClockAndSimulatedTimeIsALeafOfItsOwn()
            throws Exception {
        ManualNanoClock wall = new ManualNanoClock(WALL_NS);
        TelemetryClock wallClock = wall::nanoTime;
        backend = new SimulatedBackend(
                Simulation.build(SimulatedBackendTest.smallFabric()),
                SimOptions.defaults().withPublishIntervalMs(100), // dilation 1000
                EPOCH_NS,
                clock,
                wallClock);
        host = backend.targets().getFirst().name();
        backend.start();

        for (int sample = 1; sample <= 3; sample++) {
            // 100 ms pass on both clocks, 10 ms at a time (the simulation steps 10 us at most between
            // looks at the publish deadline): 100 us of simulated time, then a publish
            for (int ms = 10; ms <= 100; ms += 10) {
                wall.advance(Duration.ofMillis(10));
                clock.advance(Duration.ofMillis(10));
                if (ms < 100) {
                    awaitValue((sample - 1) * 100_000L + ms * 1_000L, backend::simulatedNowNs);
                }
            }
            long expectedWall = WALL_NS + sample * 100_000_000L;
            awaitValue(expectedWall, () -> backend.read(host).timestampNs());
            var snapshot = backend.read(host);
            assertEquals(
                    expectedWall,
                    snapshot.timestampNs(),
                    "stamped with the wall clock at sampling, not epoch + simulated time ("
                            + (EPOCH_NS + sample * 100_000L) + ")");
            assertEquals(sample * 100_000L, simTimeLeaf(snapshot), "the simulated instant of the sample");
        }
    }
}
