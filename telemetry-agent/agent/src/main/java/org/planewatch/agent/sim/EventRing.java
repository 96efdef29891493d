package org.planewatch.agent.sim;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The exclusion-event ring of one host: the latest {@code capacity} events as
 * {@code mrc:/events/event[seq=S]/state/...} leaves, with {@code next-seq} and {@code dropped-events}.
 * An event that leaves the ring disappears from the snapshot, which subscribers see as a delete.
 * Owned by the simulation's thread.
 */
final class EventRing {

    private static final TelemetryPath NEXT_SEQ = ExclusionEventRing.RING_STATE.child(ExclusionEventRing.NEXT_SEQ);
    private static final TelemetryPath DROPPED = ExclusionEventRing.RING_STATE.child(ExclusionEventRing.DROPPED_EVENTS);

    /** An event with its leaf paths, built once when it enters the ring. */
    private record Entry(ExclusionEvent event, long observedNs, TelemetryPath[] leaves) {
        static final int PATH_CACHE_LIMIT = 65_536;
        /** The fields in the order {@link #read} writes them. */
        static final String[] NAMES = {
            ExclusionEventRing.TIMESTAMP,
            ExclusionEventRing.QPN,
            ExclusionEventRing.EV,
            ExclusionEventRing.PLANE,
            ExclusionEventRing.LINKS,
            ExclusionEventRing.FROM_STATE,
            ExclusionEventRing.TO_STATE,
            ExclusionEventRing.REASON
        };

        static Entry of(
                TelemetryPath state,
                ExclusionEvent event,
                long observedNs,
                Map<Long, TelemetryPath[]> bySeq,
                long seq) {
            if (bySeq.size() > PATH_CACHE_LIMIT) {
                bySeq.clear(); // a long run: start over rather than keep every sequence number's paths
            }
            TelemetryPath[] leaves = bySeq.computeIfAbsent(seq, s -> {
                TelemetryPath[] paths = new TelemetryPath[NAMES.length];
                for (int i = 0; i < NAMES.length; i++) {
                    paths[i] = state.child(NAMES[i]);
                }
                return paths;
            });
            return new Entry(event, observedNs, leaves);
        }
    }

    private final int capacity;
    private final ArrayDeque<Entry> entries;
    private long nextSeq;
    private long dropped;

    /** Leaf paths by sequence number, shared by every host's ring (see DeviceLeaves on interning). */
    private final Map<Long, TelemetryPath[]> pathsBySeq;

    EventRing(int capacity, Map<Long, TelemetryPath[]> pathsBySeq) {
        this.pathsBySeq = pathsBySeq;
        this.capacity = capacity;
        this.entries = new ArrayDeque<>(capacity);
    }

    /** Adds {@code event}, which the agent observed at {@code observedNs} (wall clock, ns since the Unix epoch). */
    void add(ExclusionEvent event, long observedNs) {
        if (entries.size() == capacity) {
            entries.removeFirst();
            dropped++;
        }
        long seq = nextSeq++;
        TelemetryPath state = ExclusionEventRing.fields(seq);
        entries.addLast(Entry.of(state, event, observedNs, pathsBySeq, seq));
    }

    void read(TableWriter into) {
        into.uint(NEXT_SEQ, nextSeq);
        into.uint(DROPPED, dropped);
        for (Entry e : entries) {
            ExclusionEvent ev = e.event();
            TelemetryPath[] p = e.leaves();
            into.uint(p[0], e.observedNs());
            into.uint(p[1], ev.qp());
            into.uint(p[2], ev.ev());
            into.uint(p[3], ev.plane());
            into.value(p[4], new TelemetryValue.Str(String.join(",", ev.links())));
            into.value(p[5], new TelemetryValue.Str(ev.from().name()));
            into.value(p[6], new TelemetryValue.Str(ev.to().name()));
            into.value(p[7], new TelemetryValue.Str(ev.reason().name()));
        }
    }

    long nextSeq() {
        return nextSeq;
    }

    List<ExclusionEvent> events() {
        return entries.stream().map(Entry::event).toList();
    }
}
