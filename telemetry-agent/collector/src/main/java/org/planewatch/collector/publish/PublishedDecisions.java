package org.planewatch.collector.publish;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which exclusion decisions the exclusions topic already holds, for the devices of the shares this
 * collector holds: loaded from the topic when a share is taken (its own partition of the exclusions
 * topic), added to as this collector's decisions are acknowledged. A decision found here is not
 * published again when the agent resends its ring (a resubscription after a redial, or a collector
 * taking the target over). Per device only the newest {@link #PER_DEVICE} decisions are kept: an
 * agent resends at most its ring (256 decisions in the simulator), so an older one never comes back.
 * Thread-safe.
 */
public final class PublishedDecisions {
    /** Decisions kept per device; far more than a ring holds. */
    public static final int PER_DEVICE = 4_096;

    private final Map<Integer, Map<String, Device>> byShare = new HashMap<>();

    private static final class Device {
        private final Set<DecisionId> ids = new HashSet<>();
        private final ArrayDeque<DecisionId> order = new ArrayDeque<>();

        boolean add(DecisionId id) {
            if (!ids.add(id)) {
                return false;
            }
            order.addLast(id);
            if (order.size() > PER_DEVICE) {
                ids.remove(order.removeFirst());
            }
            return true;
        }
    }

    /** Records that {@code id} is stored in share {@code share}'s partition. */
    public synchronized boolean add(int share, DecisionId id) {
        return byShare.computeIfAbsent(share, s -> new HashMap<>())
                .computeIfAbsent(id.device(), d -> new Device())
                .add(id);
    }

    public synchronized boolean contains(int share, DecisionId id) {
        Map<String, Device> devices = byShare.get(share);
        Device device = devices == null ? null : devices.get(id.device());
        return device != null && device.ids.contains(id);
    }

    /** Forgets share {@code share} (handed over: its next holder loads it from the topic). */
    public synchronized void forget(int share) {
        byShare.remove(share);
    }

    public synchronized int size() {
        return byShare.values().stream()
                .flatMap(m -> m.values().stream())
                .mapToInt(d -> d.ids.size())
                .sum();
    }
}
