package org.planewatch.console.record;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.ExclusionDecisionLeaves;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;

/**
 * Picks the endpoint exclusion decisions ({@code mrc:/events/event[seq=S]/state/...}) out of each
 * batch, so the timeline can mark them and a replay can load them without decoding batches. A
 * decision's leaves may come in several notifications, even several batches; it is handed over
 * whole, with the notification that completes it, as the console shows it then, and with the
 * number of the source's subscription it came in. Leaves are gathered per subscription: when a
 * source's subscription ends (any connection event but STREAMING) the leaves of its incomplete
 * decisions are dropped, so a restarted agent's ring, numbered from 0 again, never completes a
 * decision of the previous one (ADR 0086). Owned by the writer.
 */
final class ExclusionRows {
    /** The leaves without which the console does not show a decision. */
    static final List<String> REQUIRED = ExclusionDecisionLeaves.REQUIRED;
    /** Decisions whose leaves never all came (a leaf the agent never sent) are forgotten beyond this. */
    private static final int MAX_PARTIAL = 100_000;

    /**
     * One complete decision.
     *
     * @param subscription the source's subscription the decision came in: 0 before the recording saw
     *     the source start streaming, then one more at each start of streaming after a failure
     * @param arrivalMillis arrival of the notification that completed the decision
     * @param fields every leaf of {@code mrc:/events/event[seq]/state} that came, by name, as text
     */
    record Row(
            String source,
            String target,
            int subscription,
            long ringSeq,
            long arrivalMillis,
            Map<String, String> fields) {}

    private record Key(String source, String target, long seq) {}

    /** A source's subscription: its number, and whether the source is streaming now. */
    private static final class Subscription {
        int number;
        boolean streaming;
    }

    private final Map<String, Subscription> subscriptions = new HashMap<>();

    /** Leaves of decisions not yet complete, oldest first. */
    private final Map<Key, Map<String, String>> partial = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Map<String, String>> eldest) {
            return size() > MAX_PARTIAL;
        }
    };

    /**
     * The decisions {@code batch} completes, in the order they completed; only the notifications at
     * the positions in {@code candidates} can carry decision leaves (the encoder knows which leaves
     * are decision leaves without reading their paths).
     */
    List<Row> from(List<? extends IngestEvent> batch, BitSet candidates) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            IngestEvent event = batch.get(i);
            if (event instanceof IngestEvent.Connection c) {
                Subscription subscription = subscriptions.computeIfAbsent(c.source(), s -> new Subscription());
                boolean streaming = c.phase() == ConnectionPhase.STREAMING;
                if (streaming && !subscription.streaming) {
                    subscription.number++;
                }
                subscription.streaming = streaming;
                if (!streaming && !partial.isEmpty()) {
                    partial.keySet().removeIf(key -> key.source().equals(c.source()));
                }
            } else if (candidates.get(i) && event instanceof IngestEvent.Notification n) {
                complete(n, rows);
            }
        }
        return rows;
    }

    private void complete(IngestEvent.Notification n, List<Row> rows) {
        Map<Key, Map<String, String>> touched = new LinkedHashMap<>();
        for (TelemetryUpdate update : n.updates()) {
            TelemetryPath path = update.path();
            if (!isEventLeaf(path)) {
                continue;
            }
            long seq;
            try {
                seq = Long.parseLong(ExclusionEventRing.seqText(path));
            } catch (NumberFormatException e) {
                continue;
            }
            Key key = new Key(n.source(), n.target(), seq);
            Map<String, String> fields =
                    touched.computeIfAbsent(key, k -> partial.computeIfAbsent(k, x -> new LinkedHashMap<>()));
            fields.put(path.last().name(), update.value().text());
        }
        Subscription subscription = subscriptions.get(n.source());
        touched.forEach((key, fields) -> {
            if (fields.keySet().containsAll(REQUIRED)) {
                partial.remove(key);
                rows.add(new Row(
                        key.source(),
                        key.target(),
                        subscription == null ? 0 : subscription.number,
                        key.seq(),
                        n.arrivalMillis(),
                        fields));
            }
        });
    }

    static boolean isEventLeaf(TelemetryPath path) {
        return ExclusionEventRing.isField(path);
    }
}
