package org.planewatch.console.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
}
