package org.planewatch.console.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.EventColumns;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.PathColumns;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Encodes drained ingest batches and keyframes (docs/recording-format.md). Stateful: values are
 * stored as changes against the previous batch, so one codec must see every batch in order, the
 * writer's when recording, a reader's when replaying from a keyframe.
 */
final class BatchCodec {
    /**
     * Written by this codec: format 3 (rollup records of a fleet, keyframes with a rollup section, ADR
     * 0106). Formats 1 and 2 are still read.
     */
    static final int FORMAT = 3;

    private static final int FORMAT_1 = 1;
    /** Event-ring templates, keyframes with a ring section. */
    private static final int FORMAT_2 = 2;

    private static final int NOTIFICATION = 1;
    private static final int SYNCED = 2;
    private static final int CONNECTION = 3;
    private static final int ROLLUP = 4;
    private static final ConnectionPhase[] PHASES = ConnectionPhase.values();
    private static final IngestEvent.Rollup.Kind[] ROLLUP_KINDS = IngestEvent.Rollup.Kind.values();

    /** What a keyframe keeps of each source besides its leaves. */
    /** A source's connection phase and its last arrival; the arrival moves with every notification, in place. */
    private static final class SourceState {
        final ConnectionPhase phase;
        final int detailId;
        long lastArrivalMillis;

        SourceState(ConnectionPhase phase, int detailId, long lastArrivalMillis) {
            this.phase = phase;
            this.detailId = detailId;
            this.lastArrivalMillis = lastArrivalMillis;
        }
    }

    private final Dictionary dictionary;
    private final LeafValues values = new LeafValues();
    private final RingValues ringValues = new RingValues();
    private final StringValues strings;
    /** The sizes of the batch decoded last, to size the next one's columns. */
    private int decodedEvents;

    private int decodedUpdates;
    private int decodedDeletes;
    /** Decision leaves a seek leaves out (the replay has their decisions from the recorded history). */
    interface DecisionFilter {
        /** Whether leaf {@code leaf} of entry {@code seq} of {@code source}'s device {@code target} is left out (ids of the dictionary). */
        boolean leftOut(int sourceId, int targetId, long seq, String leaf, TelemetryValue value);
    }

    private DecisionFilter filter;
    private long filterUntilMillis = Long.MIN_VALUE;
    /** What the header of the batch decoded last says: its event count and first and last arrival. */
    record BlockSpan(int events, long firstArrivalMillis, long lastArrivalMillis) {}

    private BlockSpan decodedSpan;
    /** The format byte of the block {@link #inflate} read last. */
    private int blockFormat;

    private final Map<Integer, SourceState> sources = new TreeMap<>();

    /** A rollup's key: its kind and the string id of its key. */
    private record RollupKey(int kind, int key) {}

    /** A rollup record kept for the keyframes: where it was read and its value. */
    private record RollupValue(int source, byte[] value) {}

    /**
     * The latest record of every rollup key the batches encoded so far hold (tombstones remove theirs):
     * what the writer's keyframes store. Only {@link #encode} keeps it; a reader needs no previous
     * value to decode a rollup record.
     */
    private final Map<RollupKey, RollupValue> rollups = new LinkedHashMap<>();

    private final ByteOutput raw = new ByteOutput();
    private final Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    private final Inflater inflater = new Inflater();
    private byte[] compressed = new byte[8192];
    private byte[] inflated = new byte[65536];

    BatchCodec(Dictionary dictionary) {
        this.dictionary = dictionary;
        this.strings = new StringValues(dictionary);
    }

    Dictionary dictionary() {
        return dictionary;
    }

    /**
     * Leaves out of decoded events (keyframes and batches) the decision leaves that {@code filter}
     * knows, for events that arrived up to {@code untilMillis}; the codec state still follows them.
     * A notification left with nothing is dropped. {@code null} stops filtering.
     */
    void filterDecisions(DecisionFilter filter, long untilMillis) {
        this.filter = filter;
        this.filterUntilMillis = untilMillis;
    }

    private boolean filtered(int leaf, long arrivalMillis) {
        return filter != null && arrivalMillis <= filterUntilMillis && dictionary.isDecisionLeaf(leaf);
    }

    /** Whether the filter leaves out {@code leaf} with {@code value} from {@code source}; ask only when {@link #filtered}. */
    private boolean leftOut(int source, int leaf, long seq, TelemetryValue value) {
        return filter.leftOut(
                source,
                dictionary.targetId(leaf),
                dictionary.isTemplate(leaf) ? seq : dictionary.plainDecisionSeq(leaf),
                dictionary.path(leaf).last().name(),
                value);
    }

    /**
     * Per target: the paths of its previous notification, by position, and their leaf ids. Agents send
     * a device's leaves in the same order interval after interval, so an encoder that first compares
     * the path object at the same position finds most leaf ids without a dictionary lookup (which,
     * a hash of a record per update, was most of the recorder's time at a million updates/s).
     */
    private static final class PathIds {
        TelemetryPath[] paths = new TelemetryPath[0];
        int[] ids = new int[0];
    }

    private final List<PathIds> pathIdsByTarget = new ArrayList<>();
    /** Positions in the last encoded batch of the notifications that carried decision leaves. */
    private final BitSet decisionNotifications = new BitSet();

    private PathIds pathIds(int target, int count) {
        while (pathIdsByTarget.size() <= target) {
            pathIdsByTarget.add(null);
        }
        PathIds known = pathIdsByTarget.get(target);
        if (known == null) {
            known = new PathIds();
            pathIdsByTarget.set(target, known);
        }
        if (known.paths.length < count) {
            known.paths = Arrays.copyOf(known.paths, count);
            known.ids = Arrays.copyOf(known.ids, count);
        }
        return known;
    }

    /**
     * The notifications of the batch last given to {@link #encode} that carried exclusion-decision
     * leaves, by position: the only ones the exclusion index needs to look at.
     */
    BitSet decisionNotifications() {
        return decisionNotifications;
    }

    /** Encodes {@code batch} (at least one event) and advances the codec state past it. */
    byte[] encode(List<? extends IngestEvent> batch) {
        raw.reset();
        raw.writeByte(FORMAT);
        raw.writeVarLong(batch.size());
        long previousArrival = batch.getFirst().arrivalMillis();
        raw.writeVarLong(previousArrival);
        long previousTimestamp = 0;
        decisionNotifications.clear();
        int index = -1;
        for (IngestEvent event : batch) {
            index++;
            raw.writeZigZag(event.arrivalMillis() - previousArrival);
            previousArrival = event.arrivalMillis();
            int source = dictionary.stringId(event.source());
            switch (event) {
                case IngestEvent.Notification n -> {
                    raw.writeByte(NOTIFICATION);
                    raw.writeVarLong(source);
                    int target = dictionary.stringId(n.target());
                    raw.writeVarLong(target);
                    raw.writeZigZag(n.timestampNs() - previousTimestamp);
                    previousTimestamp = n.timestampNs();
                    List<TelemetryUpdate> updates = n.updates();
                    int count = updates.size();
                    raw.writeVarLong(count);
                    PathIds known = pathIds(target, count);
                    boolean decisions = false;
                    for (int u = 0; u < count; u++) {
                        TelemetryUpdate update = updates.get(u);
                        TelemetryPath path = update.path();
                        int leaf = known.paths[u] == path ? known.ids[u] : -1;
                        RingPaths.Split ring = leaf >= 0 ? null : RingPaths.split(path);
                        if (ring == null) {
                            if (leaf < 0) {
                                leaf = dictionary.leafId(target, path);
                                known.paths[u] = path;
                                known.ids[u] = leaf;
                            }
                            raw.writeVarLong(leaf);
                            ValueCodec.writeChange(raw, values, leaf, update.value(), dictionary);
                            values.set(leaf, update.value(), n.timestampNs(), source);
                        } else {
                            known.paths[u] = null;
                            leaf = dictionary.templateId(target, ring.template());
                            raw.writeVarLong(leaf);
                            raw.writeVarLong(ring.seq());
                            ValueCodec.writeChange(
                                    raw, ringValues.value(target, leaf, ring.seq()), update.value(), dictionary);
                            ringValues.set(target, leaf, ring.seq(), update.value(), n.timestampNs(), source);
                        }
                        decisions |= dictionary.isDecisionLeaf(leaf);
                    }
                    if (decisions) {
                        decisionNotifications.set(index);
                    }
                    raw.writeVarLong(n.deletes().size());
                    for (TelemetryPath path : n.deletes()) {
                        RingPaths.Split ring = RingPaths.split(path);
                        if (ring == null) {
                            int leaf = dictionary.leafId(target, path);
                            raw.writeVarLong(leaf);
                            removeSubtree(target, leaf, 0);
                        } else {
                            int template = dictionary.templateId(target, ring.template());
                            raw.writeVarLong(template);
                            raw.writeVarLong(ring.seq());
                            removeSubtree(target, template, ring.seq());
                        }
                    }
                    touch(source, n.arrivalMillis());
                }
                case IngestEvent.Synced s -> {
                    raw.writeByte(SYNCED);
                    raw.writeVarLong(source);
                    touch(source, s.arrivalMillis());
                }
                case IngestEvent.Connection c -> {
                    raw.writeByte(CONNECTION);
                    raw.writeVarLong(source);
                    raw.writeByte(c.phase().ordinal());
                    int detail = dictionary.stringId(c.detail());
                    raw.writeVarLong(detail);
                    sources.put(source, new SourceState(c.phase(), detail, c.arrivalMillis()));
                }
                case IngestEvent.Rollup r -> {
                    raw.writeByte(ROLLUP);
                    raw.writeVarLong(source);
                    raw.writeByte(r.kind().ordinal());
                    int key = dictionary.stringId(r.key());
                    raw.writeVarLong(key);
                    writeRollupValue(r.value());
                    if (r.tombstone()) {
                        rollups.remove(new RollupKey(r.kind().ordinal(), key));
                    } else {
                        rollups.put(new RollupKey(r.kind().ordinal(), key), new RollupValue(source, r.value()));
                    }
                }
            }
        }
        return deflate();
    }

    /** A rollup record's value: its length plus one, then its bytes; 0 for a tombstone. */
    private void writeRollupValue(byte[] value) {
        if (value == null) {
            raw.writeVarLong(0);
        } else {
            raw.writeVarLong(value.length + 1L);
            raw.writeBytes(value);
        }
    }

    private byte[] readRollupValue(ByteInput in) {
        int length = in.readVarInt();
        return length == 0 ? null : in.readBytes(length - 1);
    }

    private IngestEvent.Rollup.Kind rollupKind(int kind) {
        if (blockFormat < FORMAT || kind >= ROLLUP_KINDS.length) {
            throw new ByteInput.CorruptDataException(
                    blockFormat < FORMAT
                            ? "a rollup record in a data block of format " + blockFormat
                            : "unknown rollup kind " + kind);
        }
        return ROLLUP_KINDS[kind];
    }

    /** The events of one batch, as columns: a replay holds them decoded until its clock reaches them (ADR 0078). */
    EventColumns decode(byte[] data) {
        ByteInput in = inflate(data);
        int count = in.readVarInt();
        // Sized a little over the previous batch: batches of one recording are alike.
        EventColumns.Builder events = new EventColumns.Builder(
                decodedEvents + decodedEvents / 8,
                decodedUpdates + decodedUpdates / 8,
                decodedDeletes + decodedDeletes / 8);
        UpdateColumns.Builder updates = events.updates();
        PathColumns.Builder deletes = events.deletes();
        long arrival = in.readVarLong();
        long firstArrival = arrival;
        long timestamp = 0;
        for (int i = 0; i < count; i++) {
            arrival += in.readZigZag();
            if (i == 0) {
                firstArrival = arrival;
            }
            int kind = in.readByte();
            int source = in.readVarInt();
            String sourceName = dictionary.string(source);
            switch (kind) {
                case NOTIFICATION -> {
                    if (touch(source, arrival)) {
                        events.add(streamingFromItsFirstData(sourceName, arrival));
                    }
                    int target = in.readVarInt();
                    timestamp += in.readZigZag();
                    int updateCount = in.readVarInt();
                    int updatesBefore = updates.size();
                    int leftOut = 0;
                    for (int u = 0; u < updateCount; u++) {
                        int leaf = in.readVarInt();
                        TelemetryPath path = dictionary.path(leaf);
                        if (dictionary.isTemplate(leaf)) {
                            int leafTarget = dictionary.targetId(leaf);
                            long seq = in.readVarLong();
                            TelemetryValue value =
                                    ValueCodec.read(in, ringValues.value(leafTarget, leaf, seq), strings);
                            ringValues.set(leafTarget, leaf, seq, value, timestamp, source);
                            if (filtered(leaf, arrival) && leftOut(source, leaf, seq, value)) {
                                leftOut++;
                            } else {
                                updates.addKeyed(path, seq, value);
                            }
                        } else {
                            ValueCodec.readInto(in, values, leaf, timestamp, source, strings);
                            if (filtered(leaf, arrival) && leftOut(source, leaf, 0, values.value(leaf))) {
                                leftOut++;
                            } else if (values.isUint(leaf)) {
                                updates.addUint(path, values.number(leaf));
                            } else if (values.isInt(leaf)) {
                                updates.addInt(path, values.number(leaf));
                            } else {
                                updates.add(path, values.value(leaf));
                            }
                        }
                    }
                    int deleteCount = in.readVarInt();
                    for (int d = 0; d < deleteCount; d++) {
                        int leaf = in.readVarInt();
                        TelemetryPath deleted = dictionary.path(leaf);
                        long seq = 0;
                        if (dictionary.isTemplate(leaf)) {
                            seq = in.readVarLong();
                            deletes.addKeyed(deleted, seq);
                        } else {
                            deletes.add(deleted);
                        }
                        removeSubtree(dictionary.targetId(leaf), leaf, seq);
                    }
                    // A notification all of whose updates were left out (decisions a seek's history holds) is dropped.
                    if (leftOut == 0 || updates.size() > updatesBefore || deleteCount > 0) {
                        events.endNotification(sourceName, dictionary.string(target), timestamp, arrival);
                    }
                }
                case SYNCED -> {
                    if (touch(source, arrival)) {
                        events.add(streamingFromItsFirstData(sourceName, arrival));
                    }
                    events.add(new IngestEvent.Synced(sourceName, arrival));
                }
                case CONNECTION -> {
                    int phase = in.readByte();
                    if (phase >= PHASES.length) {
                        throw new ByteInput.CorruptDataException("unknown connection phase " + phase);
                    }
                    int detail = in.readVarInt();
                    sources.put(source, new SourceState(PHASES[phase], detail, arrival));
                    events.add(
                            new IngestEvent.Connection(sourceName, PHASES[phase], dictionary.string(detail), arrival));
                }
                case ROLLUP -> {
                    IngestEvent.Rollup.Kind rollupKind = rollupKind(in.readByte());
                    String key = dictionary.string(in.readVarInt());
                    events.add(new IngestEvent.Rollup(sourceName, rollupKind, key, readRollupValue(in), arrival));
                }
                default -> throw new ByteInput.CorruptDataException("unknown event kind " + kind);
            }
        }
        decodedSpan = new BlockSpan(count, firstArrival, arrival);
        decodedEvents = events.size();
        decodedUpdates = updates.size();
        decodedDeletes = deletes.size();
        return events.build();
    }

    /** The header of the batch {@link #decode} decoded last: what its row in {@code batches} must agree with. */
    BlockSpan decodedSpan() {
        return decodedSpan;
    }

    /** The codec state as a keyframe: every leaf's newest value and every source's phase. */
    byte[] encodeKeyframe() {
        raw.reset();
        raw.writeByte(FORMAT);
        raw.writeVarLong(sources.size());
        for (Map.Entry<Integer, SourceState> entry : sources.entrySet()) {
            raw.writeVarLong(entry.getKey());
            raw.writeByte(entry.getValue().phase.ordinal());
            raw.writeVarLong(entry.getValue().detailId);
            raw.writeVarLong(entry.getValue().lastArrivalMillis);
        }
        int leaves = dictionary.leafCount();
        int present = 0;
        for (int leaf = 0; leaf < leaves; leaf++) {
            if (values.has(leaf)) {
                present++;
            }
        }
        raw.writeVarLong(present);
        int previousLeaf = 0;
        long previousTimestamp = 0;
        for (int leaf = 0; leaf < leaves; leaf++) {
            TelemetryValue value = values.value(leaf);
            if (value == null) {
                continue;
            }
            raw.writeVarLong(leaf - previousLeaf);
            previousLeaf = leaf;
            raw.writeVarLong(values.source(leaf));
            raw.writeZigZag(values.timestamp(leaf) - previousTimestamp);
            previousTimestamp = values.timestamp(leaf);
            ValueCodec.writeAbsolute(raw, value, dictionary);
        }
        raw.writeVarLong(ringValues.size());
        long[] previous = {0, 0};
        ringValues.forEach((target, seq, template, slot) -> {
            raw.writeVarLong(template);
            raw.writeZigZag(seq - previous[0]);
            previous[0] = seq;
            raw.writeVarLong(slot.source());
            raw.writeZigZag(slot.timestampNs() - previous[1]);
            previous[1] = slot.timestampNs();
            ValueCodec.writeAbsolute(raw, slot.value(), dictionary);
        });
        raw.writeVarLong(rollups.size());
        rollups.forEach((key, value) -> {
            raw.writeByte(key.kind());
            raw.writeVarLong(value.source());
            raw.writeVarLong(key.key());
            writeRollupValue(value.value());
        });
        return deflate();
    }

    /**
     * Leaves the codec holds now (plain leaves ever seen, live event-ring leaves) and rollup records:
     * how big a keyframe is.
     */
    int stateSize() {
        return dictionary.leafCount() + ringValues.size() + rollups.size();
    }

    /** The rollup records a keyframe written now would hold (a fleet recording's, ADR 0106). */
    int rollupCount() {
        return rollups.size();
    }

    /**
     * Replaces the codec state with a keyframe's and returns the events that bring a fresh
     * telemetry store to that state: each source's connection phase, then one notification per
     * device and collection time.
     */
    List<IngestEvent> loadKeyframe(byte[] data, long atMillis) {
        ByteInput in = inflate(data);
        values.clear();
        ringValues.clear();
        sources.clear();
        List<IngestEvent> events = new ArrayList<>();
        int sourceCount = in.readVarInt();
        for (int i = 0; i < sourceCount; i++) {
            int source = in.readVarInt();
            int phase = in.readByte();
            if (phase >= PHASES.length) {
                throw new ByteInput.CorruptDataException("unknown connection phase " + phase);
            }
            int detail = in.readVarInt();
            long lastArrival = in.readVarLong();
            sources.put(source, new SourceState(PHASES[phase], detail, lastArrival));
            events.add(new IngestEvent.Connection(
                    dictionary.string(source), PHASES[phase], dictionary.string(detail), lastArrival));
        }
        record DeviceAt(int source, int target, long timestampNs) {}
        Map<DeviceAt, UpdateColumns.Builder> groups = new LinkedHashMap<>();
        int present = in.readVarInt();
        int leaf = 0;
        long timestamp = 0;
        for (int i = 0; i < present; i++) {
            leaf += in.readVarInt();
            int source = in.readVarInt();
            timestamp += in.readZigZag();
            TelemetryValue value = ValueCodec.read(in, null, strings);
            values.set(leaf, value, timestamp, source);
            Dictionary.Leaf entry = dictionary.leaf(leaf);
            // The group keeps its place even when all its leaves are left out (dropped when empty, below).
            UpdateColumns.Builder group = groups.computeIfAbsent(
                    new DeviceAt(source, entry.targetId(), timestamp), k -> new UpdateColumns.Builder(16));
            if (!(filtered(leaf, Long.MIN_VALUE) && leftOut(source, leaf, 0, value))) {
                group.add(entry.path(), value);
            }
        }
        if (blockFormat >= FORMAT_2) {
            int ringLeaves = in.readVarInt();
            long seq = 0;
            timestamp = 0;
            for (int i = 0; i < ringLeaves; i++) {
                int template = in.readVarInt();
                seq += in.readZigZag();
                int source = in.readVarInt();
                timestamp += in.readZigZag();
                TelemetryValue value = ValueCodec.read(in, null, strings);
                Dictionary.Leaf entry = dictionary.leaf(template);
                if (!dictionary.isTemplate(template)) {
                    throw new ByteInput.CorruptDataException(
                            "keyframe names leaf " + template + " as an event-ring template");
                }
                ringValues.set(entry.targetId(), template, seq, value, timestamp, source);
                UpdateColumns.Builder group = groups.computeIfAbsent(
                        new DeviceAt(source, entry.targetId(), timestamp), k -> new UpdateColumns.Builder(16));
                if (!(filtered(template, Long.MIN_VALUE) && leftOut(source, template, seq, value))) {
                    group.addKeyed(entry.path(), seq, value);
                }
            }
        }
        groups.values().removeIf(group -> group.size() == 0);
        groups.forEach((device, updates) -> events.add(new IngestEvent.Notification(
                dictionary.string(device.source()),
                dictionary.string(device.target()),
                device.timestampNs(),
                updates.build(),
                List.of(),
                Math.min(atMillis, lastArrival(device.source(), atMillis)))));
        if (blockFormat >= FORMAT) {
            int rollupCount = in.readVarInt();
            for (int i = 0; i < rollupCount; i++) {
                IngestEvent.Rollup.Kind kind = rollupKind(in.readByte());
                String source = dictionary.string(in.readVarInt());
                String key = dictionary.string(in.readVarInt());
                byte[] value = readRollupValue(in);
                if (value == null) {
                    throw new ByteInput.CorruptDataException("a keyframe holds a rollup tombstone (key " + key + ")");
                }
                events.add(new IngestEvent.Rollup(source, kind, key, value, atMillis));
            }
        }
        return events;
    }

    /**
     * Applies a gNMI (subtree) delete of {@code leaf}: a plain path, or a template with the
     * sequence number of the one ring entry it names.
     */
    private void removeSubtree(int target, int leaf, long seq) {
        boolean oneEntry = dictionary.isTemplate(leaf);
        if (oneEntry && RingPaths.isEntry(dictionary.path(leaf))) {
            // The agent evicting one decision from its ring, every leaf below it: the common delete.
            ringValues.removeEntry(target, seq);
            return;
        }
        if (oneEntry) {
            for (int below : templatesAtOrBelow(target, leaf)) {
                ringValues.remove(target, below, seq);
            }
            return;
        }
        for (int below : dictionary.leavesAtOrBelow(target, dictionary.path(leaf))) {
            if (!dictionary.isTemplate(below)) {
                if (!oneEntry) {
                    values.remove(below);
                }
            } else if (oneEntry) {
                ringValues.remove(target, below, seq);
            } else {
                ringValues.removeAll(target, below);
            }
        }
    }

    /** Templates at or below a template, by template id; valid while the dictionary has {@link #templatesAtLeaves} leaves. */
    private final Map<Integer, int[]> templatesBelow = new HashMap<>();

    private int templatesAtLeaves = -1;

    /**
     * The templates at or below {@code template} (one leaf of one ring entry is deleted): the same few
     * for every entry, looked up once instead of through the dictionary's path maps for each delete.
     */
    private int[] templatesAtOrBelow(int target, int template) {
        if (templatesAtLeaves != dictionary.leafCount()) {
            templatesBelow.clear();
            templatesAtLeaves = dictionary.leafCount();
        }
        int[] below = templatesBelow.get(template);
        if (below == null) {
            below = dictionary.leavesAtOrBelow(target, dictionary.path(template)).stream()
                    .filter(dictionary::isTemplate)
                    .mapToInt(Integer::intValue)
                    .toArray();
            templatesBelow.put(template, below);
        }
        return below;
    }

    private long lastArrival(int source, long fallback) {
        SourceState state = sources.get(source);
        return state == null ? fallback : state.lastArrivalMillis;
    }

    /** Notes that a source sent data; true when it is the first this codec knows of the source. */
    private boolean touch(int source, long arrivalMillis) {
        SourceState state = sources.get(source);
        if (state == null) {
            sources.put(source, new SourceState(ConnectionPhase.STREAMING, dictionary.stringId(""), arrivalMillis));
            return true;
        }
        state.lastArrivalMillis = arrivalMillis;
        return false;
    }

    /**
     * A source whose data comes before any connection event of its own was streaming: the recording
     * started while it was (the console connects before it records), and the store judged it STALE
     * until the first keyframe, with a "no data for 0.0 s" alarm, at the start of every such
     * recording. A keyframe says the same of it ({@link #touch}).
     */
    private static IngestEvent.Connection streamingFromItsFirstData(String source, long arrivalMillis) {
        return new IngestEvent.Connection(source, ConnectionPhase.STREAMING, "", arrivalMillis);
    }

    private byte[] deflate() {
        deflater.reset();
        deflater.setInput(raw.buffer(), 0, raw.size());
        deflater.finish();
        int length = 0;
        while (!deflater.finished()) {
            if (length == compressed.length) {
                compressed = Arrays.copyOf(compressed, compressed.length * 2);
            }
            length += deflater.deflate(compressed, length, compressed.length - length);
        }
        return Arrays.copyOf(compressed, length);
    }

    private ByteInput inflate(byte[] data) {
        inflater.reset();
        inflater.setInput(data);
        int length = 0;
        try {
            while (!inflater.finished()) {
                if (length == inflated.length) {
                    inflated = Arrays.copyOf(inflated, inflated.length * 2);
                }
                int n = inflater.inflate(inflated, length, inflated.length - length);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new ByteInput.CorruptDataException("a data block is truncated");
                }
                length += n;
            }
        } catch (DataFormatException e) {
            throw new ByteInput.CorruptDataException("a data block is not valid deflate data: " + e.getMessage());
        }
        ByteInput in = new ByteInput(inflated, length);
        int format = in.readByte();
        if (format < FORMAT_1 || format > FORMAT) {
            throw new ByteInput.CorruptDataException(
                    "data block format " + format + " is not supported (expected " + FORMAT_1 + " to " + FORMAT + ")");
        }
        blockFormat = format;
        return in;
    }
}
