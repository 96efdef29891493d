package org.planewatch.console.record;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Every row of a recording's {@code exclusions} table, read once and kept in columns in the order
 * a replay applies them (arrival, target, sequence number); the timeline's marks and the steps
 * between decisions come from it too, so a replay reads the table once, not once per use. A read-only recording never changes, so a seek takes the
 * newest decisions before an instant by binary search instead of a query per seek (the query
 * and the row conversion cost a seek about 50 ms on an hour of the demo). Texts are shared: a
 * recording has few distinct ones. Immutable once built; any thread may read it.
 */
final class RecordedDecisions {
    private static final int NULL = -1;
    private final String[] texts;
    private final Columns c;
    private final int size;

    private RecordedDecisions(int size, String[] texts, Columns columns) {
        this.size = size;
        this.texts = texts;
        this.c = columns;
    }

    /** One array per column, grown while reading, then cut to size. Bit i of {@code known}: the i-th of timestamp, qpn, ev, plane is known. */
    private static final class Columns {
        long[] arrival = new long[1024];
        long[] seq = new long[1024];
        int[] subscription = new int[1024];
        long[] timestamp = new long[1024];
        long[] qpn = new long[1024];
        int[] ev = new int[1024];
        int[] plane = new int[1024];
        byte[] known = new byte[1024];
        int[] source = new int[1024];
        int[] target = new int[1024];
        int[] links = new int[1024];
        int[] from = new int[1024];
        int[] to = new int[1024];
        int[] reason = new int[1024];

        void fit(int n) {
            if (n == arrival.length) {
                resize(n * 2);
            }
        }

        void resize(int length) {
            arrival = Arrays.copyOf(arrival, length);
            seq = Arrays.copyOf(seq, length);
            subscription = Arrays.copyOf(subscription, length);
            timestamp = Arrays.copyOf(timestamp, length);
            qpn = Arrays.copyOf(qpn, length);
            ev = Arrays.copyOf(ev, length);
            plane = Arrays.copyOf(plane, length);
            known = Arrays.copyOf(known, length);
            source = Arrays.copyOf(source, length);
            target = Arrays.copyOf(target, length);
            links = Arrays.copyOf(links, length);
            from = Arrays.copyOf(from, length);
            to = Arrays.copyOf(to, length);
            reason = Arrays.copyOf(reason, length);
        }
    }

    static RecordedDecisions read(RecordingReader reader) throws SQLException {
        Map<String, Integer> ids = new HashMap<>();
        List<String> texts = new ArrayList<>();
        Columns c = new Columns();
        int n = 0;
        // Format 2 and older kept one row per device name and number, whatever the source or subscription.
        boolean v3 = reader.schemaVersion() >= 3;
        try (PreparedStatement all =
                        reader.prepare("SELECT source, target, ring_seq, arrival_ms, timestamp_ns, qpn, ev, plane,"
                                + " links, from_state, to_state, reason, " + (v3 ? "subscription" : "0")
                                + " FROM exclusions"
                                + " ORDER BY arrival_ms, source, target, " + (v3 ? "subscription, " : "")
                                + "ring_seq");
                ResultSet rs = all.executeQuery()) {
            while (rs.next()) {
                c.fit(n);
                c.source[n] = text(rs.getString(1), ids, texts);
                c.target[n] = text(rs.getString(2), ids, texts);
                c.seq[n] = rs.getLong(3);
                c.arrival[n] = rs.getLong(4);
                int flags = 0;
                c.timestamp[n] = rs.getLong(5);
                flags |= rs.wasNull() ? 0 : 1;
                c.qpn[n] = rs.getLong(6);
                flags |= rs.wasNull() ? 0 : 2;
                c.ev[n] = (int) rs.getLong(7);
                flags |= rs.wasNull() ? 0 : 4;
                c.plane[n] = (int) rs.getLong(8);
                flags |= rs.wasNull() ? 0 : 8;
                c.known[n] = (byte) flags;
                c.links[n] = text(rs.getString(9), ids, texts);
                c.from[n] = text(rs.getString(10), ids, texts);
                c.to[n] = text(rs.getString(11), ids, texts);
                c.reason[n] = text(rs.getString(12), ids, texts);
                c.subscription[n] = rs.getInt(13);
                n++;
            }
        }
        c.resize(n);
        return new RecordedDecisions(n, texts.toArray(String[]::new), c);
    }

    private static int text(String value, Map<String, Integer> ids, List<String> texts) {
        if (value == null) {
            return NULL;
        }
        return ids.computeIfAbsent(value, v -> {
            texts.add(v);
            return texts.size() - 1;
        });
    }

    int size() {
        return size;
    }

    /** Index of the first decision that arrived at or after {@code millis} ({@link #size} if none did). */
    int firstAtOrAfter(long millis) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (c.arrival[mid] < millis) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Indexes of the newest {@code count} decisions the console showed (their {@code to-state}
     * arrived) that arrived before {@code millis}, oldest first.
     */
    int[] shownBefore(long millis, int count) {
        int end = firstAtOrAfter(millis);
        int[] picked = new int[Math.min(count, end)];
        int n = 0;
        for (int i = end - 1; i >= 0 && n < picked.length; i--) {
            if (c.to[i] != NULL) {
                picked[n++] = i;
            }
        }
        int[] oldestFirst = new int[n];
        for (int k = 0; k < n; k++) {
            oldestFirst[k] = picked[n - 1 - k];
        }
        return oldestFirst;
    }

    /** Arrival of every recorded decision, complete or not, ascending (with repeats). */
    long[] arrivals() {
        return c.arrival.clone();
    }

    /** The id of {@code text} among the decisions' texts, or -1 when no decision holds it. */
    int textId(String text) {
        synchronized (this) {
            if (textIds == null) {
                textIds = new HashMap<>();
                for (int i = 0; i < texts.length; i++) {
                    textIds.put(texts[i], i);
                }
            }
        }
        return textIds.getOrDefault(text, NULL);
    }

    private Map<String, Integer> textIds;
    private KeyIndex byKey;

    /**
     * Index of the first decision of {@code source}'s device {@code target} numbered {@code seq}
     * that completed at or after {@code millis}, or -1 (texts as {@link #textId} gives them).
     */
    int firstCompletedAtOrAfter(int source, int target, long seq, long millis) {
        KeyIndex index;
        synchronized (this) {
            if (byKey == null) {
                byKey = new KeyIndex();
            }
            index = byKey;
        }
        return index.firstAtOrAfter(source, target, seq, millis);
    }

    /**
     * Whether decision {@code i} has {@code value} for its leaf {@code leaf} (compared as the writer
     * stored it, as text); a leaf the table does not keep belongs to any decision.
     */
    boolean hasLeaf(int i, String leaf, TelemetryValue value) {
        String text = value.text();
        int flags = c.known[i];
        return switch (leaf) {
            case ExclusionEventRing.TIMESTAMP ->
                (flags & 1) != 0 && Long.toString(c.timestamp[i]).equals(text);
            case ExclusionEventRing.QPN ->
                (flags & 2) != 0 && Long.toString(c.qpn[i]).equals(text);
            case ExclusionEventRing.EV ->
                (flags & 4) != 0 && Long.toString(c.ev[i]).equals(text);
            case ExclusionEventRing.PLANE ->
                (flags & 8) != 0 && Long.toString(c.plane[i]).equals(text);
            case ExclusionEventRing.LINKS -> text.equals(text(c.links[i]));
            case ExclusionEventRing.FROM_STATE -> text.equals(text(c.from[i]));
            case ExclusionEventRing.TO_STATE -> text.equals(text(c.to[i]));
            case ExclusionEventRing.REASON -> text.equals(text(c.reason[i]));
            default -> true;
        };
    }

    /**
     * The decisions ordered by source and device, then number, then arrival, built on first use: one
     * counting sort by device, then a sort of primitives per device.
     */
    private final class KeyIndex {
        private final Map<Long, Integer> pairs = new HashMap<>();
        /** Decision indexes; those of pair p are {@code order[start[p]..start[p + 1])}. */
        private final int[] order = new int[size];

        private final int[] start;

        KeyIndex() {
            int[] pairOf = new int[size];
            long lastKey = Long.MIN_VALUE;
            int lastPair = -1;
            for (int i = 0; i < size; i++) {
                long key = ((long) c.source[i] << 32) | (c.target[i] & 0xffffffffL);
                if (key != lastKey) {
                    lastPair = pairs.computeIfAbsent(key, k -> pairs.size());
                    lastKey = key;
                }
                pairOf[i] = lastPair;
            }
            start = new int[pairs.size() + 1];
            for (int i = 0; i < size; i++) {
                start[pairOf[i] + 1]++;
            }
            for (int p = 0; p < pairs.size(); p++) {
                start[p + 1] += start[p];
            }
            int[] next = Arrays.copyOf(start, pairs.size());
            for (int i = 0; i < size; i++) {
                order[next[pairOf[i]]++] = i; // stable: arrival order within a pair
            }
            for (int p = 0; p < pairs.size(); p++) {
                sortBySeq(start[p], start[p + 1]);
            }
        }

        /** Sorts {@code order[from..to)} by number, keeping arrival order among equal numbers. */
        private void sortBySeq(int from, int to) {
            int n = to - from;
            boolean packable = n < 1 << 21;
            for (int k = from; k < to && packable; k++) {
                packable = c.seq[order[k]] >= 0 && c.seq[order[k]] < 1L << 42;
            }
            if (packable) {
                long[] packed = new long[n];
                for (int k = 0; k < n; k++) {
                    packed[k] = c.seq[order[from + k]] << 21 | k;
                }
                Arrays.sort(packed);
                int[] sorted = new int[n];
                for (int k = 0; k < n; k++) {
                    sorted[k] = order[from + (int) (packed[k] & ((1 << 21) - 1))];
                }
                System.arraycopy(sorted, 0, order, from, n);
            } else {
                Integer[] boxed = new Integer[n];
                for (int k = 0; k < n; k++) {
                    boxed[k] = order[from + k];
                }
                Arrays.sort(
                        boxed, Comparator.comparingLong((Integer i) -> c.seq[i]).thenComparingInt(i -> i));
                for (int k = 0; k < n; k++) {
                    order[from + k] = boxed[k];
                }
            }
        }

        int firstAtOrAfter(int source, int target, long seq, long millis) {
            Integer pair = pairs.get(((long) source << 32) | (target & 0xffffffffL));
            if (pair == null) {
                return -1;
            }
            int lo = start[pair];
            int hi = start[pair + 1];
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (c.seq[order[mid]] < seq) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            for (int k = lo; k < start[pair + 1] && c.seq[order[k]] == seq; k++) {
                if (c.arrival[order[k]] >= millis) {
                    return order[k];
                }
            }
            return -1;
        }
    }

    RecordedDecision get(int i) {
        int flags = c.known[i];
        return new RecordedDecision(
                texts[c.source[i]],
                texts[c.target[i]],
                c.subscription[i],
                c.seq[i],
                c.arrival[i],
                (flags & 1) != 0 ? c.timestamp[i] : null,
                (flags & 2) != 0 ? c.qpn[i] : null,
                (flags & 4) != 0 ? (long) c.ev[i] : null,
                (flags & 8) != 0 ? (long) c.plane[i] : null,
                text(c.links[i]),
                text(c.from[i]),
                text(c.to[i]),
                text(c.reason[i]));
    }

    private String text(int id) {
        return id == NULL ? null : texts[id];
    }
}
