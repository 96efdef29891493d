package org.planewatch.sim.transport;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The fabric-level deny rule: when {@code threshold} distinct QPs retire EVs crossing the same link,
 * deny every EV crossing it until the link comes back (0 disables the rule). Retirements are rare,
 * so plain collections are fine here.
 */
final class FabricController {
    private final EvExclusion exclusion;
    private final int threshold;
    private final Map<Integer, Set<Integer>> retiringQps = new HashMap<>();
    private final Set<Integer> deniedLinks = new HashSet<>();

    FabricController(EvExclusion exclusion, int threshold) {
        this.exclusion = exclusion;
        this.threshold = threshold;
    }

    void retired(QueuePair q, int ev) {
        if (threshold == 0) {
            return;
        }
        for (int link : exclusion.evLinks(q, ev)) {
            Set<Integer> qps = retiringQps.computeIfAbsent(link, l -> new HashSet<>());
            qps.add(q.id);
            if (qps.size() >= threshold && deniedLinks.add(link)) {
                exclusion.denyLink(link);
            }
        }
    }

    void denied(int link) {
        deniedLinks.add(link);
    }

    void allowed(int link) {
        deniedLinks.remove(link);
        retiringQps.remove(link);
    }

    boolean denies(int link) {
        return deniedLinks.contains(link);
    }

    boolean deniesAny(int[] links) {
        for (int link : links) {
            if (deniedLinks.contains(link)) {
                return true;
            }
        }
        return false;
    }
}
