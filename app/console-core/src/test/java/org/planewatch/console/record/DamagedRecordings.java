package org.planewatch.console.record;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.planewatch.console.telemetry.IngestEvent;

/** Recordings damaged the ways files get damaged, for the tests of what replay makes of them. */
public final class DamagedRecordings {
    public static final long START = 1_790_000_000_000L;
    static final RecordingMetadata META = new RecordingMetadata("lab", "", 1, "test");

    private DamagedRecordings() {}

    /** A batch row and the keyframes around it, as stored. */
    public record BatchRow(long seq, long firstArrivalMillis, long lastArrivalMillis) {}

    /**
     * What a recorder killed after {@code batches} batches leaves behind: the file, still in WAL mode
     * without its clean-close mark, and its {@code -wal} beside it (copied while the recorder ran, so
     * nothing was checkpointed at close). With {@code checkpointAfter} batches (0: never) moved into
     * the file itself first, as SQLite's automatic checkpoints do every 1,000 pages.
     */
    public static Path abandoned(Path dir, String name, int batches, int checkpointAfter) throws Exception {
        return abandoned(dir, name, batches, checkpointAfter, 0);
    }

    /** {@link #abandoned(Path, String, int, int)} with the data block of batch {@code damagedBatch} (0: none) damaged. */
    public static Path abandoned(Path dir, String name, int batches, int checkpointAfter, long damagedBatch)
            throws Exception {
        Path live = dir.resolve(name + ".recording");
        SyntheticTelemetry fabric = new SyntheticTelemetry(7, 4, 8, START);
        Path copy = dir.resolve(name);
        try (RecordingWriter writer = RecordingWriter.create(live, META, START, 2_000, 0, 0)) {
            writer.append(fabric.connectAll());
            for (int i = 0; i < batches; i++) {
                writer.append(fabric.nextBatch());
                if (i + 1 == checkpointAfter) {
                    checkpoint(live);
                }
            }
            if (damagedBatch > 0) {
                damageBatch(live, damagedBatch); // between two commits the writer holds no lock
            }
            Files.copy(live, copy);
            Files.copy(Path.of(live + "-wal"), Path.of(copy + "-wal"));
        }
        return copy;
    }

    /**
     * A recorder that has written {@code batches} synthetic batches after the connection to {@code file},
     * each committed before the next is handed over (the recorder commits what is queued as one batch),
     * within 20 s: a recording still being written. The caller closes it.
     */
    public static Recorder recording(Path file, int batches) throws Exception {
        SyntheticTelemetry fabric = new SyntheticTelemetry(3, 4, 8, START);
        Recorder recorder = Recorder.start(file, META, () -> START, 0, 0, (f, reason) -> {});
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        for (int i = 0; i <= batches; i++) {
            recorder.onBatch(i == 0 ? fabric.connectAll() : fabric.nextBatch());
            while (recorder.status().batches() <= i && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        }
        return recorder;
    }

    private static void checkpoint(Path file) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement()) {
            s.execute("PRAGMA wal_checkpoint(PASSIVE)");
        }
    }

    /** Records {@code batches} quarter-seconds of a small fabric, keyframes every 2 s; returns every recorded event. */
    public static List<IngestEvent> recorded(Path file, int batches) throws RecordingException {
        SyntheticTelemetry fabric = new SyntheticTelemetry(5, 4, 8, START);
        List<IngestEvent> all = new ArrayList<>();
        try (RecordingWriter writer = RecordingWriter.create(file, META, START, 2_000, 0, 0)) {
            all.addAll(append(writer, fabric::connectAll));
            for (int i = 0; i < batches; i++) {
                all.addAll(append(writer, fabric::nextBatch));
            }
        }
        return all;
    }

    private static List<IngestEvent> append(RecordingWriter writer, Supplier<List<IngestEvent>> batch)
            throws RecordingException {
        List<IngestEvent> events = batch.get();
        writer.append(events);
        return events;
    }

    /** Replaces the data block of batch {@code seq} with bytes that are not a zlib stream. */
    public static void damageBatch(Path file, long seq) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                PreparedStatement update =
                        db.prepareStatement("UPDATE batches SET data = x'00112233445566778899' WHERE seq = ?")) {
            update.setLong(1, seq);
            if (update.executeUpdate() != 1) {
                throw new IllegalArgumentException("no batch " + seq + " in " + file);
            }
        }
    }

    /** Flips the byte at {@code offset} of the data block of batch {@code seq} (or of the keyframe after it). */
    static void flipInBlock(Path file, String table, long seq, int offset) throws SQLException {
        String key = table.equals("batches") ? "seq" : "after_seq";
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            byte[] data;
            try (PreparedStatement read = db.prepareStatement("SELECT data FROM " + table + " WHERE " + key + " = ?")) {
                read.setLong(1, seq);
                try (ResultSet rs = read.executeQuery()) {
                    data = rs.getBytes(1);
                }
            }
            data[offset % data.length] ^= (byte) 0x5a;
            try (PreparedStatement write =
                    db.prepareStatement("UPDATE " + table + " SET data = ? WHERE " + key + " = ?")) {
                write.setBytes(1, data);
                write.setLong(2, seq);
                write.executeUpdate();
            }
        }
    }

    /** The sequence numbers of {@code table}'s rows ({@code batches} or {@code keyframes}). */
    static List<Long> rowKeys(Path file, String table) throws SQLException {
        String key = table.equals("batches") ? "seq" : "after_seq";
        List<Long> keys = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT " + key + " FROM " + table + " ORDER BY 1")) {
            while (rs.next()) {
                keys.add(rs.getLong(1));
            }
        }
        return keys;
    }

    public static BatchRow batch(Path file, long seq) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                PreparedStatement s = db.prepareStatement(
                        "SELECT seq, first_arrival_ms, last_arrival_ms FROM batches WHERE seq = ?")) {
            s.setLong(1, seq);
            try (ResultSet rs = s.executeQuery()) {
                return new BatchRow(rs.getLong(1), rs.getLong(2), rs.getLong(3));
            }
        }
    }

    /** The instant of the first keyframe written after batch {@code seq} or with it. */
    public static long keyframeAtOrAfter(Path file, long seq) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                PreparedStatement s = db.prepareStatement(
                        "SELECT at_ms FROM keyframes WHERE after_seq >= ? ORDER BY after_seq LIMIT 1")) {
            s.setLong(1, seq);
            try (ResultSet rs = s.executeQuery()) {
                return rs.getLong(1);
            }
        }
    }

    static void flipByte(Path file, long offset) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0xff);
        }
    }

    static void truncate(Path file, long length) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(length);
        }
    }
}
