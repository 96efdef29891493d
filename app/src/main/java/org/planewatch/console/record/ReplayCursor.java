package org.planewatch.console.record;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * Reads a recording's events in their recorded order, from any instant: {@link #seek} starts from
 * the newest keyframe at or before the instant and decodes forward, {@link #advanceTo} returns the
 * events up to a later instant. Single-threaded: the replay driver owns it.
 */
public final class ReplayCursor {
    private final RecordingReader reader;
    private BatchCodec codec;
    private long nextSeq;
    private final ArrayDeque<IngestEvent> pending = new ArrayDeque<>();

    ReplayCursor(RecordingReader reader) {
        this.reader = reader;
        this.codec = new BatchCodec(reader.dictionary());
        this.nextSeq = 1;
    }

    /**
     * Positions the cursor at {@code atMillis} and returns the events that bring an empty
     * telemetry store to the recorded state at that instant (connection states, then every leaf's
     * value), followed by the recorded events since the keyframe up to {@code atMillis}.
     */
    public List<IngestEvent> seek(long atMillis) throws RecordingException {
        codec = new BatchCodec(reader.dictionary());
        pending.clear();
        List<IngestEvent> events = new ArrayList<>();
        try (PreparedStatement keyframe = reader.prepare(
                "SELECT after_seq, at_ms, data FROM keyframes WHERE at_ms <= ? ORDER BY after_seq DESC LIMIT 1")) {
            keyframe.setLong(1, atMillis);
            try (ResultSet rs = keyframe.executeQuery()) {
                if (rs.next()) {
                    nextSeq = rs.getLong(1) + 1;
                    events.addAll(codec.loadKeyframe(rs.getBytes(3), rs.getLong(2)));
                    events.addAll(advanceTo(atMillis));
                    return events;
                }
            }
            if (firstSeq() > 1) {
                // A ring recording no longer holds its beginning: the oldest state it can show is its first keyframe.
                return seekToFirstKeyframe();
            }
            nextSeq = 1;
        } catch (SQLException e) {
            throw damaged(e);
        } catch (ByteInput.CorruptDataException e) {
            throw new RecordingException(reader.file(), "is damaged: " + e.getMessage(), e);
        }
        events.addAll(advanceTo(atMillis));
        return events;
    }

    /** The recorded events after the cursor with arrival time up to {@code untilMillis}, in order. */
    public List<IngestEvent> advanceTo(long untilMillis) throws RecordingException {
        List<IngestEvent> events = new ArrayList<>();
        while (true) {
            while (!pending.isEmpty() && pending.peekFirst().arrivalMillis() <= untilMillis) {
                events.add(pending.pollFirst());
            }
            if (!pending.isEmpty() || !loadNextBatch(untilMillis)) {
                return events;
            }
        }
    }

    /** Arrival time of the next event the cursor would return, or {@code Long.MAX_VALUE} at the end. */
    public long nextArrivalMillis() throws RecordingException {
        if (pending.isEmpty() && !loadNextBatch(Long.MAX_VALUE)) {
            return Long.MAX_VALUE;
        }
        return pending.peekFirst().arrivalMillis();
    }

    private boolean loadNextBatch(long untilMillis) throws RecordingException {
        try (PreparedStatement batch = reader.prepare(
                "SELECT seq, first_arrival_ms, data FROM batches WHERE seq >= ? ORDER BY seq LIMIT 1")) {
            batch.setLong(1, nextSeq);
            try (ResultSet rs = batch.executeQuery()) {
                if (!rs.next() || rs.getLong(2) > untilMillis) {
                    return false;
                }
                long seq = rs.getLong(1);
                if (seq != nextSeq) {
                    throw new RecordingException(reader.file(), "is damaged: batch " + nextSeq + " is missing");
                }
                pending.addAll(codec.decode(rs.getBytes(3)));
                nextSeq = seq + 1;
                return true;
            }
        } catch (SQLException e) {
            throw damaged(e);
        } catch (ByteInput.CorruptDataException e) {
            throw new RecordingException(reader.file(), "is damaged in batch " + nextSeq + ": " + e.getMessage(), e);
        }
    }

    private List<IngestEvent> seekToFirstKeyframe() throws SQLException, RecordingException {
        try (PreparedStatement first = reader.prepare(
                "SELECT after_seq, at_ms, data FROM keyframes ORDER BY after_seq LIMIT 1");
                ResultSet rs = first.executeQuery()) {
            if (!rs.next()) {
                throw new RecordingException(reader.file(), "is damaged: its first batches are gone and no keyframe replaces them");
            }
            nextSeq = rs.getLong(1) + 1;
            return new ArrayList<>(codec.loadKeyframe(rs.getBytes(3), rs.getLong(2)));
        }
    }

    private long firstSeq() throws SQLException {
        try (PreparedStatement first = reader.prepare("SELECT min(seq) FROM batches");
                ResultSet rs = first.executeQuery()) {
            long seq = rs.getLong(1);
            return rs.wasNull() ? 1 : seq;
        }
    }

    private RecordingException damaged(SQLException e) {
        return new RecordingException(reader.file(), "is damaged (truncated or corrupted): " + e.getMessage(), e);
    }
}
