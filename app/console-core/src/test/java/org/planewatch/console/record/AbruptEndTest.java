package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording its recorder never closed (killed, crashed, or still recording) says so, and where it
 * ends; one copied without its write-ahead log says what that lost, or, when the log held all its
 * data, that the log must be copied with it.
 */
@Timeout(60)
class AbruptEndTest {
    private static final long START = DamagedRecordings.START;

    @TempDir
    Path dir;

    @Test
    void aRecordingItsRecorderNeverClosedEndedAbruptlyAtItsLastArrival() throws Exception {
        Path file = DamagedRecordings.abandoned(dir, "killed.pwrec", 40, 0);
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(41, reader.batchCount(), "every committed batch is there, read from the -wal");
            RecordingReader.AbruptEnd end = reader.abruptEnd().orElseThrow();
            assertEquals(START + 40 * 250, end.lastArrivalMillis());
            assertFalse(end.walMissing());
            assertEquals(
                    "recording ended abruptly at 2026-09-21 14:13:30.000 UTC; the last 250 ms may be missing"
                            + " (or it is still being recorded)",
                    end.describe());
        }
    }

    @Test
    void aRecordingClosedCleanlyDidNotEndAbruptlyNorDidOneClosedBeforeTheMarkExisted() throws Exception {
        Path file = dir.resolve("closed.pwrec");
        DamagedRecordings.recorded(file, 20);
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertTrue(reader.abruptEnd().isEmpty());
        }
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement()) {
            s.execute("DELETE FROM meta WHERE key = 'closed_after_batch'"); // as consoles wrote files before ADR 0085
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertTrue(reader.abruptEnd().isEmpty(), "closed (out of WAL mode) by a console that wrote no mark");
        }
    }

    @Test
    void withoutTheWriteAheadLogThatHoldsAllItsDataTheRecordingIsRefusedNamingTheLog() throws Exception {
        Path file = DamagedRecordings.abandoned(dir, "copied.pwrec", 40, 0);
        Files.delete(Path.of(file + "-wal"));
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingReader.open(file));
        assertEquals(
                file
                        + ": is not a finished Planewatch recording: it was never closed, and its data (if it is a recording)"
                        + " is in its write-ahead log copied.pwrec-wal, which is not beside it: copy copied.pwrec-wal into the same"
                        + " folder as copied.pwrec and open it again",
                e.getMessage());
        // Opening it created an empty -wal beside it (SQLite does, even read-only): still the same answer.
        RecordingException again = assertThrows(RecordingException.class, () -> RecordingReader.open(file));
        assertEquals(e.getMessage(), again.getMessage());
    }

    @Test
    void withoutTheWriteAheadLogAfterACheckpointItOpensAndSaysWhatIsMissing() throws Exception {
        Path file = DamagedRecordings.abandoned(dir, "half.pwrec", 40, 20);
        Files.delete(Path.of(file + "-wal"));
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(21, reader.batchCount(), "what was checkpointed into the file");
            RecordingReader.AbruptEnd end = reader.abruptEnd().orElseThrow();
            assertTrue(end.walMissing());
            assertEquals(START + 20 * 250, end.lastArrivalMillis());
            assertTrue(
                    end.describe()
                            .endsWith(
                                    "; its write-ahead log half.pwrec-wal was not copied with it, so everything"
                                            + " recorded after the last checkpoint is missing too (copy the -wal file together with the recording)"),
                    end.describe());
        }
    }

    @Test
    void aRecordingStillBeingWrittenOpensUpToNow() throws Exception {
        Path file = dir.resolve("running.pwrec");
        Recorder recorder = DamagedRecordings.recording(file, 12);
        try {
            try (RecordingReader reader = RecordingReader.open(file)) {
                assertEquals(13, reader.batchCount());
                assertTrue(reader.abruptEnd().orElseThrow().describe().endsWith("(or it is still being recorded)"));
            }
        } finally {
            recorder.close();
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertTrue(reader.abruptEnd().isEmpty(), "closed now");
        }
    }
}
