package org.planewatch.console.record;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.planewatch.console.telemetry.EventColumns;
import org.planewatch.console.telemetry.EventQueue;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.RecordedDecision;
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
    private final EventQueue pending = new EventQueue();

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
     * the recorded decision history ({@link #exclusionsBefore}), then {@link #seek}'s events with, of
     * the event-ring leaves that arrived by then, only those of decisions still incomplete at that
     * instant, which complete as they did live ({@link PendingDecisions}). The others (most of a
     * keyframe on a fabric with busy rings) belong to decisions the history holds, or to none.
     */
    public List<IngestEvent> seekWithHistory(long atMillis) throws RecordingException {
        HistorySeek seek = seekWithDecisions(atMillis);
        List<IngestEvent> events = new ArrayList<>(asNotifications(seek.history()));
        events.addAll(seek.events());
        return events;
    }

    /**
     * {@link #seekWithHistory}'s content with the history as decisions, which the telemetry store
     * loads straight into its exclusion log ({@code TelemetryStore.applyHistory}, then {@code apply}
     * the events).
     */
    public record HistorySeek(List<RecordedDecision> history, List<IngestEvent> events) {}

    public HistorySeek seekWithDecisions(long atMillis) throws RecordingException {
        if (atMillis < reader.firstExclusionArrival()) {
            return new HistorySeek(List.of(), seek(atMillis, null)); // nothing shown yet: no history to read
        }
        RecordedDecisions all = reader.decisions();
        int[] picked = all.shownBefore(atMillis, EXCLUSION_HISTORY);
        // Left out while decoding: their paths are never built (most of a keyframe's ring section).
        return new HistorySeek(history(all, picked), seek(atMillis, PendingDecisions.at(all, atMillis, reader.dictionary())));
    }

    /** The recorded events after the cursor with arrival time up to {@code untilMillis}, in order. */
    public List<IngestEvent> advanceTo(long untilMillis) throws RecordingException {
        return EventColumns.concat(advanceRunsTo(untilMillis));
    }

    /**
     * {@link #advanceTo}'s events as the decoded runs that hold them, none built yet: what a replay
     * reads ahead of its clock.
     */
    public List<EventColumns> advanceRunsTo(long untilMillis) throws RecordingException {
        List<EventColumns> runs = new ArrayList<>();
        while (true) {
            runs.addAll(pending.takeArrivedBy(untilMillis));
            if (!pending.isEmpty() || !loadNextBatch(untilMillis)) {
                return runs;
            }
        }
    }

    /** Arrival time of the next event the cursor would return, or {@code Long.MAX_VALUE} at the end. */
    public long nextArrivalMillis() throws RecordingException {
        while (pending.isEmpty()) {
            if (!loadNextBatch(Long.MAX_VALUE)) {
                return Long.MAX_VALUE;
            }
        }
        return pending.nextArrivalMillis();
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
                pending.add(codec.decode(rs.getBytes(3)));
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
     * these first. The telemetry store recognises repeats by source, device, number and timestamp.
     */
    public List<IngestEvent> exclusionsBefore(long beforeMillis) throws RecordingException {
        RecordedDecisions all = reader.decisions();
        return asNotifications(history(all, all.shownBefore(beforeMillis, EXCLUSION_HISTORY)));
    }

    private static List<RecordedDecision> history(RecordedDecisions all, int[] picked) {
        List<RecordedDecision> history = new ArrayList<>(picked.length);
        for (int i : picked) {
            history.add(all.get(i));
        }
        return history;
    }

    /** The notifications that report {@code decisions}: one each, its leaves under {@code mrc:/events/event[seq]/state}. */
    public static List<IngestEvent> asNotifications(List<RecordedDecision> decisions) {
        List<IngestEvent> events = new ArrayList<>(decisions.size());
        for (RecordedDecision d : decisions) {
            PathElem event = PathElem.of("event", "seq", Long.toString(d.seq()));
            List<TelemetryUpdate> updates = new ArrayList<>(8);
            addNumber(updates, event, "timestamp", d.timestampNs());
            addNumber(updates, event, "qpn", d.qpn());
            addNumber(updates, event, "ev", d.ev());
            addNumber(updates, event, "plane", d.plane());
            addText(updates, event, "links", d.links());
            addText(updates, event, "from-state", d.fromState());
            addText(updates, event, "reason", d.reason());
            addText(updates, event, "to-state", d.toState());
            long timestamp = d.timestampNs() == null ? 0 : d.timestampNs();
            events.add(new IngestEvent.Notification(d.source(), d.target(), timestamp, updates, List.of(), d.arrivalMillis()));
        }
        return events;
    }

    private static final PathElem EVENTS = PathElem.of("events");
    private static final PathElem STATE = PathElem.of("state");

    /** {@code mrc:/events/event[seq=S]/state/<leaf>}, built from parts. */
    private static TelemetryPath eventLeaf(PathElem event, String leaf) {
        return new TelemetryPath("mrc", List.of(EVENTS, event, STATE, PathElem.of(leaf)));
    }

    private static void addNumber(List<TelemetryUpdate> updates, PathElem event, String leaf, Long value) {
        if (value != null) {
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
