package org.planewatch.console.state;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The simulated instants of the samples lately timed by a clock, by source and timestamp: a simulated
 * agent publishes every device of its simulation at one instant under one timestamp, so a part of a
 * sample that came without the clock leaf is timed exactly by the clock another device sent with the
 * same timestamp. A host's interface counters often come so: the agent sweeps a device's
 * subscriptions one after the other, and a host published anew in between (its exclusion decisions
 * go out at once) sent them from the snapshot before, whose clock it never sent (ADR 0114). Bounded;
 * owned by the state thread.
 */
final class SampleInstants {
    /** Timestamps kept: a few publications of a large fabric's devices, most under one timestamp. */
    static final int MAX_KEPT = 4096;

    private record Key(String source, long wallNs) {}

    private final Map<Key, Long> instants = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
            return size() > MAX_KEPT;
        }
    };

    void timed(String source, long wallNs, long instantNs) {
        instants.put(new Key(Objects.requireNonNull(source), wallNs), instantNs);
    }

    /** The instant a clock gave the samples of {@code source} stamped {@code wallNs}; -1 when none did. */
    long instantAt(String source, long wallNs) {
        Long instant = instants.get(new Key(source, wallNs));
        return instant == null ? -1 : instant;
    }
}
