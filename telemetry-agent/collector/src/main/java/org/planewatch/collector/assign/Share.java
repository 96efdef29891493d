package org.planewatch.collector.assign;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The targets this collector holds, by share (a partition of the targets topic). Changed only by
 * the thread that owns the group membership, which tells the {@link ShareListener} of every target
 * gained and lost; read by any thread (publishing asks whether a target is still held before it
 * publishes for it, so nothing is published for a target after it was handed over).
 */
public final class Share {
    private final ShareListener listener;
    /** Held shares, each with the targets listed in it so far. Owner thread only. */
    private final Map<Integer, Set<String>> byShare = new HashMap<>();
    /** Every held target and its share: read by other threads. */
    private final Map<String, Integer> held = new ConcurrentHashMap<>();

    public Share(ShareListener listener) {
        this.listener = listener;
    }

    /** This collector was given share {@code share}; its targets arrive with {@link #list}. */
    public void take(int share) {
        byShare.putIfAbsent(share, new HashSet<>());
    }

    /** Target {@code target} is listed in held share {@code share}; ignored for a share not held. */
    public void list(int share, String target) {
        Set<String> targets = byShare.get(share);
        if (targets == null || !targets.add(target)) {
            return;
        }
        Integer before = held.put(target, share);
        if (before != null && before != share) {
            // Listed in two shares (placed elsewhere by a changed list, its tombstone not read yet): keep the newer.
            byShare.get(before).remove(target);
            listener.lost(target);
        }
        listener.gained(target, share);
    }

    /** Target {@code target} was removed from the list (a tombstone in its share). */
    public void unlist(int share, String target) {
        Set<String> targets = byShare.get(share);
        if (targets != null && targets.remove(target)) {
            held.remove(target);
            listener.lost(target);
        }
    }

    /** Share {@code share} went to another collector: every target in it is lost. */
    public void give(int share) {
        Set<String> targets = byShare.remove(share);
        if (targets == null) {
            return;
        }
        for (String target : targets) {
            held.remove(target);
            listener.lost(target);
        }
    }

    /** Gives up every share (the collector stops). */
    public void giveAll() {
        for (Integer share : Set.copyOf(byShare.keySet())) {
            give(share);
        }
    }

    /** The share {@code target} is held in, or -1 when this collector does not hold it. Any thread. */
    public int shareOf(String target) {
        Integer share = held.get(target);
        return share == null ? -1 : share;
    }

    public boolean holds(String target) {
        return held.containsKey(target);
    }

    /** The held targets, sorted. Any thread. */
    public Set<String> targets() {
        return new TreeSet<>(held.keySet());
    }

    /** The held shares, sorted. Owner thread. */
    public Set<Integer> shares() {
        return new TreeSet<>(byShare.keySet());
    }
}
