package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.FabricSnapshot.LinkExclusionGroup;

/**
 * The exclusions of the last {@code windowMillis} of arrival time, tallied per link as they come and
 * go, so that a snapshot's exclusion groups cost the number of links with exclusions, not a walk over
 * the whole window (thousands of decisions, hash sets per link) at every publication: at replay
 * speeds a snapshot is published for every frame (ADR 0075).
 *
 * <p>Decisions arrive in arrival order (live: the wall clock; replay: the recorded order), so the
 * oldest in the window is always the first to leave it.
 */
final class RecentExclusionsByLink {
    private static final class Tally {
        final Map<String, int[]> decisionsPerHost = new HashMap<>();
        int plane;
        int events;
        long lastArrivalMillis = Long.MIN_VALUE;
    }

    private final long windowMillis;
    private final Deque<ExclusionEvent> window = new ArrayDeque<>();
    private final Map<String, Tally> byLink = new HashMap<>();
    private List<LinkExclusionGroup> published = List.of();
    private boolean changed;
    /** Until the topology is learnt, host links are told by the simulator's names. */
    private Predicate<String> isHostLink = link -> link.startsWith("host-");

    RecentExclusionsByLink(long windowMillis) {
        this.windowMillis = windowMillis;
    }

    /** A newly completed decision; only exclusions (not returns to GOOD) are tallied. */
    void add(ExclusionEvent event) {
        if (!event.isExclusion() || event.links().isEmpty()) {
            return;
        }
        window.addLast(event);
        for (String link : event.links()) {
            Tally tally = byLink.computeIfAbsent(link, l -> new Tally());
            tally.decisionsPerHost.computeIfAbsent(event.host(), h -> new int[1])[0]++;
            tally.events++;
            tally.plane = event.plane();
            tally.lastArrivalMillis = Math.max(tally.lastArrivalMillis, event.arrivalMillis());
        }
        changed = true;
    }

    /** How host links are told from T0-T1 links from now on: the groups are built again. */
    void classifyLinks(Predicate<String> newIsHostLink) {
        isHostLink = newIsHostLink;
        changed = true;
    }

    /** The exclusion log forgot its oldest decision (capacity): it no longer counts here either. */
    void forget(ExclusionEvent event) {
        if (!window.isEmpty() && window.peekFirst() == event) {
            remove(window.pollFirst());
        }
    }

    /** Exclusions that arrived within the window before {@code nowMillis}, grouped by link, most excess hosts first. */
    List<LinkExclusionGroup> groups(long nowMillis) {
        while (!window.isEmpty() && nowMillis - window.peekFirst().arrivalMillis() > windowMillis) {
            remove(window.pollFirst());
        }
        if (changed) {
            published = build();
            changed = false;
        }
        return published;
    }

    private void remove(ExclusionEvent event) {
        for (String link : event.links()) {
            Tally tally = byLink.get(link);
            int[] count = tally.decisionsPerHost.get(event.host());
            if (--count[0] == 0) {
                tally.decisionsPerHost.remove(event.host());
            }
            if (--tally.events == 0) {
                byLink.remove(link);
            }
        }
        changed = true;
    }

    private List<LinkExclusionGroup> build() {
        Map<String, List<Integer>> hostsByPlaneAndKind = new HashMap<>();
        byLink.forEach((link, tally) -> hostsByPlaneAndKind
                .computeIfAbsent(planeAndKind(link, tally.plane), k -> new ArrayList<>())
                .add(tally.decisionsPerHost.size()));
        hostsByPlaneAndKind.values().forEach(Collections::sort);
        List<LinkExclusionGroup> groups = new ArrayList<>(byLink.size());
        byLink.forEach((link, tally) -> {
            List<Integer> sample = hostsByPlaneAndKind.get(planeAndKind(link, tally.plane));
            groups.add(new LinkExclusionGroup(
                    link,
                    tally.plane,
                    tally.decisionsPerHost.size(),
                    tally.events,
                    tally.lastArrivalMillis,
                    sample.get((sample.size() - 1) / 2),
                    sample.size()));
        });
        groups.sort(ExclusionLog.BY_EXCESS);
        return List.copyOf(groups);
    }

    private String planeAndKind(String link, int plane) {
        return plane + (isHostLink.test(link) ? "/host" : "/core");
    }
}
