package org.planewatch.console.record;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.planewatch.console.record.RecordingReader.AckMark;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Writes one recording file. Single-threaded: the recorder thread owns it. Every {@link #append}
 * is one transaction, so a crash loses at most the batch being written; in WAL mode with
 * {@code synchronous=NORMAL} a committed batch survives the process being killed.
 */
public final class RecordingWriter implements AutoCloseable {
    /** How often (arrival time) the full state is stored, so a reader can start there. */
    public static final long DEFAULT_KEYFRAME_INTERVAL_MILLIS = 10_000;
    /** ...or after this many times as many updates as there are leaves, whichever comes first. */
    private static final int KEYFRAME_EVERY_STATES = 4;
    /**
     * A fleet recording holding more rollup records than this (the full fabric's links: 1.6 M) writes
     * its time-based keyframes only once half of them changed since the last (ADR 0106).
     */
    private static final int LARGE_ROLLUP_STATE = 10_000;

    private final Path file;
    private final Connection db;
    private final BatchCodec codec = new BatchCodec(new Dictionary());
    private final ExclusionRows exclusionRows = new ExclusionRows();
    private final long keyframeIntervalMillis;
    private final long ringMillis;
    private final PreparedStatement insertString;
    private final PreparedStatement insertLeaf;
    private final PreparedStatement insertBatch;
    private final PreparedStatement insertKeyframe;
    private final PreparedStatement upsertActivity;
    private final PreparedStatement insertExclusion;
    private final PreparedStatement recordedTimestamps;
    private final PreparedStatement latestSubscription;
    private final Gaps gaps;
    private long seq;
    private long lastKeyframeMillis = Long.MIN_VALUE;
    private long lastTrimMillis = Long.MIN_VALUE;
    private long updatesWritten;
    private long updatesSinceKeyframe;
    /** Rollup records (a fleet's, ADR 0106) appended since the last keyframe. */
    private long rollupsSinceKeyframe;

    private long bytesWritten;

    private RecordingWriter(Path file, Connection db, long keyframeIntervalMillis, long ringMillis)
            throws SQLException {
        this.file = file;
        this.db = db;
        this.keyframeIntervalMillis = keyframeIntervalMillis;
        this.ringMillis = ringMillis;
        insertString = db.prepareStatement("INSERT INTO strings(id, text) VALUES (?, ?)");
        insertLeaf = db.prepareStatement("INSERT INTO leaves(id, target_id, path, ring) VALUES (?, ?, ?, ?)");
        insertBatch = db.prepareStatement(
                "INSERT INTO batches(seq, first_arrival_ms, last_arrival_ms, events, updates, data) VALUES (?, ?, ?, ?, ?, ?)");
        insertKeyframe = db.prepareStatement("INSERT INTO keyframes(after_seq, at_ms, data) VALUES (?, ?, ?)");
        upsertActivity = db.prepareStatement("""
                INSERT INTO activity(second_ms, notifications, updates, exclusions) VALUES (?, ?, ?, ?)
                ON CONFLICT(second_ms) DO UPDATE SET notifications = notifications + excluded.notifications,
                  updates = updates + excluded.updates, exclusions = exclusions + excluded.exclusions""");
        insertExclusion = db.prepareStatement("""
                INSERT INTO exclusions(source, target, subscription, ring_seq, batch_seq, arrival_ms, timestamp_ns, qpn, ev,
                  plane, links, from_state, to_state, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING""");
        recordedTimestamps = db.prepareStatement(
                "SELECT timestamp_ns FROM exclusions WHERE source = ? AND target = ? AND ring_seq = ?");
        latestSubscription = db.prepareStatement(
                "SELECT MAX(subscription) FROM exclusions WHERE source = ? AND target = ? AND ring_seq = ?");
        gaps = new Gaps(db);
    }

    /**
     * Creates a new recording. Refuses to touch an existing file: nothing already recorded is
     * ever overwritten.
     *
     * @param ringMillis keep only about this much recent history (0 = keep everything)
     * @param maxBytes stop recording when the file would grow past this size (0 = only the disk limits it)
     */
    public static RecordingWriter create(
            Path file,
            RecordingMetadata metadata,
            long createdMillis,
            long keyframeIntervalMillis,
            long ringMillis,
            long maxBytes)
            throws RecordingException {
        if (Files.exists(file)) {
            throw new RecordingException(
                    file, "already exists; choose a new file name (recordings are never overwritten)");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new RecordingException(file, "folder " + parent + " does not exist");
        }
        Connection db = null;
        try {
            db = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement s = db.createStatement()) {
                s.execute("PRAGMA auto_vacuum = INCREMENTAL");
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
                s.execute("PRAGMA application_id = " + RecordingSchema.APPLICATION_ID);
                s.execute("PRAGMA user_version = " + RecordingSchema.VERSION);
                if (maxBytes > 0) {
                    // Past this many pages SQLite fails with SQLITE_FULL, the same path as a full disk.
                    s.execute("PRAGMA max_page_count = " + Math.max(16, maxBytes / 4096));
                }
                db.setAutoCommit(false);
                for (String ddl : RecordingSchema.TABLES) {
                    s.execute(ddl);
                }
            }
            try (PreparedStatement meta = db.prepareStatement("INSERT INTO meta(key, value) VALUES (?, ?)")) {
                for (Map.Entry<String, String> entry : metadata.entries().entrySet()) {
                    meta.setString(1, entry.getKey());
                    meta.setString(2, entry.getValue());
                    meta.addBatch();
                }
                meta.setString(1, RecordingMetadata.SCHEMA_VERSION);
                meta.setString(2, Integer.toString(RecordingSchema.VERSION));
                meta.addBatch();
                meta.setString(1, RecordingMetadata.CREATED_MS);
                meta.setString(2, Long.toString(createdMillis));
                meta.addBatch();
                meta.executeBatch();
            }
            db.commit();
            return new RecordingWriter(file, db, keyframeIntervalMillis, ringMillis);
        } catch (SQLException e) {
            closeQuietly(db);
            throw new RecordingException(file, "cannot create the recording: " + e.getMessage(), e);
        }
    }

    public static RecordingWriter create(Path file, RecordingMetadata metadata, long createdMillis)
            throws RecordingException {
        return create(file, metadata, createdMillis, DEFAULT_KEYFRAME_INTERVAL_MILLIS, 0, 0);
    }

    public Path file() {
        return file;
    }

    /** Sequence number of the newest committed batch (0 before the first). */
    public long committedBatches() {
        return seq;
    }

    public long updatesWritten() {
        return updatesWritten;
    }

    /** Compressed bytes of batch and keyframe data written so far (the file adds indexes and pages). */
    public long dataBytesWritten() {
        return bytesWritten;
    }

    /** Writes one drained batch in one transaction. */
    public void append(List<? extends IngestEvent> batch) throws RecordingException {
        if (batch.isEmpty()) {
            return;
        }
        long batchSeq = seq + 1;
        Dictionary dictionary = codec.dictionary();
        try {
            byte[] data = codec.encode(batch);
            persistDictionary(dictionary);
            long first = batch.getFirst().arrivalMillis();
            long last = batch.getLast().arrivalMillis();
            int updates = countUpdates(batch);
            insertBatch.setLong(1, batchSeq);
            insertBatch.setLong(2, first);
            insertBatch.setLong(3, last);
            insertBatch.setInt(4, batch.size());
            insertBatch.setInt(5, updates);
            insertBatch.setBytes(6, data);
            insertBatch.executeUpdate();
            List<ExclusionRows.Row> exclusions =
                    writeExclusions(batchSeq, exclusionRows.from(batch, codec.decisionNotifications()));
            writeActivity(batch, exclusions);
            gaps.follow(batch);
            // A seek decodes one keyframe and the batches after it: bound that work in time and in updates.
            rollupsSinceKeyframe += countRollups(batch);
            boolean keyframe = lastKeyframeMillis == Long.MIN_VALUE
                    || (last - lastKeyframeMillis >= keyframeIntervalMillis && !rollupsMostlyUnchanged())
                    || updatesSinceKeyframe + updates >= KEYFRAME_EVERY_STATES * Math.max(1_000, codec.stateSize());
            if (keyframe) {
                byte[] state = codec.encodeKeyframe();
                insertKeyframe.setLong(1, batchSeq);
                insertKeyframe.setLong(2, last);
                insertKeyframe.setBytes(3, state);
                insertKeyframe.executeUpdate();
                bytesWritten += state.length;
            }
            db.commit();
            dictionary.markPersisted();
            seq = batchSeq;
            updatesSinceKeyframe += updates;
            if (keyframe) {
                lastKeyframeMillis = last;
                updatesSinceKeyframe = 0;
                rollupsSinceKeyframe = 0;
            }
            updatesWritten += updates;
            bytesWritten += data.length;
            if (ringMillis > 0
                    && (lastTrimMillis == Long.MIN_VALUE || last - lastTrimMillis >= keyframeIntervalMillis)) {
                trimRing(last - ringMillis);
                lastTrimMillis = last;
            }
        } catch (SQLException e) {
            rollbackQuietly();
            dictionary.rollback();
            throw failure(e);
        }
    }

    public void addBookmark(long atMillis, String note) throws RecordingException {
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO bookmarks(at_ms, note) VALUES (?, ?)")) {
            insert.setLong(1, atMillis);
            insert.setString(2, note);
            insert.executeUpdate();
            db.commit();
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure(e);
        }
    }

    /** Records an alarm raise (cleared = null) or its clearing (an update of the same raise). */
    public void recordAlarm(
            long raisedMillis, Long clearedMillis, String kind, String subject, String severity, String message)
            throws RecordingException {
        try (PreparedStatement update = db.prepareStatement(
                        "UPDATE alarms SET cleared_ms = ? WHERE raised_ms = ? AND kind = ? AND subject = ? AND cleared_ms IS NULL");
                PreparedStatement insert = db.prepareStatement(
                        "INSERT INTO alarms(raised_ms, cleared_ms, kind, subject, severity, message) VALUES (?, ?, ?, ?, ?, ?)")) {
            int changed = 0;
            if (clearedMillis != null) {
                update.setLong(1, clearedMillis);
                update.setLong(2, raisedMillis);
                update.setString(3, kind);
                update.setString(4, subject);
                changed = update.executeUpdate();
            }
            if (changed == 0) {
                insert.setLong(1, raisedMillis);
                if (clearedMillis == null) {
                    insert.setNull(2, Types.INTEGER);
                } else {
                    insert.setLong(2, clearedMillis);
                }
                insert.setString(3, kind);
                insert.setString(4, subject);
                insert.setString(5, severity);
                insert.setString(6, message);
                insert.executeUpdate();
            }
            db.commit();
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure(e);
        }
    }

    /** Records an operator's acknowledgement of the alarm raised at {@code raisedMillis} (format 5). */
    public void recordAcknowledgement(AckMark ack) throws RecordingException {
        try (PreparedStatement insert = db.prepareStatement(
                "INSERT INTO alarm_acks(raised_ms, kind, subject, acked_ms, silenced_until_ms) VALUES (?, ?, ?, ?, ?)")) {
            insert.setLong(1, ack.raisedMillis());
            insert.setString(2, ack.kind());
            insert.setString(3, ack.subject());
            insert.setLong(4, ack.ackedMillis());
            if (ack.silencedUntilMillis() == null) {
                insert.setNull(5, Types.INTEGER);
            } else {
                insert.setLong(5, ack.silencedUntilMillis());
            }
            insert.executeUpdate();
            db.commit();
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure(e);
        }
    }

    /**
     * Marks the file as closed cleanly (meta {@code closed_after_batch}), checkpoints the WAL into it
     * and closes it; the result is one self-contained file. A file without the mark ended abruptly.
     */
    @Override
    public void close() throws RecordingException {
        try (Statement s = db.createStatement();
                PreparedStatement mark = db.prepareStatement("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")) {
            mark.setString(1, RecordingMetadata.CLOSED_AFTER_BATCH);
            mark.setString(2, Long.toString(seq));
            mark.executeUpdate();
            db.commit();
            db.setAutoCommit(true);
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            s.execute("PRAGMA journal_mode = DELETE");
        } catch (SQLException e) {
            throw failure(e);
        } finally {
            closeQuietly(db);
        }
    }

    private void persistDictionary(Dictionary dictionary) throws SQLException {
        int id = dictionary.firstUnpersistedString();
        for (String text : dictionary.unpersistedStrings()) {
            insertString.setInt(1, id++);
            insertString.setString(2, text);
            insertString.addBatch();
        }
        insertString.executeBatch();
        id = dictionary.firstUnpersistedLeaf();
        for (Dictionary.Leaf leaf : dictionary.unpersistedLeaves()) {
            int leafId = id++;
            insertLeaf.setInt(1, leafId);
            insertLeaf.setInt(2, leaf.targetId());
            insertLeaf.setString(3, leaf.path().toString());
            insertLeaf.setInt(4, dictionary.isTemplate(leafId) ? 1 : 0);
            insertLeaf.addBatch();
        }
        insertLeaf.executeBatch();
    }

    /**
     * Inserts the decisions that are new and returns them. A decision is keyed by source, device,
     * sequence number and the subscription it came in: within one subscription the numbers are one
     * agent ring's, and a restarted agent is always another subscription. The same number and
     * timestamp recorded before, in any subscription, is the ring resent after a reconnect: left out.
     */
    private List<ExclusionRows.Row> writeExclusions(long batchSeq, List<ExclusionRows.Row> rows) throws SQLException {
        List<ExclusionRows.Row> inserted = new ArrayList<>(rows.size());
        for (ExclusionRows.Row row : rows) {
            Long timestamp = longOrNull(row.fields().get(ExclusionEventRing.TIMESTAMP));
            if (recordedBefore(row, timestamp)) {
                continue;
            }
            if (insertExclusion(row, row.subscription(), batchSeq, timestamp)) {
                inserted.add(row);
            } else {
                // Another decision has this number in this subscription: a source that carries many agents'
                // sessions (a fleet's exclusions topic, ADR 0106) saw an agent restart and number its ring
                // from 0 again. It goes in the next subscription free for the number, never lost.
                int subscription = nextSubscription(row);
                if (insertExclusion(row, subscription, batchSeq, timestamp)) {
                    inserted.add(row);
                }
            }
        }
        return inserted;
    }

    private int nextSubscription(ExclusionRows.Row row) throws SQLException {
        latestSubscription.setString(1, row.source());
        latestSubscription.setString(2, row.target());
        latestSubscription.setLong(3, row.ringSeq());
        try (ResultSet rs = latestSubscription.executeQuery()) {
            return rs.next() ? rs.getInt(1) + 1 : row.subscription() + 1;
        }
    }

    private boolean insertExclusion(ExclusionRows.Row row, int subscription, long batchSeq, Long timestamp)
            throws SQLException {
        Map<String, String> f = row.fields();
        insertExclusion.setString(1, row.source());
        insertExclusion.setString(2, row.target());
        insertExclusion.setInt(3, subscription);
        insertExclusion.setLong(4, row.ringSeq());
        insertExclusion.setLong(5, batchSeq);
        insertExclusion.setLong(6, row.arrivalMillis());
        setLongOrNull(insertExclusion, 7, timestamp);
        setLongOrNull(insertExclusion, 8, longOrNull(f.get(ExclusionEventRing.QPN)));
        setLongOrNull(insertExclusion, 9, longOrNull(f.get(ExclusionEventRing.EV)));
        setLongOrNull(insertExclusion, 10, longOrNull(f.get(ExclusionEventRing.PLANE)));
        insertExclusion.setString(11, f.get(ExclusionEventRing.LINKS));
        insertExclusion.setString(12, f.get(ExclusionEventRing.FROM_STATE));
        insertExclusion.setString(13, f.get(ExclusionEventRing.TO_STATE));
        insertExclusion.setString(14, f.get(ExclusionEventRing.REASON));
        return insertExclusion.executeUpdate() == 1;
    }

    /** Whether the source's device has a decision with this number and timestamp recorded already. */
    private boolean recordedBefore(ExclusionRows.Row row, Long timestamp) throws SQLException {
        recordedTimestamps.setString(1, row.source());
        recordedTimestamps.setString(2, row.target());
        recordedTimestamps.setLong(3, row.ringSeq());
        try (ResultSet rs = recordedTimestamps.executeQuery()) {
            while (rs.next()) {
                long value = rs.getLong(1);
                if (Objects.equals(timestamp, rs.wasNull() ? null : value)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void writeActivity(List<? extends IngestEvent> batch, List<ExclusionRows.Row> exclusions)
            throws SQLException {
        TreeMap<Long, long[]> seconds = new TreeMap<>();
        for (IngestEvent event : batch) {
            if (event instanceof IngestEvent.Notification n) {
                long[] counts = seconds.computeIfAbsent(n.arrivalMillis() / 1000 * 1000, k -> new long[3]);
                counts[0]++;
                counts[1] += n.updates().size() + n.deletes().size();
            } else if (event instanceof IngestEvent.Rollup r) {
                // A fleet's rollup record is one update of the timeline's activity (ADR 0106).
                seconds.computeIfAbsent(r.arrivalMillis() / 1000 * 1000, k -> new long[3])[1]++;
            }
        }
        for (ExclusionRows.Row row : exclusions) {
            seconds.computeIfAbsent(row.arrivalMillis() / 1000 * 1000, k -> new long[3])[2]++;
        }
        for (Map.Entry<Long, long[]> entry : seconds.entrySet()) {
            upsertActivity.setLong(1, entry.getKey());
            upsertActivity.setLong(2, entry.getValue()[0]);
            upsertActivity.setLong(3, entry.getValue()[1]);
            upsertActivity.setLong(4, entry.getValue()[2]);
            upsertActivity.addBatch();
        }
        upsertActivity.executeBatch();
    }

    /** Drops history older than {@code cutoffMillis}, keeping the keyframe a reader must start from. */
    private void trimRing(long cutoffMillis) throws SQLException {
        long keepFrom;
        long keepFromMillis;
        try (PreparedStatement find = db.prepareStatement(
                "SELECT after_seq, at_ms FROM keyframes WHERE at_ms <= ? ORDER BY after_seq DESC LIMIT 1")) {
            find.setLong(1, cutoffMillis);
            try (ResultSet rs = find.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                keepFrom = rs.getLong(1);
                keepFromMillis = rs.getLong(2);
            }
        }
        try (Statement s = db.createStatement()) {
            s.executeUpdate("DELETE FROM keyframes WHERE after_seq < " + keepFrom);
            s.executeUpdate("DELETE FROM batches WHERE seq < " + keepFrom);
            s.executeUpdate("DELETE FROM exclusions WHERE arrival_ms < " + keepFromMillis);
            s.executeUpdate("DELETE FROM activity WHERE second_ms < " + (keepFromMillis / 1000 * 1000));
            s.executeUpdate("DELETE FROM alarms WHERE cleared_ms IS NOT NULL AND cleared_ms < " + keepFromMillis);
            s.executeUpdate("DELETE FROM alarm_acks WHERE NOT EXISTS (SELECT 1 FROM alarms a WHERE a.raised_ms ="
                    + " alarm_acks.raised_ms AND a.kind = alarm_acks.kind AND a.subject = alarm_acks.subject)");
            s.executeUpdate("DELETE FROM bookmarks WHERE at_ms < " + keepFromMillis);
            s.executeUpdate("DELETE FROM gaps WHERE to_ms IS NOT NULL AND to_ms < " + keepFromMillis);
            db.commit();
        }
        try (Statement vacuum = db.createStatement()) {
            // Gives the freed pages back to the file system, so a ring's file stays bounded.
            vacuum.executeUpdate("PRAGMA incremental_vacuum");
        }
        db.commit();
    }

    /**
     * Whether the keyframe the clock asks for would mostly repeat the last one: a keyframe stores every
     * rollup record, and a large fleet's (1.6 M links at full scale, some 80 MB) every 10 s would cost
     * several times the batches it saves decoding. Once half of them changed, it no longer waits.
     */
    private boolean rollupsMostlyUnchanged() {
        int held = codec.rollupCount();
        return held > LARGE_ROLLUP_STATE && rollupsSinceKeyframe * 2 < held;
    }

    /** Updates and deletes of the notifications, and one per rollup record. */
    private static int countUpdates(List<? extends IngestEvent> batch) {
        int updates = 0;
        for (IngestEvent event : batch) {
            if (event instanceof IngestEvent.Notification n) {
                updates += n.updates().size() + n.deletes().size();
            } else if (event instanceof IngestEvent.Rollup) {
                updates++;
            }
        }
        return updates;
    }

    private static int countRollups(List<? extends IngestEvent> batch) {
        int rollups = 0;
        for (IngestEvent event : batch) {
            if (event instanceof IngestEvent.Rollup) {
                rollups++;
            }
        }
        return rollups;
    }

    private static Long longOrNull(String text) {
        if (text != null) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                // Not a number: stored as NULL rather than guessed; the batch keeps the raw value.
            }
        }
        return null;
    }

    private static void setLongOrNull(PreparedStatement statement, int index, Long value) throws SQLException {
        if (value != null) {
            statement.setLong(index, value);
        } else {
            statement.setNull(index, Types.INTEGER);
        }
    }

    private RecordingException failure(SQLException e) {
        if (e instanceof SQLiteException sqlite
                && (sqlite.getResultCode() == SQLiteErrorCode.SQLITE_FULL
                        || sqlite.getResultCode() == SQLiteErrorCode.SQLITE_IOERR)) {
            return new RecordingFullException(file, e);
        }
        return new RecordingException(file, "recording failed: " + e.getMessage(), e);
    }

    private void rollbackQuietly() {
        try {
            db.rollback();
        } catch (SQLException ignored) {
            // The connection is already broken; the failure being reported says why.
        }
    }

    private static void closeQuietly(Connection db) {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException ignored) {
                // Closing after a failure: the original failure is what the caller reports.
            }
        }
    }
}
