package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.localize.Localizer;
import org.planewatch.console.state.localize.PathDecision;
import org.planewatch.console.telemetry.ExclusionDecisionLeaves;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Assembles exclusion decisions from the agents' event rings ({@code mrc:/events/event[seq]}) and
 * keeps the console's own bounded history. The agent's ring evicts entries with a delete; that is
 * not a retraction, so history keeps them. A decision is its source's, device's, sequence number's
 * and timestamp's: a resent ring after a reconnect is recognised and not counted twice, while a
 * restarted agent's ring, numbered from 0 again, and another agent's device of the same name are
 * decisions of their own (ADR 0086).
 */
final class ExclusionLog {
    private static final int MAX_PARTIAL = 100_000;
    private final int capacity;

    private record DecisionKey(String source, String host, long seq) {}

    /**
     * The leaves of one decision that have arrived so far; numbers and texts as a {@link LeafTable}
     * would give them (a number leaf sent as text reads 0, a text leaf sent as a number reads as
     * absent). Fields, not a table of maps: every decision passes through one.
     */
    private static final class PartialDecision {
        private static final int ALL = (1 << ExclusionDecisionLeaves.REQUIRED.size()) - 1;
        final DecisionKey key;
        long timestampNs;
        long qpn;
        long ev;
        long plane;
        String links;
        String from;
        String to;
        String reason;
        int present;
        boolean touched;

        PartialDecision(DecisionKey key) {
            this.key = key;
        }

        void put(String leaf, TelemetryValue value) {
            int bit = ExclusionDecisionLeaves.REQUIRED.indexOf(leaf);
            if (bit < 0) {
                return;
            }
            present |= 1 << bit;
            // instanceof, not a pattern switch: per decision leaf (ADR 0079)
            long number = value instanceof TelemetryValue.Uint u
                    ? u.value()
                    : value instanceof TelemetryValue.Int i ? i.value() : 0;
            String text =
                    value instanceof TelemetryValue.Str || value instanceof TelemetryValue.Bool ? value.text() : null;
            switch (leaf) {
                case ExclusionEventRing.TIMESTAMP -> timestampNs = number;
                case ExclusionEventRing.QPN -> qpn = number;
                case ExclusionEventRing.EV -> ev = number;
                case ExclusionEventRing.PLANE -> plane = number;
                case ExclusionEventRing.LINKS -> links = text;
                case ExclusionEventRing.FROM_STATE -> from = text;
                case ExclusionEventRing.TO_STATE -> to = text;
                case ExclusionEventRing.REASON -> reason = text;
                default -> throw new IllegalStateException("required leaf without a field: " + leaf);
            }
        }

        boolean isComplete() {
            return present == ALL;
        }
    }

    /**
     * Events some of whose leaves have arrived, oldest first. An entry whose other leaves never come
     * (an agent restarted mid-event, or a resend of only the leaves that changed) is evicted once
     * {@link #MAX_PARTIAL} newer ones wait, so the map stays bounded.
     */
    private final Map<DecisionKey, PartialDecision> partial = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<DecisionKey, PartialDecision> eldest) {
            return size() > MAX_PARTIAL;
        }
    };
    /**
     * The events the current notification touched, in arrival order: only they can have become
     * complete, so completing never walks the whole partial map (which, full of never-completed
     * entries, made every notification cost O(partial) and let the state owner fall behind).
     */
    private final List<PartialDecision> touched = new ArrayList<>();
    /** Decisions taken, by source and device ("source\0device"). */
    private final Map<String, SeenDecisions> seenByDevice = new HashMap<>();
    /** Parsed link lists by their text: a fabric has few distinct paths, and each decision names one. */
    private final Map<String, List<String>> linkLists = new HashMap<>();

    private static final int MAX_LINK_LISTS = 10_000;
    private final Deque<ExclusionEvent> history = new ArrayDeque<>();
    private final Map<String, long[]> ringState = new HashMap<>();
    private boolean changed = true;
    private List<ExclusionEvent> published = List.of();

    private final Localizer localizer;

    ExclusionLog(int capacity, Localizer localizer) {
        this.capacity = capacity;
        this.localizer = localizer;
    }

    /** The decision the previous leaf went to: a decision's leaves come one after another. */
    private PartialDecision last;

    void leaf(String source, String host, long seq, String leaf, TelemetryValue value, long timestampNs) {
        PartialDecision decision = last;
        if (decision == null
                || seq != decision.key.seq()
                || !host.equals(decision.key.host())
                || !source.equals(decision.key.source())) {
            decision = partial.computeIfAbsent(new DecisionKey(source, host, seq), PartialDecision::new);
            if (!decision.touched) {
                decision.touched = true;
                touched.add(decision);
            }
            last = decision;
        }
        decision.put(leaf, value);
    }

    /** {@code mrc:/events/state/{next-seq, dropped-events}}: what the agent's ring lost. */
    void ringLeaf(String source, String host, String leaf, TelemetryValue value) {
        if (value instanceof TelemetryValue.Uint(long number)) {
            long[] state = ringState.computeIfAbsent(source + '\0' + host, h -> new long[2]);
            if (ExclusionEventRing.NEXT_SEQ.equals(leaf)) {
                state[0] = number;
            } else if (ExclusionEventRing.DROPPED_EVENTS.equals(leaf)) {
                state[1] = number;
            }
        }
    }

    long droppedByAgents() {
        return ringState.values().stream().mapToLong(s -> s[1]).sum();
    }

    /** Completes the events of one notification whose leaves have all arrived. */
    void complete(long arrivalMillis) {
        last = null;
        if (touched.isEmpty()) {
            return;
        }
        for (PartialDecision decision : touched) {
            decision.touched = false;
            if (!decision.isComplete() || partial.get(decision.key) != decision) {
                continue;
            }
            partial.remove(decision.key);
            take(
                    decision.key.source(),
                    decision.key.host(),
                    decision.key.seq(),
                    decision.timestampNs,
                    arrivalMillis,
                    decision.qpn,
                    (int) decision.ev,
                    (int) decision.plane,
                    decision.links == null ? "" : decision.links,
                    orUnknown(decision.from),
                    orUnknown(decision.to),
                    orUnknown(decision.reason));
        }
        touched.clear();
    }

    private static String orUnknown(String text) {
        return text == null ? "?" : text;
    }

    /**
     * The source's subscription ended (failed, closed, redialling): leaves of its decisions that have
     * not all come are dropped. A reconnect to the same agent resends its whole ring, and a restarted
     * agent's ring is another: its leaves must not complete a decision of the previous one.
     */
    void subscriptionEnded(String source) {
        last = null;
        if (!partial.isEmpty()) {
            partial.keySet().removeIf(key -> key.source().equals(source));
            touched.removeIf(decision -> decision.key.source().equals(source));
        }
    }

    /**
     * A decision whose leaves all arrived: into the history unless the device's ring sent it before
     * (a resent ring after a reconnect).
     */
    private void take(
            String source,
            String host,
            long seq,
            long timestampNs,
            long arrivalMillis,
            long qpn,
            int ev,
            int plane,
            String links,
            String from,
            String to,
            String reason) {
        if (!seenByDevice
                .computeIfAbsent(source + '\0' + host, h -> new SeenDecisions(capacity))
                .add(seq, timestampNs)) {
            return;
        }
        ExclusionEvent event = new ExclusionEvent(
                host, seq, timestampNs, arrivalMillis, qpn, ev, plane, linkList(links), from, to, reason);
        history.addLast(event);
        // Every decision taken, live, replayed or loaded as a seek's history, reaches the localization here.
        localizer.observe(
                new PathDecision(source, host, qpn, ev, plane, event.links(), from, to, timestampNs, arrivalMillis));
        while (history.size() > capacity) {
            history.removeFirst();
        }
        changed = true;
    }

    private static final Pattern LINK_SEPARATORS = Pattern.compile("[,\\s]+");

    private List<String> linkList(String links) {
        if (links.isBlank()) {
            return List.of();
        }
        List<String> parsed = linkLists.get(links);
        if (parsed == null) {
            if (linkLists.size() >= MAX_LINK_LISTS) {
                linkLists.clear();
            }
            parsed = Arrays.stream(LINK_SEPARATORS.split(links))
                    .filter(s -> !s.isBlank())
                    .toList();
            linkLists.put(links, parsed);
        }
        return parsed;
    }

    /**
     * A decision from a recording's history, as if its leaves had come in one notification at
     * {@code decision.arrivalMillis()}: the same history, suspects and repeat detection, without a
     * leaf table per decision when it is complete and nothing of it is pending.
     */
    void recorded(RecordedDecision d) {
        last = null;
        boolean complete = d.timestampNs() != null
                && d.qpn() != null
                && d.ev() != null
                && d.plane() != null
                && d.links() != null
                && d.fromState() != null
                && d.toState() != null
                && d.reason() != null;
        if (complete && (partial.isEmpty() || !partial.containsKey(new DecisionKey(d.source(), d.target(), d.seq())))) {
            take(
                    d.source(),
                    d.target(),
                    d.seq(),
                    d.timestampNs() == null ? 0 : d.timestampNs(),
                    d.arrivalMillis(),
                    d.qpn(),
                    (int) (long) d.ev(),
                    (int) (long) d.plane(),
                    d.links(),
                    d.fromState(),
                    d.toState(),
                    d.reason());
            return;
        }
        long ts = d.timestampNs() == null ? 0 : d.timestampNs();
        number(d, ExclusionEventRing.TIMESTAMP, d.timestampNs(), ts);
        number(d, ExclusionEventRing.QPN, d.qpn(), ts);
        number(d, ExclusionEventRing.EV, d.ev(), ts);
        number(d, ExclusionEventRing.PLANE, d.plane(), ts);
        text(d, ExclusionEventRing.LINKS, d.links(), ts);
        text(d, ExclusionEventRing.FROM_STATE, d.fromState(), ts);
        text(d, ExclusionEventRing.REASON, d.reason(), ts);
        text(d, ExclusionEventRing.TO_STATE, d.toState(), ts);
        complete(d.arrivalMillis());
    }

    private void number(RecordedDecision d, String leaf, Long value, long ts) {
        if (value != null) {
            leaf(d.source(), d.target(), d.seq(), leaf, new TelemetryValue.Uint(value), ts);
        }
    }

    private void text(RecordedDecision d, String leaf, String value, long ts) {
        if (value != null) {
            leaf(d.source(), d.target(), d.seq(), leaf, new TelemetryValue.Str(value), ts);
        }
    }

    List<ExclusionEvent> events() {
        if (changed) {
            published = List.copyOf(history);
            changed = false;
        }
        return published;
    }
}
