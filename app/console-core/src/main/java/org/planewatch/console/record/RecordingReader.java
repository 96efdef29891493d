package org.planewatch.console.record;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.LongStream;
import org.planewatch.telemetry.path.PathSyntaxException;
import org.planewatch.telemetry.path.TelemetryPath;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens a recording read-only (SQLite {@code mode=ro}, never written, never checkpointed) and
 * checks it before anything is shown: a file that is not SQLite, not a Planewatch recording,
 * written by a newer format, truncated or corrupted, missing a table, or whose data is all in a
 * write-ahead log that was not copied with it gives a {@link RecordingException} saying so. A file
 * its recorder never closed opens, and {@link #abruptEnd} says where it ends; damage found while
 * reading it is collected in {@link #damageFound}.
 */
public final class RecordingReader implements AutoCloseable {
    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    /** One exclusion decision as the timeline marks it. */
    public record ExclusionMark(
            long arrivalMillis, String target, long ringSeq, String links, String from, String to, String reason) {}

    /** Event density of one second of the recording (a downsampled tier). */
    public record Activity(long secondMillis, long notifications, long updates, long exclusions) {}

    public record Bookmark(long atMillis, String note) {}

    /**
     * A period a source was not streaming while it was recorded (format 3 on).
     *
     * @param toMillis when it streamed again, or {@code null}: not before the recording ended
     * @param reason the first failure's explanation ("" when none was reported, e.g. still dialling)
     * @param failures how many attempts failed in the period
     */
    public record Gap(String source, long fromMillis, Long toMillis, String reason, int failures) {}

    public record AlarmMark(
            long raisedMillis, Long clearedMillis, String kind, String subject, String severity, String message) {}

    /**
     * An operator acknowledged the alarm raised at {@code raisedMillis} (kind, subject) at {@code
     * ackedMillis}, silencing its notifications until {@code silencedUntilMillis} ({@code null}: not silenced).
     */
    public record AckMark(long raisedMillis, String kind, String subject, long ackedMillis, Long silencedUntilMillis) {}

    /** The tables every recording has had since format 1. */
    private static final List<String> TABLES = List.of(
            "meta", "strings", "leaves", "batches", "keyframes", "exclusions", "activity", "alarms", "bookmarks");

    /**
     * A recording its recorder never closed (killed, crashed, power lost, or still recording): where its
     * data ends and what may be missing.
     *
     * @param lastArrivalMillis the newest recorded arrival, or {@code Long.MIN_VALUE} if it holds no batch
     * @param walMissing its write-ahead log is not beside it, so what was not yet checkpointed into the file is missing too
     */
    public record AbruptEnd(Path file, long lastArrivalMillis, boolean walMissing) {
        /** One line for the operator, as the replay view and the console's stderr show it. */
        public String describe() {
            String end = lastArrivalMillis == Long.MIN_VALUE
                    ? "recording ended abruptly before its first batch was written"
                    : "recording ended abruptly at " + WallClockText.format(lastArrivalMillis) + "; the last "
                            + Recorder.ABRUPT_END_LOSS_MILLIS + " ms may be missing";
            return end
                    + (walMissing
                            ? "; its write-ahead log " + walOf(file).getFileName()
                                    + " was not copied with it, so everything recorded"
                                    + " after the last checkpoint is missing too (copy the -wal file together with the recording)"
                            : " (or it is still being recorded)");
        }
    }

    /** What the file's first 100 bytes and its neighbour tell before SQLite opens it. */
    private record FileHeader(boolean walMode, boolean walMissing) {}

    private final Path file;
    private final Connection db;
    private final FileHeader header;
    private final boolean closedCleanly;
    private final Set<RecordingDamage> damage = new LinkedHashSet<>();
    private final Dictionary dictionary = new Dictionary();
    private Long firstExclusionArrival;
    private final RecordingMetadata metadata;
    private final int schemaVersion;

    private RecordingReader(Path file, Connection db, FileHeader header) throws RecordingException, SQLException {
        this.file = file;
        this.db = db;
        this.header = header;
        // One read transaction for the reader's life: a file still being recorded is read as it was when
        // opened. Read outside one, batches committed after the dictionaries were loaded named strings and
        // leaves the reader did not know, and read as damaged.
        db.setAutoCommit(false);
        this.schemaVersion = checkIdentity();
        checkTables();
        checkIntegrity();
        Map<String, String> meta = new HashMap<>();
        try (Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT key, value FROM meta")) {
            while (rs.next()) {
                meta.put(rs.getString(1), rs.getString(2));
            }
        }
        this.metadata = RecordingMetadata.from(meta);
        this.closedCleanly = meta.containsKey(RecordingMetadata.CLOSED_AFTER_BATCH);
        loadDictionary();
    }

    public static RecordingReader open(Path file) throws RecordingException {
        // Before SQLite opens it: opening a file in WAL mode creates an empty -wal beside it.
        FileHeader header = checkLooksLikeSqlite(file);
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        Connection db = null;
        try {
            db = config.createConnection("jdbc:sqlite:file:" + file.toAbsolutePath() + "?mode=ro");
            return new RecordingReader(file, db, header);
        } catch (SQLException e) {
            closeQuietly(db);
            throw damaged(file, e);
        } catch (RecordingException | RuntimeException e) {
            closeQuietly(db);
            if (e instanceof ByteInput.CorruptDataException corrupt) {
                throw new RecordingException(file, "is damaged: " + corrupt.getMessage(), corrupt);
            }
            throw e;
        }
    }

    public Path file() {
        return file;
    }

    public RecordingMetadata metadata() {
        return metadata;
    }

    public int schemaVersion() {
        return schemaVersion;
    }

    /**
     * Present when the recorder never closed the file: it has no clean-close mark (meta
     * {@code closed_after_batch}) and is still in WAL mode (files from before the mark existed were
     * switched out of WAL mode when closed, so they do not count as abrupt).
     */
    public Optional<AbruptEnd> abruptEnd() throws RecordingException {
        if (closedCleanly || !header.walMode()) {
            return Optional.empty();
        }
        long[] range = timeRange();
        return Optional.of(new AbruptEnd(file, range == null ? Long.MIN_VALUE : range[1], header.walMissing()));
    }

    /** Damage found so far by any cursor over this recording, each once, in the order found. */
    public synchronized List<RecordingDamage> damageFound() {
        return List.copyOf(damage);
    }

    /** How many {@link #damageFound} holds: what a view checks every frame before it copies them. */
    public synchronized int damageCount() {
        return damage.size();
    }

    synchronized void reportDamage(RecordingDamage found) {
        damage.add(found);
    }

    /** Arrival time of the first and last recorded event, or {@code null} for an empty recording. */
    public long[] timeRange() throws RecordingException {
        return query("SELECT min(first_arrival_ms), max(last_arrival_ms), count(*) FROM batches", rs -> {
            rs.next();
            return rs.getLong(3) == 0 ? null : new long[] {rs.getLong(1), rs.getLong(2)};
        });
    }

    public long batchCount() throws RecordingException {
        return query("SELECT count(*) FROM batches", rs -> {
            rs.next();
            return rs.getLong(1);
        });
    }

    public long updateCount() throws RecordingException {
        return query("SELECT coalesce(sum(updates), 0) FROM batches", rs -> {
            rs.next();
            return rs.getLong(1);
        });
    }

    public List<ExclusionMark> exclusions() throws RecordingException {
        return query("""
                SELECT arrival_ms, target, ring_seq, links, from_state, to_state, reason FROM exclusions
                ORDER BY arrival_ms, target, ring_seq""", rs -> {
            List<ExclusionMark> marks = new ArrayList<>();
            while (rs.next()) {
                marks.add(new ExclusionMark(
                        rs.getLong(1),
                        rs.getString(2),
                        rs.getLong(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7)));
            }
            return marks;
        });
    }

    /**
     * The distinct arrival instants of the recorded decisions, ascending: what the timeline marks and
     * steps between. Read from the time index alone; an hour of the demo holds 1.5 million decisions,
     * whose full rows took seconds and hundreds of megabytes to load for this.
     */
    public long[] exclusionTimes() throws RecordingException {
        return query("SELECT DISTINCT arrival_ms FROM exclusions ORDER BY arrival_ms", rs -> {
            LongStream.Builder times = LongStream.builder(); // unboxed: a million instants
            while (rs.next()) {
                times.add(rs.getLong(1));
            }
            return times.build().toArray();
        });
    }

    /**
     * Arrival of the first recorded decision, {@link Long#MAX_VALUE} if there is none; from the time
     * index. A seek before it needs no decision history, so opening a replay (a seek to its start)
     * does not wait for all decisions to be read.
     */
    public synchronized long firstExclusionArrival() throws RecordingException {
        if (firstExclusionArrival == null) {
            firstExclusionArrival = query("SELECT MIN(arrival_ms) FROM exclusions", rs -> {
                long first = rs.next() ? rs.getLong(1) : 0;
                return rs.wasNull() ? Long.MAX_VALUE : first;
            });
        }
        return firstExclusionArrival;
    }

    public List<Activity> activity() throws RecordingException {
        return query("SELECT second_ms, notifications, updates, exclusions FROM activity ORDER BY second_ms", rs -> {
            List<Activity> seconds = new ArrayList<>();
            while (rs.next()) {
                seconds.add(new Activity(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
            }
            return seconds;
        });
    }

    public List<Bookmark> bookmarks() throws RecordingException {
        return query("SELECT at_ms, note FROM bookmarks ORDER BY at_ms, id", rs -> {
            List<Bookmark> marks = new ArrayList<>();
            while (rs.next()) {
                marks.add(new Bookmark(rs.getLong(1), rs.getString(2)));
            }
            return marks;
        });
    }

    public List<AlarmMark> alarms() throws RecordingException {
        return query(
                "SELECT raised_ms, cleared_ms, kind, subject, severity, message FROM alarms ORDER BY raised_ms, id",
                rs -> {
                    List<AlarmMark> marks = new ArrayList<>();
                    while (rs.next()) {
                        long cleared = rs.getLong(2);
                        Long clearedMillis = rs.wasNull() ? null : cleared;
                        marks.add(new AlarmMark(
                                rs.getLong(1),
                                clearedMillis,
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6)));
                    }
                    return marks;
                });
    }

    /** Alarm acknowledgements, oldest first; none for recordings older than format 5, which kept no such table. */
    public List<AckMark> acknowledgements() throws RecordingException {
        if (schemaVersion < 5) {
            return List.of();
        }
        return query(
                "SELECT raised_ms, kind, subject, acked_ms, silenced_until_ms FROM alarm_acks ORDER BY acked_ms, id",
                rs -> {
                    List<AckMark> acks = new ArrayList<>();
                    while (rs.next()) {
                        long until = rs.getLong(5);
                        Long silencedUntil = rs.wasNull() ? null : until;
                        acks.add(new AckMark(
                                rs.getLong(1), rs.getString(2), rs.getString(3), rs.getLong(4), silencedUntil));
                    }
                    return acks;
                });
    }

    /** The periods sources were not streaming, by start; none for recordings older than format 3, which kept no such table. */
    public List<Gap> gaps() throws RecordingException {
        if (schemaVersion < 3) {
            return List.of();
        }
        return query("SELECT source, from_ms, to_ms, reason, failures FROM gaps ORDER BY from_ms, id", rs -> {
            List<Gap> gaps = new ArrayList<>();
            while (rs.next()) {
                long to = rs.getLong(3);
                Long toMillis = rs.wasNull() ? null : to;
                gaps.add(new Gap(rs.getString(1), rs.getLong(2), toMillis, rs.getString(4), rs.getInt(5)));
            }
            return gaps;
        });
    }

    /** A new cursor over the batches; each cursor decodes independently of the others. */
    public ReplayCursor cursor() {
        return new ReplayCursor(this);
    }

    Dictionary dictionary() {
        return dictionary;
    }

    Connection connection() {
        return db;
    }

    @Override
    public void close() {
        closeQuietly(db);
    }

    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    <T> T query(String sql, RowMapper<T> mapper) throws RecordingException {
        try (Statement s = db.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return mapper.map(rs);
        } catch (SQLException e) {
            throw damaged(file, e);
        }
    }

    /** A failed read in operator words: SQLite's message without its result-code prefix, after "is damaged". */
    static RecordingException damaged(Path file, SQLException e) {
        return new RecordingException(file, "is damaged (truncated or corrupted): " + sqliteProblem(e), e);
    }

    /**
     * SQLite's own words without the result code and its generic text: "[SQLITE_CORRUPT] The database
     * disk image is malformed (database disk image is malformed)" gives "database disk image is
     * malformed". Unprintable characters (a damaged name read from the file) become '?'.
     */
    static String sqliteProblem(SQLException e) {
        String message = String.valueOf(e.getMessage());
        int code = message.startsWith("[SQLITE_") ? message.indexOf("] ") : -1;
        int detail = code > 0 ? message.indexOf(" (", code) : -1;
        if (detail > 0 && message.endsWith(")")) {
            message = message.substring(detail + 2, message.length() - 1);
        }
        return message.codePoints()
                .map(c -> Character.isISOControl(c) || c == 0xFFFD ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
    }

    /** Whether a failed read means the file is damaged (rather than, say, closed under the reader). */
    static boolean isDamage(SQLException e) {
        if (e instanceof SQLiteException sqlite) {
            SQLiteErrorCode code = sqlite.getResultCode();
            return code == SQLiteErrorCode.SQLITE_CORRUPT
                    || code == SQLiteErrorCode.SQLITE_NOTADB
                    || code == SQLiteErrorCode.SQLITE_FORMAT
                    || code.name().startsWith("SQLITE_CORRUPT")
                    || code.name().startsWith("SQLITE_IOERR");
        }
        return false;
    }

    static Path walOf(Path file) {
        return Path.of(file + "-wal");
    }

    private static FileHeader checkLooksLikeSqlite(Path file) throws RecordingException {
        if (Files.isDirectory(file)) {
            throw new RecordingException(file, "is a folder, not a recording file");
        }
        if (!Files.exists(file)) {
            throw new RecordingException(file, "does not exist");
        }
        if (!Files.isRegularFile(file)) {
            throw new RecordingException(file, "is not a regular file (a device, pipe or socket), not a recording");
        }
        if (!Files.isReadable(file)) {
            throw new RecordingException(
                    file,
                    "cannot be read: permission denied (the console runs as " + System.getProperty("user.name") + ")");
        }
        byte[] header = new byte[100];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(header, 0, header.length);
        } catch (IOException e) {
            throw new RecordingException(file, "cannot be read: " + readProblem(e), e);
        }
        if (read < SQLITE_MAGIC.length
                || !Arrays.equals(header, 0, SQLITE_MAGIC.length, SQLITE_MAGIC, 0, SQLITE_MAGIC.length)) {
            throw new RecordingException(
                    file,
                    read == 0
                            ? "is empty (0 bytes), not a Planewatch recording"
                            : "is not a Planewatch recording (not an SQLite database)");
        }
        if (read < header.length) {
            throw new RecordingException(file, "is truncated (" + read + " bytes, shorter than an SQLite header)");
        }
        checkLength(file, header);
        // Bytes 18 and 19 (file format read and write versions) are 2 while the database is in WAL mode.
        boolean walMode = header[18] == 2 || header[19] == 2;
        return new FileHeader(walMode, walMode && isMissingOrEmpty(walOf(file)));
    }

    private static boolean isMissingOrEmpty(Path wal) {
        try {
            return !Files.exists(wal) || Files.size(wal) == 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** An I/O failure in operator words: permission denied is the common one. */
    static String readProblem(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied (the console runs as " + System.getProperty("user.name") + ")";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * A file shorter than the database size its header announces was cut off (a partial copy, a
     * full disk during a copy). The size field counts only when SQLite marked it valid (the change
     * counter at offset 24 equals the version-valid-for number at offset 92).
     */
    private static void checkLength(Path file, byte[] header) throws RecordingException {
        ByteBuffer h = ByteBuffer.wrap(header);
        int pageSize = Short.toUnsignedInt(h.getShort(16));
        long pages = Integer.toUnsignedLong(h.getInt(28));
        boolean sizeValid = pages > 0 && h.getInt(24) == h.getInt(92);
        long expected = (pageSize == 1 ? 65_536L : pageSize) * pages;
        long actual;
        try {
            actual = Files.size(file);
        } catch (IOException e) {
            throw new RecordingException(file, "cannot be read: " + e.getMessage(), e);
        }
        if (sizeValid && actual < expected) {
            throw new RecordingException(
                    file,
                    "is damaged (truncated or corrupted): it holds " + actual + " bytes of the " + expected
                            + " its header announces");
        }
    }

    private int checkIdentity() throws SQLException, RecordingException {
        int applicationId;
        int version;
        try (Statement s = db.createStatement()) {
            try (ResultSet rs = s.executeQuery("PRAGMA application_id")) {
                applicationId = rs.getInt(1);
            }
            try (ResultSet rs = s.executeQuery("PRAGMA user_version")) {
                version = rs.getInt(1);
            }
        }
        if (applicationId != RecordingSchema.APPLICATION_ID && version == 0 && header.walMissing()) {
            // A recording whose recorder was killed keeps its tables in the -wal until a checkpoint.
            throw new RecordingException(
                    file,
                    "is not a finished Planewatch recording: it was never closed, and its data"
                            + " (if it is a recording) is in its write-ahead log "
                            + walOf(file).getFileName()
                            + ", which is not beside it: copy " + walOf(file).getFileName()
                            + " into the same folder as "
                            + file.getFileName() + " and open it again");
        }
        if (applicationId != RecordingSchema.APPLICATION_ID) {
            throw new RecordingException(file, "is an SQLite database but not a Planewatch recording");
        }
        if (version > RecordingSchema.VERSION) {
            throw new RecordingException(
                    file,
                    "was written by a newer Planewatch (recording format " + version
                            + "; this console reads formats up to " + RecordingSchema.VERSION
                            + "). Open it with a newer console.");
        }
        if (version < 1) {
            throw new RecordingException(file, "has no recording format version; it was not finished being created");
        }
        return version;
    }

    /** A file with the right identity but not all the tables (made by hand, or by another tool). */
    private void checkTables() throws SQLException, RecordingException {
        Set<String> present = new HashSet<>();
        try (Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
            while (rs.next()) {
                present.add(rs.getString(1));
            }
        }
        List<String> missing = TABLES.stream().filter(t -> !present.contains(t)).toList();
        if (!missing.isEmpty()) {
            throw new RecordingException(
                    file,
                    "is not a complete Planewatch recording: it has no table " + String.join(", ", missing)
                            + (header.walMissing()
                                    ? " (its write-ahead log " + walOf(file).getFileName() + " is not beside it)"
                                    : ""));
        }
    }

    /**
     * Checks the tables read whole on opening (small: the dictionaries, meta, bookmarks). The big
     * ones (batches, keyframes, exclusions) are checked where they are read: SQLite reports a
     * damaged page as corrupt, a damaged data block fails to decode, and either names the file as
     * damaged. A whole-file quick_check read every page of a long recording before showing
     * anything (10 s for 10 minutes of the demo).
     */
    private void checkIntegrity() throws SQLException, RecordingException {
        List<String> problems = new ArrayList<>();
        for (String table : List.of("meta", "strings", "leaves", "bookmarks", "alarms")) {
            try (Statement s = db.createStatement();
                    ResultSet rs = s.executeQuery("PRAGMA quick_check(" + table + ")")) {
                while (rs.next() && problems.size() < 3) {
                    String line = rs.getString(1);
                    if (!"ok".equals(line)) {
                        problems.add(line);
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new RecordingException(file, "is damaged (truncated or corrupted): " + String.join("; ", problems));
        }
    }

    private void loadDictionary() throws SQLException, RecordingException {
        try (Statement s = db.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT id, text FROM strings ORDER BY id")) {
                while (rs.next()) {
                    dictionary.loadString(rs.getInt(1), rs.getString(2));
                }
            }
            // Format 1 has no templates (no ring column): every event-ring leaf is a path of its own.
            String ring = schemaVersion >= 2 ? "ring" : "0";
            try (ResultSet rs = s.executeQuery("SELECT id, target_id, path, " + ring + " FROM leaves ORDER BY id")) {
                while (rs.next()) {
                    try {
                        dictionary.loadLeaf(
                                rs.getInt(1), rs.getInt(2), TelemetryPath.parse(rs.getString(3)), rs.getInt(4) != 0);
                    } catch (PathSyntaxException e) {
                        throw new RecordingException(
                                file, "is damaged: leaf " + rs.getInt(1) + " has an invalid path: " + e.getMessage());
                    }
                }
            }
        }
    }

    static void closeQuietly(Connection db) {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException ignored) {
                // Read-only connection: nothing to lose on a failed close.
            }
        }
    }

    private RecordedDecisions decisions;

    /**
     * Arrival time of every recorded exclusion decision (complete or not), ascending, with repeats:
     * what {@link #exclusions} gives, from the decisions a replay reads once anyway.
     */
    long[] exclusionArrivals() throws RecordingException {
        return decisions().arrivals();
    }

    /**
     * Reads the recorded decisions now rather than at the first seek that needs them (seconds for an
     * hour of a busy fabric); a replay does it right after its window shows the start.
     */
    public void loadDecisionHistory() throws RecordingException {
        decisions();
    }

    /** The decisions the console showed, read on first use (a replay's first seek) and kept: the file never changes. */
    synchronized RecordedDecisions decisions() throws RecordingException {
        if (decisions == null) {
            try {
                decisions = RecordedDecisions.read(this);
            } catch (SQLException e) {
                throw new RecordingException(
                        file,
                        "is damaged (truncated or corrupted): its exclusion decisions cannot be read: "
                                + sqliteProblem(e),
                        e);
            }
        }
        return decisions;
    }

    PreparedStatement prepare(String sql) throws SQLException {
        return db.prepareStatement(sql);
    }
}
