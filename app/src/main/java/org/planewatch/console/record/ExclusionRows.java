package org.planewatch.console.record;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planewatch.console.telemetry.ExclusionDecisionLeaves;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Picks the endpoint exclusion decisions ({@code mrc:/events/event[seq=S]/state/...}) out of each
 * batch, so the timeline can mark them and step between them without decoding batches. A
 * decision's leaves may come in several notifications, even several batches; it counts as arrived
 * with the notification that completes it, as the console shows it then. Owned by the writer.
 */
final class ExclusionRows {
    /** The leaves without which the console does not show a decision. */
    static final List<String> REQUIRED = ExclusionDecisionLeaves.REQUIRED;
    /** Decisions whose leaves never all came (an agent restarted mid-event) are forgotten beyond this. */
    private static final int MAX_PARTIAL = 100_000;

    /**
     * One decision as far as this batch tells it; fields a batch did not carry are null.
     *
     * @param arrivalMillis arrival of the notification that completed the decision (or of the last one
     *     that carried a field of it, while it is incomplete)
     */
    record Row(String source, String target, long ringSeq, long arrivalMillis, Map<String, String> fields) {}

    private static final class Draft {
        final Map<String, String> fields = new LinkedHashMap<>();
        final Set<String> known;
        long arrivalMillis;
        boolean complete;

        Draft(Set<String> known) {
            this.known = known;
        }
    }

    /** Required leaves seen so far of decisions not yet complete, by target and ring sequence number. */
    private final Map<String, Set<String>> partial = new HashMap<>();

    /**
     * The decisions {@code batch} tells of; only the notifications at the positions in {@code candidates}
     * can carry any (the encoder knows which leaves are decision leaves without reading their paths).
     */
    List<Row> from(List<? extends IngestEvent> batch, java.util.BitSet candidates) {
        Map<String, Draft> drafts = new LinkedHashMap<>();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (int i = candidates.nextSetBit(0); i >= 0 && i < batch.size(); i = candidates.nextSetBit(i + 1)) {
            if (!(batch.get(i) instanceof IngestEvent.Notification n)) {
                continue;
            }
            for (TelemetryUpdate update : n.updates()) {
                TelemetryPath path = update.path();
                if (!isEventLeaf(path)) {
                    continue;
                }
                long seq;
                try {
                    seq = Long.parseLong(path.elem(1).keys().get("seq"));
                } catch (NumberFormatException e) {
                    continue;
                }
                String key = n.target() + "#" + seq;
                Draft draft = drafts.computeIfAbsent(key, k -> new Draft(partial.computeIfAbsent(k, x -> new HashSet<>())));
                String leaf = path.last().name();
                draft.fields.put(leaf, update.value().text());
                if (!draft.complete) {
                    draft.arrivalMillis = n.arrivalMillis();
                    draft.known.add(leaf);
                    draft.complete = draft.known.containsAll(REQUIRED);
                }
                rows.put(key, new Row(n.source(), n.target(), seq, draft.arrivalMillis, draft.fields));
            }
        }
        drafts.forEach((key, draft) -> {
            if (draft.complete) {
                partial.remove(key);
            }
        });
        if (partial.size() > MAX_PARTIAL) {
            partial.clear();
        }
        return List.copyOf(rows.values());
    }

    static boolean isEventLeaf(TelemetryPath path) {
        if (!"mrc".equals(path.origin()) || path.size() != 4) {
            return false;
        }
        PathElem event = path.elem(1);
        return path.elem(0).name().equals("events") && event.name().equals("event")
                && event.keys().containsKey("seq") && path.elem(2).name().equals("state");
    }
}
