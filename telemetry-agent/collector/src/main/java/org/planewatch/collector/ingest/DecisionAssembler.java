package org.planewatch.collector.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.console.telemetry.ExclusionDecisionLeaves;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;

/**
 * Puts exclusion decisions together from the ring leaves of a target's notifications: a decision is
 * complete, and handed on, once every leaf the schema gives it has arrived (they may come in
 * several notifications, ExclusionDecisionLeaves). A ring entry the agent deletes before it is
 * complete is forgotten. Bounded: at most {@link #MAX_PENDING} incomplete decisions, the oldest
 * given up first. One thread.
 */
public final class DecisionAssembler {
    static final int MAX_PENDING = 65_536;

    private record Key(String source, String device, long seq) {}

    private final Map<Key, Map<String, TelemetryUpdate>> pending = new LinkedHashMap<>();

    /** Takes the ring leaves of {@code notification}; returns the decisions it completed, in ring order. */
    public List<ExclusionDecision> accept(IngestEvent.Notification notification) {
        List<ExclusionDecision> completed = List.of();
        for (TelemetryPath deleted : notification.deletes()) {
            String seq = ExclusionEventRing.seqText(deleted);
            if (seq != null && !seq.equals("*")) {
                parse(seq).ifPresent(s -> pending.remove(new Key(notification.source(), notification.target(), s)));
            }
        }
        List<TelemetryUpdate> updates = notification.updates();
        for (int i = 0; i < updates.size(); i++) {
            TelemetryUpdate update = updates.get(i);
            if (!ExclusionEventRing.isField(update.path())) {
                continue;
            }
            var seq = parse(ExclusionEventRing.seqText(update.path()));
            if (seq.isEmpty()) {
                continue;
            }
            Key key = new Key(notification.source(), notification.target(), seq.getAsLong());
            Map<String, TelemetryUpdate> leaves = pending.computeIfAbsent(key, k -> new HashMap<>());
            leaves.put(update.path().last().name(), update);
            if (leaves.keySet().containsAll(ExclusionDecisionLeaves.REQUIRED)) {
                pending.remove(key);
                List<TelemetryUpdate> ordered = new ArrayList<>();
                for (String field : ExclusionEventRing.FIELDS) {
                    ordered.add(leaves.get(field));
                }
                if (completed.isEmpty()) {
                    completed = new ArrayList<>();
                }
                completed.add(new ExclusionDecision(key.source(), key.device(), key.seq(), ordered));
            }
        }
        while (pending.size() > MAX_PENDING) {
            Iterator<Key> oldest = pending.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        return completed;
    }

    /** Forgets the incomplete decisions of {@code source} (no longer held). */
    public void forget(String source) {
        pending.keySet().removeIf(k -> k.source().equals(source));
    }

    public int pending() {
        return pending.size();
    }

    private static java.util.OptionalLong parse(String seq) {
        try {
            return java.util.OptionalLong.of(Long.parseLong(seq));
        } catch (NumberFormatException e) {
            return java.util.OptionalLong.empty();
        }
    }
}
