package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class RecordingSafetyTest {
    private static final long START = 1_790_000_000_000L;
    private static final RecordingMetadata META = new RecordingMetadata("test", "", 1, "test");

    @TempDir
    Path dir;

    @Test
    void refusesAFileThatIsNotSqlite() throws Exception {
        Path file = dir.resolve("notes.pwrec");
        Files.writeString(file, "these are my incident notes, not a recording\n".repeat(10));
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingReader.open(file));
        assertTrue(e.getMessage().contains("not a Planewatch recording (not an SQLite database)"), e.getMessage());
        assertTrue(e.getMessage().startsWith(file.toString()), "names the file: " + e.getMessage());
    }

    @Test
    void refusesAnSqliteDatabaseOfAnotherApplication() throws Exception {
        Path file = dir.resolve("other.db");
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement()) {
            s.execute("CREATE TABLE t(x)");
        }
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingReader.open(file));
        assertTrue(e.getMessage().contains("is an SQLite database but not a Planewatch recording"), e.getMessage());
    }

    @Test
    void refusesARecordingFromANewerFormat() throws Exception {
        Path file = recorded("newer.pwrec", 5);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement()) {
            s.execute("PRAGMA user_version = " + (RecordingSchema.VERSION + 1));
        }
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingReader.open(file));
        assertTrue(
                e.getMessage()
                        .contains("written by a newer Planewatch (recording format " + (RecordingSchema.VERSION + 1)
                                + "; this console reads formats up to " + RecordingSchema.VERSION),
                e.getMessage());
    }

    @Test
    void reportsATruncatedRecordingAsDamaged() throws Exception {
        Path file = recorded("truncated.pwrec", 200);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(raf.length() / 2);
        }
        RecordingException e = assertThrows(RecordingException.class, () -> {
            try (RecordingReader reader = RecordingReader.open(file)) {
                ReplayCursor cursor = reader.cursor();
                cursor.seek(START);
                cursor.advanceTo(Long.MAX_VALUE);
            }
        });
        assertTrue(e.getMessage().contains("damaged") || e.getMessage().contains("truncated"), e.getMessage());
    }

    /** Opening checks the tables it reads whole, not every page of the file: a damaged dictionary page is found there. */
    @Test
    void reportsADamagedDictionaryPageOnOpening() throws Exception {
        Path file = recorded("dictionary.pwrec", 30);
        long rootPage;
        int pageSize;
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement()) {
            try (var rs = s.executeQuery("SELECT rootpage FROM sqlite_master WHERE name = 'leaves'")) {
                rootPage = rs.getLong(1);
            }
            try (var rs = s.executeQuery("PRAGMA page_size")) {
                pageSize = rs.getInt(1);
            }
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            // The b-tree page header of the leaf dictionary's root: an invalid page type.
            raf.seek((rootPage - 1) * pageSize);
            raf.write(new byte[] {(byte) 0x7f, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55});
        }
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingReader.open(file));
        assertTrue(
                e.getMessage().startsWith(file.toString())
                        && e.getMessage().contains("is damaged (truncated or corrupted)"),
                e.getMessage());
    }

    @Test
    void reportsACorruptedDataBlockAsDamaged() throws Exception {
        Path file = recorded("corrupt.pwrec", 30);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement()) {
            s.execute("UPDATE batches SET data = x'00112233445566778899' WHERE seq = 10");
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayCursor cursor = reader.cursor();
            cursor.seek(START);
            RecordingException e = assertThrows(RecordingException.class, () -> cursor.advanceTo(Long.MAX_VALUE));
            assertTrue(e.getMessage().contains("is damaged in batch 10"), e.getMessage());
        }
    }

    @Test
    void replayNeverChangesTheFile() throws Exception {
        Path file = recorded("readonly.pwrec", 60);
        byte[] before = sha256(file);
        try (RecordingReader reader = RecordingReader.open(file)) {
            ReplayCursor cursor = reader.cursor();
            cursor.seek(START + 5_000);
            cursor.advanceTo(Long.MAX_VALUE);
            reader.exclusions();
            reader.activity();
        }
        assertArrayEquals(before, sha256(file));
        assertFalse(Files.exists(Path.of(file + "-wal")), "a finished recording is one file");
    }

    @Test
    void neverOverwritesAnExistingFile() throws Exception {
        Path file = recorded("keep.pwrec", 5);
        byte[] before = sha256(file);
        RecordingException e = assertThrows(RecordingException.class, () -> RecordingWriter.create(file, META, START));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        assertArrayEquals(before, sha256(file));
    }

    @Test
    void ringKeepsOnlyRecentHistoryAndStillReplays() throws Exception {
        Path file = dir.resolve("ring.pwrec");
        SyntheticTelemetry fabric = new SyntheticTelemetry(3, 4, 8, START);
        List<IngestEvent> all = new ArrayList<>(fabric.connectAll());
        try (RecordingWriter writer = RecordingWriter.create(file, META, START, 2_000, 10_000, 0)) {
            writer.append(all);
            for (int i = 0; i < 400; i++) {
                List<IngestEvent> batch = fabric.nextBatch();
                all.addAll(batch);
                writer.append(batch);
            }
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            long[] range = reader.timeRange();
            long end = fabric.arrivalMillis();
            assertEquals(end, range[1]);
            assertTrue(range[0] >= end - 10_000 - 2_000 - 250, "kept from " + (end - range[0]) + " ms before the end");
            long instant = end - 5_000;
            RecordingRoundTripTest.assertSameState(
                    RecordingRoundTripTest.stateAt(all, instant),
                    RecordingRoundTripTest.stateOf(reader.cursor().seek(instant)));
        }
    }

    @Test
    void ringFileOfCountersStopsGrowingOnceItHoldsItsWindow() throws Exception {
        long ringShort = countersFileSize("ring-100s.pwrec", 400, 10_000);
        long ringLong = countersFileSize("ring-400s.pwrec", 1_600, 10_000);
        long keptLong = countersFileSize("all-400s.pwrec", 1_600, 0);
        assertTrue(
                keptLong > 3 * ringShort,
                "a full recording grows with time: " + keptLong + " vs " + ringShort + " bytes");
        assertTrue(
                ringLong < ringShort * 5 / 4,
                "a 10 s ring over 400 s takes " + ringLong + " bytes, over 100 s " + ringShort);
    }

    /**
     * The agents' event rings add a new list entry per decision and evict old ones: the
     * dictionaries hold templates, not every entry ever seen, so a ring file stops growing too.
     */
    @Test
    void ringOfAnEventStreamStopsGrowingOnceItHoldsItsWindow() throws Exception {
        Path shortRing = eventStreamRing("events-100s.pwrec", 400);
        Path longRing = eventStreamRing("events-400s.pwrec", 1_600);
        Map<String, Long> shortCounts = rowCounts(shortRing);
        Map<String, Long> longCounts = rowCounts(longRing);
        assertEquals(shortCounts.get("leaves"), longCounts.get("leaves"), "leaf dictionary rows");
        assertEquals(shortCounts.get("strings"), longCounts.get("strings"), "string dictionary rows");
        for (String table : List.of("batches", "keyframes", "exclusions")) {
            assertTrue(
                    longCounts.get(table) <= shortCounts.get(table) * 11 / 10,
                    table + ": " + longCounts.get(table) + " rows after 400 s, " + shortCounts.get(table)
                            + " after 100 s");
        }
        assertTrue(
                Files.size(longRing) < Files.size(shortRing) * 5 / 4,
                "a 10 s ring over 400 s takes " + Files.size(longRing) + " bytes, over 100 s " + Files.size(shortRing));
        // 1,600 quarter-seconds of 4 hosts made 6,400 decisions; the ring holds its last 10-12 s.
        assertTrue(longCounts.get("exclusions") < 12_500 / 250 * 4, "exclusion rows: " + longCounts.get("exclusions"));
    }

    /**
     * Quarter-seconds of 4 hosts, each with 16 counters and one new exclusion decision per batch in
     * its event ring, which evicts the decision 32 entries older (as the agents do), in a 10 s ring.
     */
    private Path eventStreamRing(String name, int batches) throws Exception {
        Path file = dir.resolve(name);
        try (RecordingWriter writer = RecordingWriter.create(file, META, START, 2_000, 10_000, 0)) {
            for (int b = 1; b <= batches; b++) {
                List<IngestEvent> batch = new ArrayList<>();
                for (int host = 0; host < 4; host++) {
                    List<TelemetryUpdate> updates = new ArrayList<>();
                    for (int i = 0; i < 16; i++) {
                        updates.add(new TelemetryUpdate(
                                SyntheticTelemetry.planeLeaf(i % 8, i < 8 ? "tx-pkts" : "rx-pkts"),
                                new TelemetryValue.Uint(b * 100L + i)));
                    }
                    String base = "mrc:/events/event[seq=" + b + "]/state/";
                    updates.add(new TelemetryUpdate(
                            TelemetryPath.parse(base + "timestamp"), new TelemetryValue.Uint(b * 250_000_000L)));
                    updates.add(new TelemetryUpdate(TelemetryPath.parse(base + "qpn"), new TelemetryValue.Uint(b % 5)));
                    updates.add(new TelemetryUpdate(TelemetryPath.parse(base + "ev"), new TelemetryValue.Uint(b % 64)));
                    updates.add(
                            new TelemetryUpdate(TelemetryPath.parse(base + "plane"), new TelemetryValue.Uint(b % 8)));
                    updates.add(new TelemetryUpdate(
                            TelemetryPath.parse(base + "links"), new TelemetryValue.Str("link-" + b % 8)));
                    updates.add(new TelemetryUpdate(
                            TelemetryPath.parse(base + "from-state"), new TelemetryValue.Str("GOOD")));
                    updates.add(new TelemetryUpdate(
                            TelemetryPath.parse(base + "to-state"), new TelemetryValue.Str("ASSUMED_BAD")));
                    updates.add(new TelemetryUpdate(
                            TelemetryPath.parse(base + "reason"), new TelemetryValue.Str("LOSS_TIMER")));
                    List<TelemetryPath> deletes = b > 32
                            ? List.of(TelemetryPath.parse("mrc:/events/event[seq=" + (b - 32) + "]"))
                            : List.of();
                    batch.add(new IngestEvent.Notification(
                            "demo",
                            SyntheticTelemetry.host(host),
                            b * 250_000_000L,
                            updates,
                            deletes,
                            START + b * 250L));
                }
                writer.append(batch);
            }
        }
        return file;
    }

    private static Map<String, Long> rowCounts(Path file) throws Exception {
        Map<String, Long> counts = new HashMap<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                Statement s = db.createStatement()) {
            for (String table : List.of("leaves", "strings", "batches", "keyframes", "exclusions")) {
                try (var rs = s.executeQuery("SELECT count(*) FROM " + table)) {
                    counts.put(table, rs.getLong(1));
                }
            }
        }
        return counts;
    }

    /** Records {@code batches} quarter-seconds of 64 counters on each of 16 devices, keeping {@code ringMillis} (0: all). */
    private long countersFileSize(String name, int batches, long ringMillis) throws Exception {
        Path file = dir.resolve(name);
        List<TelemetryPath> paths = new ArrayList<>();
        for (int port = 0; port < 64; port++) {
            paths.add(TelemetryPath.parse("/interfaces/interface[name=eth" + port + "]/state/counters/out-pkts"));
        }
        try (RecordingWriter writer = RecordingWriter.create(file, META, START, 2_000, ringMillis, 0)) {
            for (int b = 1; b <= batches; b++) {
                List<IngestEvent> batch = new ArrayList<>();
                for (int device = 0; device < 16; device++) {
                    List<TelemetryUpdate> updates = new ArrayList<>();
                    for (int i = 0; i < paths.size(); i++) {
                        updates.add(new TelemetryUpdate(
                                paths.get(i), new TelemetryValue.Uint(b * 1_000L + i * 7L + device)));
                    }
                    batch.add(new IngestEvent.Notification(
                            "lab", "switch-" + device, b * 250_000_000L, updates, List.of(), START + b * 250L));
                }
                writer.append(batch);
            }
        }
        return Files.size(file);
    }

    @Test
    void fullDiskStopsRecordingAndKeepsWhatWasCommitted() throws Exception {
        Path file = dir.resolve("full.pwrec");
        SyntheticTelemetry fabric = new SyntheticTelemetry(5, 8, 8, START);
        CompletableFuture<String> stopped = new CompletableFuture<>();
        // A 256 KiB cap: SQLite fails with SQLITE_FULL exactly as on a full disk.
        Recorder recorder =
                Recorder.start(file, META, () -> START, 0, 256 * 1024, (f, reason) -> stopped.complete(reason));
        recorder.onBatch(fabric.connectAll());
        for (int i = 0; i < 2_000 && !stopped.isDone(); i++) {
            recorder.onBatch(fabric.nextBatch());
            Thread.sleep(1);
        }
        String reason = stopped.get(30, TimeUnit.SECONDS);
        assertTrue(reason.contains("disk is full"), reason);
        Recorder.Status status = recorder.status();
        assertFalse(status.recording());
        recorder.close();
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(status.batches(), reader.batchCount());
            ReplayCursor cursor = reader.cursor();
            cursor.seek(START);
            assertFalse(cursor.advanceTo(Long.MAX_VALUE).isEmpty());
        }
    }

    private Path recorded(String name, int batches) throws Exception {
        Path file = dir.resolve(name);
        RecordingRoundTripTest.record(file, batches, 1_000);
        return file;
    }

    private static byte[] sha256(Path file) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
    }
}
