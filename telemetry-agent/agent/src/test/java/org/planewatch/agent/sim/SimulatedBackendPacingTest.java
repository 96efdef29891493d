package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.sim.Simulation;
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
    void snapshotsArePublishedEachIntervalOfTheInjectedClockStampedWithTheSimulatedTimeReached() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(100));
        assertEquals(EPOCH_NS, backend.read(host).timestampNs(), "the snapshot published when built");

        for (int ms = 10; ms < 100; ms += 10) {
            clock.advance(Duration.ofMillis(10));
            awaitValue(ms * 1_000L, backend::simulatedNowNs);
        }
        Thread.sleep(150); // a system-clock pacer would have published by now
        assertEquals(EPOCH_NS, backend.read(host).timestampNs(), "no publish before 100 ms of the injected clock");

        clock.advance(Duration.ofMillis(10));
        awaitValue(EPOCH_NS + 100_000, () -> backend.read(host).timestampNs());
    }
}
