package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.testing.Closing;
import org.planewatch.console.testing.Notifications;
import org.planewatch.console.testing.ScriptedGnmiServer;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A client feeding a paced queue (ADR 0112, 0115) over real gRPC on loopback: its streams queue only
 * as many responses as the queue's credits allow, wait on the connection's one callback thread for
 * more, and read on, in order, as the queue is drained; streams that end leave no credit held.
 */
class PacedReadingTest {
    private static final int CREDITS = 5;
    private static final int DUMP = 60;

    @AutoClose
    private final Closing closing = new Closing();

    /** {@link #DUMP} notifications per stream, each with its index as the counter's value. */
    private static List<Notification> dump() {
        return IntStream.range(0, DUMP)
                .mapToObj(i -> Notifications.of("", 1_000L + i)
                        .uint("/interfaces/interface[name=eth0]/state/counters/in-octets", i)
                        .build())
                .toList();
    }

    private GnmiTargetClient client(ScriptedGnmiServer agent, IngestQueue queue) {
        GnmiTargetClient client = new GnmiTargetClient(
                TargetConfig.insecure("agent", "127.0.0.1", agent.port(), List.of("dev-a", "dev-b")),
                SubscriptionPlan.fabricOverview(),
                queue,
                InstantSource.system(),
                closing.scheduler(),
                new Backoff(Duration.ofMillis(50), Duration.ofMillis(200), 0.5, new Random(3)));
        closing.add(client);
        client.start();
        return client;
    }

    @Test
    @Timeout(30)
    void readsNoFurtherThanItsCreditsAndOnInOrderAsTheQueueIsDrained() throws Exception {
        ScriptedGnmiServer agent = ScriptedGnmiServer.start(0, PacedReadingTest::dump);
        closing.add(agent);
        IngestQueue queue = IngestQueue.paced(CREDITS);
        ReadCredits credits = queue.credits().orElseThrow();
        client(agent, queue);

        await(() -> credits.paused() == 1, "the connection's callback thread waiting for a credit");
        assertEquals(CREDITS, credits.taken());
        long queued = queue.totals().queuedEvents();
        assertTrue(
                queued == CREDITS + 2 || queued == CREDITS + 3,
                "the credits' responses, CONNECTING and one STREAMING per stream already heard, not " + queued);

        // Both streams send 0..DUMP-1 under the one default device: the values must be two ordered runs merged.
        int[] next = new int[2];
        int synced = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (synced < 2) {
            assertTrue(System.nanoTime() < deadline, "both streams' dumps within 20 s, " + synced + " synced");
            List<IngestEvent> batch = new ArrayList<>();
            queue.drain(batch, 3, 50);
            for (IngestEvent event : batch) {
                if (event instanceof IngestEvent.Notification n) {
                    long value = ((TelemetryValue.Uint) n.updates().getFirst().value()).value();
                    int stream = value == next[0] ? 0 : 1;
                    assertEquals(next[stream], value, "each stream's notifications in the order sent");
                    next[stream]++;
                } else if (event instanceof IngestEvent.Synced) {
                    synced++;
                }
            }
            assertTrue(credits.taken() <= CREDITS, "never more than " + CREDITS + " read ahead");
        }
        assertEquals(DUMP, next[0]);
        assertEquals(DUMP, next[1]);
        assertEquals(0, queue.totals().coalescedUpdates());
    }

    @Test
    @Timeout(30)
    void aStreamThatEndsGivesBackTheCreditItHeld() throws Exception {
        ScriptedGnmiServer agent = ScriptedGnmiServer.start(0, PacedReadingTest::dump);
        IngestQueue queue = IngestQueue.paced(CREDITS);
        ReadCredits credits = queue.credits().orElseThrow();
        client(agent, queue);
        await(() -> credits.paused() == 1, "the connection's callback thread waiting for a credit");

        agent.close(); // both streams end while their connection waits, their credits with the queue's responses
        List<IngestEvent> drained = new ArrayList<>();
        await(
                () -> {
                    try {
                        queue.drain(drained, 100, 10);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return credits.taken() == 0 && credits.paused() == 0;
                },
                "every credit back once the queue is drained and the streams ended");
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " within 15 s");
            Thread.sleep(10);
        }
    }
}
