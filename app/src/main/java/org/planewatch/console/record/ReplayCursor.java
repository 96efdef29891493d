package org.planewatch.console.record;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Reads a recording's events in their recorded order, from any instant: {@link #seek} starts from
 * the newest keyframe at or before the instant and decodes forward, {@link #advanceTo} returns the
 * events up to a later instant. Single-threaded: the replay driver owns it.
 */
public final class ReplayCursor {
    /** As many earlier decisions as the console's own exclusion history holds. */
    private static final int EXCLUSION_HISTORY = 20_000;
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
        return seek(atMillis, null);
    }

    private List<IngestEvent> seek(long atMillis, BatchCodec.DecisionFilter knownDecisions) throws RecordingException {
        codec = new BatchCodec(reader.dictionary());
        codec.filterDecisions(knownDecisions, atMillis);
        pending.clear();
        try {
            return seekFromKeyframe(atMillis);
        } finally {
            // Events decoded later (the rest of the last batch, played on) are all shown.
            codec.filterDecisions(null, Long.MIN_VALUE);
        }
    }

    private List<IngestEvent> seekFromKeyframe(long atMillis) throws RecordingException {
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

    /**
     * What a replay applies to an empty telemetry store to show the recorded state at {@code atMillis}:
     * the recorded decision history ({@link #exclusionsBefore}), then {@link #seek}'s events without
     * the event-ring leaves of decisions that history already holds. Those leaves (most of a
     * keyframe on a fabric with busy rings) would only be recognised as repeats; leaves of decisions
     * still incomplete at that instant stay, so they complete as they did live.
     */
    public List<IngestEvent> seekWithHistory(long atMillis) throws RecordingException {
        List<IngestEvent> history = exclusionsBefore(atMillis);
        Map<Integer, Set<Long>> known = new HashMap<>();
        Dictionary dictionary = reader.dictionary();
        for (IngestEvent event : history) {
            if (event instanceof IngestEvent.Notification n && !n.updates().isEmpty()) {
                int target = dictionary.existingStringId(n.target());
                if (target >= 0) {
                    known.computeIfAbsent(target, t -> new HashSet<>())
                            .add(Long.parseLong(n.updates().getFirst().path().elem(RingPaths.RING_ELEM).keys().get("seq")));
                }
            }
        }
        List<IngestEvent> events = new ArrayList<>(history);
        // Left out while decoding: their paths are never built (most of a keyframe's ring section).
        events.addAll(seek(atMillis, known.isEmpty() ? null : (target, seq) -> {
            Set<Long> seqs = known.get(target);
            return seqs != null && seqs.contains(seq);
        }));
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

    /**
     * The exclusion decisions recorded before {@code beforeMillis} (the newest 20,000), as the
     * notifications that reported them. Agents evict old decisions from their rings, so the state
     * at an instant alone would forget decisions the console had already shown; a replay applies
     * these first. The telemetry store recognises repeats by host and sequence number.
     */
    public List<IngestEvent> exclusionsBefore(long beforeMillis) throws RecordingException {
        try {
            return exclusionHistory(beforeMillis);
        } catch (SQLException e) {
            throw damaged(e);
        }
    }

    private List<IngestEvent> exclusionHistory(long beforeMillis) throws SQLException {
        List<IngestEvent> events = new ArrayList<>();
        try (PreparedStatement history = reader.prepare("""
                SELECT source, target, ring_seq, arrival_ms, timestamp_ns, qpn, ev, plane, links, from_state, to_state, reason
                FROM (SELECT * FROM exclusions WHERE arrival_ms < ? AND to_state IS NOT NULL
                      ORDER BY arrival_ms DESC LIMIT ?) ORDER BY arrival_ms, target, ring_seq""")) {
            history.setLong(1, beforeMillis);
            history.setInt(2, EXCLUSION_HISTORY);
            try (ResultSet rs = history.executeQuery()) {
                while (rs.next()) {
                    PathElem event = PathElem.of("event", "seq", Long.toString(rs.getLong(3)));
                    List<TelemetryUpdate> updates = new ArrayList<>(8);
                    addNumber(updates, event, "timestamp", rs, 5);
                    addNumber(updates, event, "qpn", rs, 6);
                    addNumber(updates, event, "ev", rs, 7);
                    addNumber(updates, event, "plane", rs, 8);
                    addText(updates, event, "links", rs.getString(9));
                    addText(updates, event, "from-state", rs.getString(10));
                    addText(updates, event, "reason", rs.getString(12));
                    addText(updates, event, "to-state", rs.getString(11));
                    long timestamp = rs.getLong(5);
                    events.add(new IngestEvent.Notification(rs.getString(1), rs.getString(2), timestamp, updates,
                            List.of(), rs.getLong(4)));
                }
            }
        }
        return events;
    }

    private static final PathElem EVENTS = PathElem.of("events");
    private static final PathElem STATE = PathElem.of("state");

    /** {@code mrc:/events/event[seq=S]/state/<leaf>}, built from parts: a seek builds tens of thousands. */
    private static TelemetryPath eventLeaf(PathElem event, String leaf) {
        return new TelemetryPath("mrc", List.of(EVENTS, event, STATE, PathElem.of(leaf)));
    }

    private static void addNumber(List<TelemetryUpdate> updates, PathElem event, String leaf, ResultSet rs, int column)
            throws SQLException {
        long value = rs.getLong(column);
        if (!rs.wasNull()) {
            updates.add(new TelemetryUpdate(eventLeaf(event, leaf), new TelemetryValue.Uint(value)));
        }
    }

    private static void addText(List<TelemetryUpdate> updates, PathElem event, String leaf, String value) {
        if (value != null) {
            updates.add(new TelemetryUpdate(eventLeaf(event, leaf), new TelemetryValue.Str(value)));
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
