package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.telemetry.schema.DeviceRole;

/**
 * A subscription that is quiet for a while (counters every 60 s, ADR 0103; a device whose states do
 * not change) stays open: the client's keepalive pings must pass the server's default enforcement
 * (gRPC servers, ours included, allow a ping per 5 minutes while nothing is sent and answer the
 * third early one with GOAWAY "too_many_pings", which ends every stream of the connection). Found by
 * FleetPipelineBench: with pings every 10 s the collectors' connections were cut every 40 s of
 * silence and their hundreds of streams subscribed again.
 */
@Tag("slow")
class KeepAliveTest {
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void aSubscriptionQuietForFortyFiveSecondsIsNotCutByTheAgent() throws Exception {
        InMemoryBackend backend = new InMemoryBackend(
                List.of(new TargetInfo("host-0001", DeviceRole.HOST)), () -> 1_700_000_000_000_000_000L);
        IngestQueue queue = new IngestQueue(10_000);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        List<IngestEvent> received = new ArrayList<>();
        try (AgentServer agent = new AgentServer(
                                AgentConfig.loopbackInsecure(0, GnmiOptions.defaults()),
                                backend,
                                StructuredLog.silent())
                        .start();
                GnmiTargetClient client = new GnmiTargetClient(
                        TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")),
                        SubscriptionPlan.fabricOverview(),
                        queue,
                        InstantSource.system(),
                        scheduler,
                        new Backoff(Duration.ofMillis(50), Duration.ofMillis(200), 0.5, new Random(7)))) {
            client.start();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (received.stream().noneMatch(e -> e instanceof IngestEvent.Synced)) {
                assertTrue(System.nanoTime() < deadline, "no initial state within 10 s: " + received);
                queue.drain(received, 1_000, 50);
            }
            received.clear();
            long quietUntil = System.nanoTime() + Duration.ofSeconds(45).toNanos();
            while (System.nanoTime() < quietUntil) {
                queue.drain(received, 1_000, 200);
            }
            List<IngestEvent> cut = received.stream()
                    .filter(e -> e instanceof IngestEvent.Connection c && c.phase() != ConnectionPhase.STREAMING)
                    .toList();
            assertEquals(List.of(), cut, "the quiet subscription was not cut");
        } finally {
            scheduler.shutdownNow();
        }
    }
}
