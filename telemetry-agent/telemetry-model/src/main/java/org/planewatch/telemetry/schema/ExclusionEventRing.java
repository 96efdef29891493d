package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.EVENT;
import static org.planewatch.telemetry.schema.PathNames.EVENTS;
import static org.planewatch.telemetry.schema.PathNames.MRC;
import static org.planewatch.telemetry.schema.PathNames.SEQ;
import static org.planewatch.telemetry.schema.PathNames.STATE;

import java.util.List;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * A host's exclusion-event ring and the rule for its paths, used by the agent to publish and by the
 * console to read, record and replay: each decision is the list entry {@code mrc:/events/event[seq=S]}
 * with its fields under {@code state}; {@code mrc:/events/state} holds the ring's own leaves. The
 * agent evicts old entries, so entry paths never repeat.
 */
public final class ExclusionEventRing {

    private static final PathElem EVENTS_ELEM = PathElem.of(EVENTS);
    private static final PathElem STATE_ELEM = PathElem.of(STATE);

    /** {@code mrc:/events}. */
    public static final TelemetryPath ROOT = TelemetryPath.of(MRC, PathElem.of(EVENTS));
    /** {@code mrc:/events/state}: the ring's own leaves. */
    public static final TelemetryPath RING_STATE = ROOT.child(STATE);
    /** Index of the entry element ({@code event[seq=S]}) in a ring path. */
    public static final int ENTRY_ELEM = 1;
    /** The entry element with its key a wildcard: {@code event[seq=*]}. */
    public static final PathElem ENTRY_TEMPLATE = PathElem.of(EVENT, SEQ, PathElem.ANY);
    /** {@code mrc:/events/event[seq=*]/state}: the fields of any decision. */
    public static final TelemetryPath FIELDS_TEMPLATE =
            ROOT.child(ENTRY_TEMPLATE).child(STATE);

    // the ring's leaves, under mrc:/events/state
    public static final String NEXT_SEQ = "next-seq";
    public static final String DROPPED_EVENTS = "dropped-events";

    // the fields of one decision, under mrc:/events/event[seq=S]/state
    public static final String TIMESTAMP = "timestamp";
    public static final String QPN = "qpn";
    public static final String EV = "ev";
    public static final String PLANE = "plane";
    public static final String LINKS = "links";
    public static final String FROM_STATE = "from-state";
    public static final String TO_STATE = "to-state";
    public static final String REASON = "reason";

    /** Every field of a decision, in the schema's order. */
    public static final List<String> FIELDS = List.of(TIMESTAMP, QPN, EV, PLANE, LINKS, FROM_STATE, TO_STATE, REASON);

    private ExclusionEventRing() {}

    /** The entry element of decision {@code seq}: {@code event[seq=S]}. */
    public static PathElem entry(long seq) {
        return PathElem.of(EVENT, SEQ, Long.toString(seq));
    }

    /** {@code mrc:/events/event[seq=S]/state}: the parent of decision {@code seq}'s fields. */
    public static TelemetryPath fields(long seq) {
        return ROOT.child(entry(seq)).child(STATE);
    }

    /** {@code mrc:/events/event[seq=S]/state/<field>}. */
    public static TelemetryPath field(long seq, String field) {
        return field(entry(seq), field);
    }

    /** {@code mrc:/events/<entry>/state/<field>} for an entry element from {@link #entry}, built in one step. */
    public static TelemetryPath field(PathElem entry, String field) {
        return new TelemetryPath(MRC, List.of(EVENTS_ELEM, entry, STATE_ELEM, PathElem.of(field)));
    }

    /**
     * The sequence number, as sent, of the ring entry {@code path} is at or below
     * ({@code mrc:/events/event[seq=S]...}); {@code *} for a template; null when the path is not in an
     * entry (the ring's own state, another subtree).
     */
    public static String seqText(TelemetryPath path) {
        if (path.size() <= ENTRY_ELEM || !MRC.equals(path.origin())) {
            return null;
        }
        PathElem events = path.elem(0);
        PathElem entry = path.elem(ENTRY_ELEM);
        if (!events.name().equals(EVENTS)
                || !events.keys().isEmpty()
                || !entry.name().equals(EVENT)
                || entry.keys().size() != 1) {
            return null;
        }
        return entry.keys().get(SEQ);
    }

    /** Whether {@code path} is a ring entry or lies below one. */
    public static boolean isInEntry(TelemetryPath path) {
        return seqText(path) != null;
    }

    /** Whether {@code path} is one field of a decision: {@code mrc:/events/event[seq=S]/state/<field>}. */
    public static boolean isField(TelemetryPath path) {
        return path.size() == ENTRY_ELEM + 3 && path.elem(ENTRY_ELEM + 1).name().equals(STATE) && seqText(path) != null;
    }
}
