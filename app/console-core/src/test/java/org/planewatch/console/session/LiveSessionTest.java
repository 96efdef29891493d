package org.planewatch.console.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** A live session's recording keeps every update that reached the session, up to a clean stop. */
class LiveSessionTest {
    private static final TelemetryPath COUNTER = TelemetryPath.parse("mrc:/planes/plane[id=0]/state/tx-pkts");

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void closingRecordsWhatTheStateOwnerHadNotDrainedYet() throws Exception {
        Path file = dir.resolve("rest.pwrec");
        int notifications = 60_000;
        RecordingControl recording;
        long offeredAt = System.currentTimeMillis();
        try (LiveSession session = new LiveSession(InstantSource.system())) {
            recording = session.recording(new RecordingInfo("test", "", 1, "test"), (f, reason) -> {});
            recording.start(file, 0);
            // Offered faster than the state owner drains them: closing at once leaves some queued.
            for (int i = 1; i <= notifications; i++) {
                session.offer(new IngestEvent.Notification(
                        "agent",
                        "host-" + (i % 64),
                        i * 1_000_000L,
                        List.of(new TelemetryUpdate(COUNTER, new TelemetryValue.Uint(i))),
                        List.of(),
                        offeredAt));
            }
            assertEquals(0, session.ingestStats().droppedUpdates(), "the queue had room for every update");
        }
        RecordingStatus status = recording.lastStatus().orElseThrow();
        assertEquals(0, status.droppedBatches(), status.toString());
        assertEquals(notifications, status.updates(), "updates in the file after a clean stop: " + status);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void theFirstSyncIsTheSyncResponseAppliedNotAPauseInTheStream() throws Exception {
        try (LiveSession session = new LiveSession(InstantSource.system())) {
            AtomicBoolean streaming = new AtomicBoolean(true);
            // An agent that samples on without a pause: "no update for 200 ms" never comes.
            Thread agent = Thread.ofPlatform().start(() -> {
                long i = 0;
                while (streaming.get()) {
                    session.offer(new IngestEvent.Notification(
                            "agent",
                            "host-" + (i % 64),
                            ++i * 1_000_000L,
                            List.of(new TelemetryUpdate(COUNTER, new TelemetryValue.Uint(i))),
                            List.of(),
                            System.currentTimeMillis()));
                    LockSupport.parkNanos(5_000_000);
                }
            });
            try {
                assertFalse(
                        session.awaitFirstSync(Duration.ofMillis(200), Duration.ofMillis(800)),
                        "no sync_response yet: not synced");
                session.offer(new IngestEvent.Synced("agent", System.currentTimeMillis()));
                assertTrue(
                        session.awaitFirstSync(Duration.ofMillis(200), Duration.ofSeconds(10)),
                        "synced once the sync_response is applied, while the stream goes on");
            } finally {
                streaming.set(false);
                agent.join();
            }
        }
    }
}
