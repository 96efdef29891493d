package org.planewatch.console.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.console.bench.SimAgentProcess.Fabric;
import org.planewatch.console.demo.EmbeddedDemo;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * Issue 20 item 2, bounded memory proven: the console left live on the embedded demo for an hour, and
 * on a 2,048-host fabric (a real agent process, every device) for 30 minutes, keeps its heap after GC
 * flat within 10 % and its ingest queue bounded, loses no event and drops nothing ({@link HeapSoak}).
 * Slow: run by {@code ./mvnw -Pslow verify}; {@code -Dplanewatch.soak.minutes=3} shortens both (and
 * {@code -Dplanewatch.soak.warmup.minutes=3} their warm-up).
 */
@Tag("slow")
class ConsoleSoakTest {

    /** The live session's ingest queue bound (LiveSession.QUEUE_CAPACITY, in events). */
    private static final int QUEUE_BOUND = 65_536;

    @Test
    @Timeout(value = 80, unit = TimeUnit.MINUTES)
    void theDemoLiveForAnHourKeepsItsHeapAfterGcFlat() throws Exception {
        Duration length = HeapSoak.duration(Duration.ofHours(1));
        try (EmbeddedDemo demo = EmbeddedDemo.start();
                LiveSession session = new LiveSession(InstantSource.system())) {
            session.add(demo.target());
            HeapSoak.run("demo", session, warmUp(length), length, QUEUE_BOUND);
        }
    }

    @Test
    @Timeout(value = 50, unit = TimeUnit.MINUTES)
    void aFabricOf2048HostsLiveForHalfAnHourKeepsItsHeapAfterGcFlat() throws Exception {
        Duration length = HeapSoak.duration(Duration.ofMinutes(30));
        Fabric fabric = Fabric.of(2048);
        // The agent jar the reactor built (this module is run from app/benchmarks).
        Path jar = Path.of("../../telemetry-agent/agent/target/planewatch-agent.jar");
        try (SimAgentProcess agent = SimAgentProcess.start(fabric, jar, "3g");
                LiveSession session = new LiveSession(InstantSource.system())) {
            session.add(TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")));
            awaitEveryDevice(session, fabric.devices(), Duration.ofMinutes(5));
            List<HeapSoak.Sample> samples = HeapSoak.run("2048 hosts", session, warmUp(length), length, QUEUE_BOUND);
            assertTrue(agent.isAlive(), "the agent died during the soak");
            assertTrue(samples.getLast().ingest().appliedUpdates() > 0);
        }
    }

    /**
     * Before sampling: the console's bounded windows fill first (plane trends: 10 minutes; the
     * exclusion groups: 5; the decision log up to its capacity), which on the demo adds 30 MB over its
     * first 2.5 minutes and then stays. A fifth of the run, at most 12 minutes (the full hour: 12, the
     * 30 minutes: 6); {@code planewatch.soak.warmup.minutes} sets it for a shortened run.
     */
    private static Duration warmUp(Duration length) {
        String minutes = System.getProperty("planewatch.soak.warmup.minutes");
        if (minutes != null && !minutes.isBlank()) {
            return HeapSoak.minutes("planewatch.soak.warmup.minutes", minutes);
        }
        return Duration.ofSeconds(Math.max(30, Math.min(12 * 60, length.toSeconds() / 5)));
    }

    private static void awaitEveryDevice(LiveSession session, int devices, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        int seen = 0;
        while (System.nanoTime() < deadline) {
            var snapshot = session.snapshots().latest();
            seen = snapshot.hosts().size() + snapshot.switches().size();
            if (seen >= devices) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("only " + seen + " of " + devices + " devices learnt within " + bound);
    }
}
