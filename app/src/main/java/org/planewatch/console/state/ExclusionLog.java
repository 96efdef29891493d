package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.planewatch.console.telemetry.ExclusionDecisionLeaves;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.telemetry.value.TelemetryValue;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.FabricSnapshot.LinkExclusionGroup;

/**
 * Assembles exclusion decisions from the agents' event rings ({@code mrc:/events/event[seq]}) and
 * keeps the console's own bounded history. The agent's ring evicts entries with a delete; that is
 * not a retraction, so history keeps them. A resent ring after a reconnect is recognised by
 * sequence number and not counted twice.
 */
final class ExclusionLog {
    private static final int MAX_PARTIAL = 100_000;
    private final int capacity;
    /**
     * Events some of whose leaves have arrived, oldest first. An entry whose other leaves never come
     * (an agent restarted mid-event, or a resend of only the leaves that changed) is evicted once
     * {@link #MAX_PARTIAL} newer ones wait, so the map stays bounded.
     */
    private final Map<String, LeafTable> partial = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, LeafTable> eldest) {
            return size() > MAX_PARTIAL;
        }
    };
    /**
     * The events the current notification touched, in arrival order: only they can have become
     * complete, so completing never walks the whole partial map (which, full of never-completed
     * entries, made every notification cost O(partial) and let the state owner fall behind).
     */
    private final Set<String> touched = new LinkedHashSet<>();
    private final Map<String, TreeSet<Long>> seenByHost = new HashMap<>();
    private final Deque<ExclusionEvent> history = new ArrayDeque<>();
    private final Map<String, long[]> ringState = new HashMap<>();
    private boolean changed = true;
    private List<ExclusionEvent> published = List.of();

    private final RecentExclusionsByLink recent;

    ExclusionLog(int capacity, long groupWindowMillis) {
        this.capacity = capacity;
        this.recent = new RecentExclusionsByLink(groupWindowMillis);
    }

    /** The entry the previous leaf went to: a decision's leaves come one after another. */
    private String lastHost;
    private long lastSeq;
    private LeafTable lastEntry;

    void leaf(String host, long seq, String leaf, TelemetryValue value, long timestampNs) {
        if (lastEntry == null || seq != lastSeq || !host.equals(lastHost)) {
            String key = host + '\u0000' + seq;
            lastEntry = partial.computeIfAbsent(key, k -> new LeafTable());
            lastHost = host;
            lastSeq = seq;
            touched.add(key);
        }
        lastEntry.put(leaf, value, timestampNs);
    }

    /** {@code mrc:/events/state/{next-seq, dropped-events}}: what the agent's ring lost. */
    void ringLeaf(String host, String leaf, TelemetryValue value) {
        if (value instanceof TelemetryValue.Uint(long number)) {
            long[] state = ringState.computeIfAbsent(host, h -> new long[2]);
            if ("next-seq".equals(leaf)) {
                state[0] = number;
            } else if ("dropped-events".equals(leaf)) {
                state[1] = number;
            }
        }
    }

    long droppedByAgents() {
        return ringState.values().stream().mapToLong(s -> s[1]).sum();
    }

    /** Completes the events of one notification whose leaves have all arrived. */
    void complete(long arrivalMillis) {
        lastEntry = null;
        if (touched.isEmpty()) {
            return;
        }
        for (String key : touched) {
            LeafTable leaves = partial.get(key);
            if (leaves == null || !complete(leaves)) {
                continue;
            }
            partial.remove(key);
            int split = key.indexOf('\u0000');
            String host = key.substring(0, split);
            long seq = Long.parseLong(key.substring(split + 1));
            take(host, seq, leaves.value("timestamp"), arrivalMillis, leaves.value("qpn"), (int) leaves.value("ev"),
                    (int) leaves.value("plane"), leaves.text("links", ""), leaves.text("from-state", "?"),
                    leaves.text("to-state", "?"), leaves.text("reason", "?"));
        }
        touched.clear();
    }

    /**
     * A decision whose leaves all arrived: into the history unless the host's ring sent it before
     * (a resent ring after a reconnect).
     */
    private void take(String host, long seq, long timestampNs, long arrivalMillis, long qpn, int ev, int plane,
            String links, String from, String to, String reason) {
        TreeSet<Long> seen = seenByHost.computeIfAbsent(host, h -> new TreeSet<>());
        if (!seen.add(seq)) {
            return;
        }
        while (seen.size() > capacity) {
            seen.pollFirst();
        }
        ExclusionEvent event = new ExclusionEvent(host, seq, timestampNs, arrivalMillis, qpn, ev, plane,
                links.isBlank() ? List.of() : Arrays.stream(LINK_SEPARATORS.split(links)).filter(s -> !s.isBlank()).toList(),
                from, to, reason);
        history.addLast(event);
        recent.add(event);
        while (history.size() > capacity) {
            recent.forget(history.removeFirst());
        }
        changed = true;
    }

    private static final java.util.regex.Pattern LINK_SEPARATORS = java.util.regex.Pattern.compile("[,\\s]+");

    /**
     * A decision from a recording's history, as if its leaves had come in one notification at
     * {@code decision.arrivalMillis()}: the same history, groups and repeat detection, without a
     * leaf table per decision when it is complete and nothing of it is pending.
     */
    void recorded(RecordedDecision d) {
        lastEntry = null;
        boolean complete = d.qpn() != null && d.ev() != null && d.plane() != null && d.links() != null
                && d.fromState() != null && d.toState() != null && d.reason() != null;
        if (complete && (partial.isEmpty() || !partial.containsKey(d.target() + '\u0000' + d.seq()))) {
            take(d.target(), d.seq(), d.timestampNs() == null ? 0 : d.timestampNs(), d.arrivalMillis(), d.qpn(),
                    (int) (long) d.ev(), (int) (long) d.plane(), d.links(), d.fromState(), d.toState(), d.reason());
            return;
        }
        long ts = d.timestampNs() == null ? 0 : d.timestampNs();
        number(d, "timestamp", d.timestampNs(), ts);
        number(d, "qpn", d.qpn(), ts);
        number(d, "ev", d.ev(), ts);
        number(d, "plane", d.plane(), ts);
        text(d, "links", d.links(), ts);
        text(d, "from-state", d.fromState(), ts);
        text(d, "reason", d.reason(), ts);
        text(d, "to-state", d.toState(), ts);
        complete(d.arrivalMillis());
    }

    private void number(RecordedDecision d, String leaf, Long value, long ts) {
        if (value != null) {
            leaf(d.target(), d.seq(), leaf, new TelemetryValue.Uint(value), ts);
        }
    }

    private void text(RecordedDecision d, String leaf, String value, long ts) {
        if (value != null) {
            leaf(d.target(), d.seq(), leaf, new TelemetryValue.Str(value), ts);
        }
    }

    /** Most hosts above the typical link of the plane first, then most hosts, then most decisions. */
    static final java.util.Comparator<LinkExclusionGroup> BY_EXCESS = java.util.Comparator
            .comparingInt((LinkExclusionGroup g) -> -g.excessHosts())
            .thenComparingInt(g -> -g.hosts())
            .thenComparingInt(g -> -g.events())
            .thenComparing(LinkExclusionGroup::link);


    private static boolean complete(LeafTable leaves) {
        for (String leaf : ExclusionDecisionLeaves.REQUIRED) {
            if (!leaves.has(leaf)) {
                return false;
            }
        }
        return true;
    }

    List<ExclusionEvent> events() {
        if (changed) {
            published = List.copyOf(history);
            changed = false;
        }
        return published;
    }

    /** Exclusions that arrived within the grouping window before {@code nowMillis}, grouped by link. */
    List<LinkExclusionGroup> groups(long nowMillis) {
        return recent.groups(nowMillis);
    }
}
