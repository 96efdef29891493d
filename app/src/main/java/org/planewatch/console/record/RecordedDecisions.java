package org.planewatch.console.record;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.telemetry.RecordedDecision;

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
        List<String> texts = new java.util.ArrayList<>();
        Columns c = new Columns();
        int n = 0;
        try (PreparedStatement all = reader.prepare("""
                SELECT source, target, ring_seq, arrival_ms, timestamp_ns, qpn, ev, plane, links, from_state, to_state, reason
                FROM exclusions ORDER BY arrival_ms, target, ring_seq""");
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

    String target(int i) {
        return texts[c.target[i]];
    }

    long seq(int i) {
        return c.seq[i];
    }

    RecordedDecision get(int i) {
        int flags = c.known[i];
        return new RecordedDecision(texts[c.source[i]], texts[c.target[i]], c.seq[i], c.arrival[i],
                (flags & 1) != 0 ? c.timestamp[i] : null, (flags & 2) != 0 ? c.qpn[i] : null,
                (flags & 4) != 0 ? (long) c.ev[i] : null, (flags & 8) != 0 ? (long) c.plane[i] : null,
                text(c.links[i]), text(c.from[i]), text(c.to[i]), text(c.reason[i]));
    }

    private String text(int id) {
        return id == NULL ? null : texts[id];
    }
}
