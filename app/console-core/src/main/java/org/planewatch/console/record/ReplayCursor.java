package org.planewatch.console.record;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.planewatch.console.telemetry.EventColumns;
import org.planewatch.console.telemetry.EventQueue;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Reads a recording's events in their recorded order, from any instant: {@link #seek} starts from
 * the newest keyframe at or before the instant and decodes forward, {@link #advanceTo} returns the
 * events up to a later instant. Single-threaded: the replay driver owns it.
 *
 * <p>A damaged or missing batch stops the cursor in front of it ({@link #stoppedAt}): every value
 * in a batch is a change against the batches before it, so nothing after it can be decoded until the
 * next intact keyframe. A seek past that keyframe starts there; the damage is reported to the reader
 * ({@link RecordingReader#damageFound}) as a gap. A damaged keyframe is passed over for an earlier one.
 */
public final class ReplayCursor {
    /** As many earlier decisions as the console's own exclusion history holds. */
    private static final int EXCLUSION_HISTORY = 20_000;

    private final RecordingReader reader;
    private BatchCodec codec;
    private long nextSeq;
    /** Arrival of the last event read (a keyframe's instant right after it): where a gap found next begins. */
    private long readUntilMillis = Long.MIN_VALUE;
    /** The gap the cursor stopped in front of, null while it reads on. */
    private RecordingDamage stoppedAt;
    /** Where reading can pick up after {@link #stoppedAt}: the first intact keyframe after the damage, decoded. */
    private Resume resume;
    /** The decisions a seek leaves out, applied to every codec it starts (it may start again after a gap). */
    private BatchCodec.DecisionFilter filter;

    private long filterUntilMillis = Long.MIN_VALUE;
    private final EventQueue pending = new EventQueue();

    /** A keyframe decoded into a codec of its own, with the events that rebuild its state. */
    private record Resume(long afterSeq, long atMillis, BatchCodec codec, List<IngestEvent> state) {}

    ReplayCursor(RecordingReader reader) {
        this.reader = reader;
        this.codec = new BatchCodec(reader.dictionary());
        this.nextSeq = 1;
    }

    /**
     * Positions the cursor at {@code atMillis} and returns the events that bring an empty
     * telemetry store to the recorded state at that instant (connection states, then every leaf's
     * value), followed by the recorded events since the keyframe up to {@code atMillis}. An instant
     * inside a gap gets the last state before the gap.
     */
    public List<IngestEvent> seek(long atMillis) throws RecordingException {
        return seek(atMillis, null);
    }

    /** The gap the cursor stopped in front of, if it did: it reads nothing more, a seek past the gap's end goes on. */
    public Optional<RecordingDamage> stoppedAt() {
        return Optional.ofNullable(stoppedAt);
    }

    private List<IngestEvent> seek(long atMillis, BatchCodec.DecisionFilter knownDecisions) throws RecordingException {
        filter = knownDecisions;
        filterUntilMillis = atMillis;
        pending.clear();
        stoppedAt = null;
        resume = null;
        try {
            List<IngestEvent> events = startAtKeyframe(atMillis);
            events.addAll(EventColumns.concat(advanceRunsTo(atMillis)));
            while (stoppedAt != null && resume != null && resume.atMillis() <= atMillis) {
                events = resumeAfterGap();
                events.addAll(EventColumns.concat(advanceRunsTo(atMillis)));
            }
            return events;
        } finally {
            // Events decoded later (the rest of the last batch, played on) are all shown.
            filter = null;
            filterUntilMillis = Long.MIN_VALUE;
            codec.filterDecisions(null, Long.MIN_VALUE);
        }
    }

    private BatchCodec freshCodec() {
        BatchCodec fresh = new BatchCodec(reader.dictionary());
        fresh.filterDecisions(filter, filterUntilMillis);
        return fresh;
    }

    /** Loads the newest intact keyframe at or before {@code atMillis} (or starts from the first batch); returns its state. */
    private List<IngestEvent> startAtKeyframe(long atMillis) throws RecordingException {
        try {
            Resume start = newestIntactKeyframe(atMillis);
            if (start != null) {
                return startFrom(start);
            }
            if (firstSeq() > 1) {
                // A ring recording no longer holds its beginning: the oldest state it can show is its first intact
                // keyframe.
                start = firstIntactKeyframeAfter(Long.MIN_VALUE);
                if (start == null) {
                    throw new RecordingException(
                            reader.file(),
                            "is damaged: its first batches are gone and no intact keyframe replaces them");
                }
                return startFrom(start);
            }
        } catch (SQLException e) {
            throw damaged(e);
        }
        codec = freshCodec();
        nextSeq = 1;
        readUntilMillis = Long.MIN_VALUE;
        return new ArrayList<>();
    }

    /** The newest intact keyframe at or before {@code atMillis}, or null. */
    private Resume newestIntactKeyframe(long atMillis) throws SQLException {
        return intactKeyframe(
                "SELECT after_seq, at_ms, data FROM keyframes WHERE at_ms <= ? AND after_seq < ? ORDER BY after_seq DESC LIMIT 1",
                atMillis,
                Long.MAX_VALUE);
    }

    /** The first intact keyframe after batch {@code afterSeq} (exclusive), or null. */
    private Resume firstIntactKeyframeAfter(long afterSeq) throws SQLException {
        return intactKeyframe(
                "SELECT after_seq, at_ms, data FROM keyframes WHERE at_ms >= ? AND after_seq > ? ORDER BY after_seq LIMIT 1",
                Long.MIN_VALUE,
                afterSeq);
    }

    /**
     * The first keyframe {@code sql} finds that decodes, or null; damaged ones are reported on the way.
     * One row per query, its second parameter moved past each damaged keyframe, so that SQLite walks
     * its index instead of sorting every keyframe's data.
     */
    private Resume intactKeyframe(String sql, long first, long bound) throws SQLException {
        try (PreparedStatement keyframes = reader.prepare(sql)) {
            keyframes.setLong(1, first);
            while (true) {
                keyframes.setLong(2, bound);
                try (ResultSet rs = keyframes.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    Resume found = decodeKeyframe(rs.getLong(1), rs.getLong(2), rs.getBytes(3));
                    if (found != null) {
                        return found;
                    }
                    bound = rs.getLong(1);
                }
            }
        }
    }

    private List<IngestEvent> startFrom(Resume start) {
        codec = start.codec();
        nextSeq = start.afterSeq() + 1;
        readUntilMillis = start.atMillis();
        return new ArrayList<>(start.state());
    }

    /** Decodes a keyframe into a codec of its own; a damaged one is reported and gives null. */
    private Resume decodeKeyframe(long afterSeq, long atMillis, byte[] data) throws SQLException {
        BatchCodec keyframeCodec = freshCodec();
        try {
            // Its row's time and batch pick it for a seek: they must agree with that batch's row (the writer
            // stores the batch's last arrival), or a damaged number would start a seek from the wrong state.
            long batchEnd = lastArrivalOfBatch(afterSeq);
            if (batchEnd != atMillis && batchEnd != Long.MIN_VALUE) {
                throw new ByteInput.CorruptDataException(
                        "its row says " + atMillis + " ms, batch " + afterSeq + " ends at " + batchEnd + " ms");
            }
            return new Resume(afterSeq, atMillis, keyframeCodec, keyframeCodec.loadKeyframe(data, atMillis));
        } catch (ByteInput.CorruptDataException e) {
            reader.reportDamage(RecordingDamage.keyframe(afterSeq, atMillis, e.getMessage()));
            return null;
        }
    }

    /** The last arrival batch {@code seq}'s row gives, {@code Long.MIN_VALUE} if it has none (or it cannot be read). */
    private long lastArrivalOfBatch(long seq) throws SQLException {
        try (PreparedStatement batch = reader.prepare("SELECT last_arrival_ms FROM batches WHERE seq = ?")) {
            batch.setLong(1, seq);
            try (ResultSet rs = batch.executeQuery()) {
                return rs.next() ? rs.getLong(1) : Long.MIN_VALUE;
            }
        } catch (SQLException e) {
            if (!RecordingReader.isDamage(e)) {
                throw e;
            }
            return Long.MIN_VALUE; // the batch's own damage is reported where it is read
        }
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
        return new HistorySeek(
                history(all, picked), seek(atMillis, PendingDecisions.at(all, atMillis, reader.dictionary())));
    }

    /**
     * The recorded events after the cursor with arrival time up to {@code untilMillis}, in order.
     * Throws when a damaged batch stops the cursor before that instant: what an export of a window
     * must not pass over in silence.
     */
    public List<IngestEvent> advanceTo(long untilMillis) throws RecordingException {
        List<IngestEvent> events = EventColumns.concat(advanceRunsTo(untilMillis));
        if (stoppedAt != null && untilMillis > stoppedAt.fromMillis()) {
            throw new RecordingException(
                    reader.file(),
                    "is damaged in batch " + stoppedAt.batchSeq() + " (" + stoppedAt.problem() + "): "
                            + stoppedAt.span());
        }
        return events;
    }

    /**
     * {@link #advanceTo}'s events as the decoded runs that hold them, none built yet: what a replay
     * reads ahead of its clock. At a damaged batch it returns what came before and stops ({@link #stoppedAt}).
     */
    public List<EventColumns> advanceRunsTo(long untilMillis) throws RecordingException {
        List<EventColumns> runs = new ArrayList<>();
        while (true) {
            runs.addAll(pending.takeArrivedBy(untilMillis));
            if (!pending.isEmpty() || !loadNextBatch()) {
                return runs;
            }
        }
    }

    /** Arrival time of the next event the cursor would return, or {@code Long.MAX_VALUE} at the end (or at a gap). */
    public long nextArrivalMillis() throws RecordingException {
        while (pending.isEmpty()) {
            if (!loadNextBatch()) {
                return Long.MAX_VALUE;
            }
        }
        return pending.nextArrivalMillis();
    }

    /**
     * Decodes the next batch into {@link #pending} (false at the end, or at a damaged batch). It is
     * decoded whatever its row says of its arrival, and those times are checked against its data block,
     * which carries a checksum: a damaged time in the row cannot hold back the rest of the recording.
     * A cursor therefore holds at most one batch decoded beyond the instant it was asked for.
     */
    private boolean loadNextBatch() throws RecordingException {
        if (stoppedAt != null) {
            return false;
        }
        long seq;
        long firstMillis;
        long lastMillis;
        long events;
        byte[] data;
        try (PreparedStatement batch = reader.prepare(
                "SELECT seq, first_arrival_ms, last_arrival_ms, events, data FROM batches WHERE seq >= ? ORDER BY seq LIMIT 1")) {
            batch.setLong(1, nextSeq);
            try (ResultSet rs = batch.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                seq = rs.getLong(1);
                firstMillis = rs.getLong(2);
                lastMillis = rs.getLong(3);
                events = rs.getLong(4);
                data = rs.getBytes(5);
            }
        } catch (SQLException e) {
            if (!RecordingReader.isDamage(e)) {
                throw damaged(e);
            }
            return stopAtGap(nextSeq, "its page cannot be read: " + RecordingReader.sqliteProblem(e));
        }
        if (seq != nextSeq) {
            return stopAtGap(nextSeq, "it is missing: the next batch stored is " + seq);
        }
        EventColumns decoded;
        try {
            decoded = codec.decode(data == null ? new byte[0] : data);
        } catch (ByteInput.CorruptDataException e) {
            return stopAtGap(seq, e.getMessage());
        }
        BatchCodec.BlockSpan span = codec.decodedSpan();
        if (span.events() != events
                || span.firstArrivalMillis() != firstMillis
                || span.lastArrivalMillis() != lastMillis) {
            return stopAtGap(
                    seq,
                    String.format(
                            Locale.ROOT,
                            "its row says %d events arriving %d to %d ms, its data block %d arriving %d to %d ms",
                            events,
                            firstMillis,
                            lastMillis,
                            span.events(),
                            span.firstArrivalMillis(),
                            span.lastArrivalMillis()));
        }
        pending.add(decoded);
        nextSeq = seq + 1;
        readUntilMillis = lastMillis;
        return true;
    }

    /**
     * Stops in front of damaged batch {@code seq}: finds where reading can pick up (the first intact
     * keyframe after it), reports the gap to the reader, and returns false (nothing more read).
     */
    private boolean stopAtGap(long seq, String problem) throws RecordingException {
        resume = firstIntactKeyframeFrom(seq);
        long[] range = recordedRange();
        long from = readUntilMillis != Long.MIN_VALUE ? readUntilMillis : range == null ? 0 : range[0];
        long to = resume != null ? resume.atMillis() : range == null ? from : range[1];
        stoppedAt = RecordingDamage.gap(seq, from, to, resume != null, problem);
        reader.reportDamage(stoppedAt);
        return false;
    }

    /** Starts again at the keyframe after the gap the cursor stopped at; returns that keyframe's state. */
    private List<IngestEvent> resumeAfterGap() {
        List<IngestEvent> state = startFrom(resume);
        pending.clear();
        stoppedAt = null;
        resume = null;
        return state;
    }

    private Resume firstIntactKeyframeFrom(long seq) throws RecordingException {
        try {
            return firstIntactKeyframeAfter(seq - 1);
        } catch (SQLException e) {
            if (!RecordingReader.isDamage(e)) {
                throw damaged(e);
            }
            return null; // the keyframes after the damage cannot be read: the gap runs to the end
        }
    }

    /** The recording's first and last arrival, or null when even that cannot be read. */
    private long[] recordedRange() {
        try {
            return reader.timeRange();
        } catch (RecordingException e) {
            return null;
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
            PathElem event = ExclusionEventRing.entry(d.seq());
            List<TelemetryUpdate> updates = new ArrayList<>(8);
            addNumber(updates, event, ExclusionEventRing.TIMESTAMP, d.timestampNs());
            addNumber(updates, event, ExclusionEventRing.QPN, d.qpn());
            addNumber(updates, event, ExclusionEventRing.EV, d.ev());
            addNumber(updates, event, ExclusionEventRing.PLANE, d.plane());
            addText(updates, event, ExclusionEventRing.LINKS, d.links());
            addText(updates, event, ExclusionEventRing.FROM_STATE, d.fromState());
            addText(updates, event, ExclusionEventRing.REASON, d.reason());
            addText(updates, event, ExclusionEventRing.TO_STATE, d.toState());
            long timestamp = d.timestampNs() == null ? 0 : d.timestampNs();
            events.add(new IngestEvent.Notification(
                    d.source(), d.target(), timestamp, updates, List.of(), d.arrivalMillis()));
        }
        return events;
    }

    private static TelemetryPath eventLeaf(PathElem event, String leaf) {
        return ExclusionEventRing.field(event, leaf);
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

    private long firstSeq() throws SQLException {
        try (PreparedStatement first = reader.prepare("SELECT min(seq) FROM batches");
                ResultSet rs = first.executeQuery()) {
            long seq = rs.getLong(1);
            return rs.wasNull() ? 1 : seq;
        }
    }

    private RecordingException damaged(SQLException e) {
        return RecordingReader.damaged(reader.file(), e);
    }
}
