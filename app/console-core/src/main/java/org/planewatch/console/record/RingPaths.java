package org.planewatch.console.record;

import java.util.ArrayList;
import java.util.List;
import org.planewatch.console.telemetry.PathColumns;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;

/**
 * The agents' exclusion-event ring, {@code mrc:/events/event[seq=S]/...}: every decision is a new
 * list entry and the agent evicts old ones, so its paths never repeat. Format 2 stores such a path
 * as a template ({@code event[seq=*]}, one dictionary entry per target and leaf name) plus the
 * sequence number with each update, which keeps the dictionary as small as the leaves that exist
 * at one time. Only sequence numbers in canonical decimal form are templated, so the path a reader
 * rebuilds is the path that was recorded.
 */
final class RingPaths {
    /** Index of the ring's list element in a path. */
    static final int RING_ELEM = ExclusionEventRing.ENTRY_ELEM;

    /** A concrete ring path split into its template and its sequence number. */
    record Split(TelemetryPath template, long seq) {}

    private RingPaths() {}

    /** The template and sequence number of {@code path}, or null when it is not below a ring entry. */
    static Split split(TelemetryPath path) {
        long seq = canonicalSeq(ExclusionEventRing.seqText(path));
        if (seq < 0) {
            return null;
        }
        List<PathElem> elems = new ArrayList<>(path.elems());
        elems.set(RING_ELEM, ExclusionEventRing.ENTRY_TEMPLATE);
        return new Split(new TelemetryPath(path.origin(), elems), seq);
    }

    /** The concrete path of {@code template} for one ring entry. */
    static TelemetryPath instance(TelemetryPath template, long seq) {
        return PathColumns.fill(template, seq);
    }

    /** Whether a template names a whole ring entry ({@code events/event[seq=*]}) rather than leaves below one. */
    static boolean isEntry(TelemetryPath template) {
        return template.size() == RING_ELEM + 1;
    }

    /** A non-negative decimal without leading zeros, or -1: only those survive the round trip through a number. */
    private static long canonicalSeq(String text) {
        if (text == null || text.isEmpty() || text.length() > 18 || (text.length() > 1 && text.charAt(0) == '0')) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
