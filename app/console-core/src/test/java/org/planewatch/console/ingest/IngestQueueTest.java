package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class IngestQueueTest {
    private static final long T = 1_795_579_142_160L;

    @TempDir
    Path dir;

    /** What a stream's first response does: decoded (stamped) at T, its STREAMING change stamped and queued first. */
    private static List<IngestEvent> firstResponseQueuedBehindItsStreamingChange() {
        return List.of(
                new IngestEvent.Connection("demo", ConnectionPhase.STREAMING, "", T + 3),
                new IngestEvent.Notification(
                        "demo",
                        "host-0",
                        42,
                        List.of(new TelemetryUpdate(
                                TelemetryPath.parse("mrc:/planes/plane[id=0]/state/oper-status"),
                                TelemetryValue.str("UP"))),
                        List.of(),
                        T));
    }

    @Test
    void drainedEventsNeverGoBackInArrivalTime() throws Exception {
        IngestQueue queue = new IngestQueue(16);
        firstResponseQueuedBehindItsStreamingChange().forEach(queue::offer);
        queue.offer(new IngestEvent.Synced("demo", T + 1));
        List<IngestEvent> first = new ArrayList<>();
        queue.drain(first, 2, 0);
        List<IngestEvent> second = new ArrayList<>();
        queue.offer(new IngestEvent.Connection("demo", ConnectionPhase.FAILED, "gone", T + 7));
        queue.drain(second, 16, 0);

        assertEquals(
                List.of(T + 3, T + 3),
                first.stream().map(IngestEvent::arrivalMillis).toList());
        assertEquals(
                List.of(T + 3, T + 7),
                second.stream().map(IngestEvent::arrivalMillis).toList(),
                "an event stamped before one drained earlier counts as arrived with it");
        IngestEvent.Notification notification = (IngestEvent.Notification) first.get(1);
        assertEquals(
                firstResponseQueuedBehindItsStreamingChange().get(1),
                new IngestEvent.Notification(
                        notification.source(),
                        notification.target(),
                        notification.timestampNs(),
                        notification.updates(),
                        notification.deletes(),
                        T),
                "only the arrival time changes");
    }

    /**
     * The live store applied both events when it had drained the second alone; a replay at that
     * batch's last arrival must show both. With the stamps as they were queued (T+3, then T) the
     * replay at T showed neither: it stops at the first recorded event that arrived after T.
     */
    @Test
    void replayAtTheLastArrivalOfADrainedBatchShowsEveryEventDrainedBeforeIt() throws Exception {
        IngestQueue queue = new IngestQueue(16);
        firstResponseQueuedBehindItsStreamingChange().forEach(queue::offer);
        List<IngestEvent> streaming = new ArrayList<>();
        queue.drain(streaming, 1, 0);
        List<IngestEvent> firstResponse = new ArrayList<>();
        queue.drain(firstResponse, 1, 0);

        Path file = dir.resolve("first-response.pwrec");
        try (RecordingWriter writer =
                RecordingWriter.create(file, new RecordingMetadata("demo", "test", 1000, "test"), T)) {
            writer.append(streaming);
            writer.append(firstResponse);
        }
        List<IngestEvent> applied = new ArrayList<>(streaming);
        applied.addAll(firstResponse);
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(
                    applied, reader.cursor().advanceTo(firstResponse.getLast().arrivalMillis()));
        }
    }
}
