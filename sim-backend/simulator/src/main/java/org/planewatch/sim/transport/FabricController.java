package org.planewatch.sim.transport;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The fabric-level deny rule: when {@code threshold} distinct QPs retire EVs crossing the same link,
 * deny every EV crossing it until the link comes back (0 disables the rule). It only decides; the
 * {@link EvExclusion} that tells it of retirements carries the denials out. Retirements are rare,
 * so plain collections are fine here.
 */
final class FabricController {
    private static final int[] NONE = new int[0];

    private final EvPaths paths;
    private final int threshold;
    private final Map<Integer, Set<Integer>> retiringQps = new HashMap<>();
    private final Set<Integer> deniedLinks = new HashSet<>();

    FabricController(EvPaths paths, int threshold) {
        this.paths = paths;
        this.threshold = threshold;
    }

    /**
     * Notes that {@code qp} retired EV {@code ev}; returns the links this retirement brings to the
     * threshold, in path order: they are denied from now on and every EV crossing them must be.
     */
    int[] retired(QueuePair qp, int ev) {
        if (threshold == 0) {
            return NONE;
        }
        int[] links = paths.evLinks(qp, ev);
        int newlyDenied = 0;
        for (int link : links) {
            Set<Integer> qps = retiringQps.computeIfAbsent(link, unused -> new HashSet<>());
            qps.add(qp.id);
            if (qps.size() >= threshold && deniedLinks.add(link)) {
                links[newlyDenied++] = link;
            }
        }
        return newlyDenied == 0 ? NONE : Arrays.copyOf(links, newlyDenied);
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
