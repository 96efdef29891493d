package org.planewatch.console.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.telemetry.worker.ManualNanoClock;

/** The read-ahead's reader is a worker that ends by itself at the end of the recording. */
@Timeout(30)
class ReadAheadTest {
    @TempDir
    Path dir;

    private static boolean readerAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("planewatch-replay-read") && t.isAlive());
    }

    @Test
    void readsToTheEndThenItsThreadEndsWithoutBeingClosedAndHandsOverEveryEvent() throws Exception {
        Path file = dir.resolve("ahead.pwrec");
        ReplayEngineTest.recordWhileWatching(file, 40, List.of());
        try (RecordingReader reader = RecordingReader.open(file)) {
            long[] range = reader.timeRange();
            ReplayCursor all = reader.cursor();
            all.seek(range[0]);
            int recorded = all.advanceTo(range[1]).size();

            ReplayCursor cursor = reader.cursor();
            cursor.seek(range[0]);
            ManualNanoClock clock = new ManualNanoClock(0);
            ReadAhead ahead = new ReadAhead(cursor, range[0], range[1], clock);
            ahead.awaitFull(10_000); // the whole recording fits: ends when reading ends
            while (readerAlive()) {
                Thread.sleep(1);
            }
            List<IngestEvent> events = ahead.advanceTo(range[1]);
            assertEquals(recorded, events.size());
            ahead.close();
            assertFalse(readerAlive());
            assertTrue(recorded > 0);
        }
    }
}
