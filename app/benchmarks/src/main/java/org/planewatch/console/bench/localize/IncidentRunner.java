package org.planewatch.console.bench.localize;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.planewatch.agent.sim.EmbeddedSimAgent;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Runs one incident the way the console meets one: the simulator inside an agent serving gNMI on
 * loopback (as the embedded demo runs it), a live session subscribed to it (the real ingest, state
 * owner and localization), and the session's newest snapshot read every {@link #SAMPLE_MILLIS}.
 * The simulation waits, paused, until the console has the fabric, then runs at the demo's pace.
 */
public final class IncidentRunner {
    static final long SAMPLE_MILLIS = 50;
    /** How long the console may take to connect and receive the fabric. */
    private static final long CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(90);
    /** How long a run may take beyond its simulated time at the demo's pace (a loaded machine lags). */
    private static final long LAG_ALLOWANCE = 20;

    private IncidentRunner() {}

    /** The incident's samples, from the instant the simulation starts to its end. */
    public static List<Sample> run(Incident incident) throws IOException, InterruptedException {
        long started = System.nanoTime();
        Scenario scenario;
        try {
            scenario =
                    ScenarioLoader.parse(incident.scenarioYaml(), "incident-" + incident.id() + ".yaml", Path.of("."));
        } catch (ScenarioException e) {
            throw new IllegalStateException(
                    "incident " + incident.id() + ": the simulator rejects its scenario: " + e.getMessage(), e);
        }
        try (EmbeddedSimAgent agent = EmbeddedSimAgent.start(scenario, SimOptions.defaults(), false)) {
            SimulatedBackend backend = agent.backend();
            pause(backend, true);
            long originNanos = epochNanos(Instant.now());
            try (LiveSession session = new LiveSession(new DemoPaceClock(originNanos, backend::simulatedNowNs))) {
                session.add(TargetConfig.insecure("sim", "127.0.0.1", agent.port(), List.of("*")));
                long synced = System.nanoTime();
                awaitFabric(session, incident);
                pause(backend, false);
                long running = System.nanoTime();
                List<Sample> samples = sample(session, backend, incident);
                System.err.printf(
                        "incident %d: built and started in %d ms, first sync %d ms, ran %d ms%n",
                        incident.id(),
                        (synced - started) / 1_000_000,
                        (running - synced) / 1_000_000,
                        (System.nanoTime() - running) / 1_000_000);
                return samples;
            }
        }
    }

    private static List<Sample> sample(LiveSession session, SimulatedBackend backend, Incident incident)
            throws InterruptedException {
        List<Sample> samples = new ArrayList<>();
        long deadline = System.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(incident.endUs() * LAG_ALLOWANCE)
                + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            long simUs = backend.simulatedNowNs() / 1000;
            if (simUs >= incident.endUs()) {
                return samples;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("incident " + incident.id() + ": the simulation reached only " + simUs
                        + " us of " + incident.endUs() + " us in its time allowance");
            }
            FabricSnapshot snapshot = session.snapshots().latest();
            samples.add(new Sample(
                    simUs, snapshot.suspects().stream().map(Suspect::name).toList()));
            Thread.sleep(SAMPLE_MILLIS);
        }
    }

    /**
     * Waits until the console has taken the subscription's first sync. (The snapshot itself is
     * published on the store's clock, which stands still while the simulation is paused.)
     */
    private static void awaitFabric(LiveSession session, Incident incident) throws InterruptedException {
        if (!session.awaitFirstSync(Duration.ofMillis(4 * SAMPLE_MILLIS), Duration.ofNanos(CONNECT_TIMEOUT_NANOS))) {
            throw new IllegalStateException("incident " + incident.id() + ": the console did not receive the"
                    + " fabric in " + TimeUnit.NANOSECONDS.toSeconds(CONNECT_TIMEOUT_NANOS) + " s ("
                    + session.ingestStats() + ")");
        }
    }

    private static void pause(SimulatedBackend backend, boolean paused) {
        try {
            backend.setPaused(paused);
        } catch (Exception e) {
            throw new IllegalStateException("the simulation did not " + (paused ? "pause" : "resume") + ": " + e, e);
        }
    }

    private static long epochNanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }
}
