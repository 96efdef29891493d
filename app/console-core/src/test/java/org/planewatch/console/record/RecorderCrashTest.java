package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.IngestEvent;

/** A recording process killed with SIGKILL loses at most the batch it was writing. */
class RecorderCrashTest {
    @TempDir
    Path dir;

    @Test
    void killedRecorderLosesAtMostTheLastBatchAndTheFileOpens() throws Exception {
        Path file = dir.resolve("killed.pwrec");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        RecordingChild.class.getName(),
                        file.toString())
                .redirectErrorStream(true)
                .start();
        long committed = 0;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("committed ")) {
                    committed = Long.parseLong(line.substring("committed ".length()));
                    if (committed >= 40) {
                        break;
                    }
                } else if (line.startsWith("stopped")) {
                    break;
                }
            }
            child.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, no WAL checkpoint.
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        } finally {
            child.destroyForcibly();
        }
        assertTrue(committed >= 40, "the child reported " + committed + " committed batches before the kill");
        try (RecordingReader reader = RecordingReader.open(file)) {
            long onDisk = reader.batchCount();
            assertTrue(onDisk >= committed, "committed " + committed + " batches, found " + onDisk);
            ReplayCursor cursor = reader.cursor();
            List<IngestEvent> all = cursor.seek(0);
            all.addAll(cursor.advanceTo(Long.MAX_VALUE));
            assertFalse(all.isEmpty());
        }
    }
}
