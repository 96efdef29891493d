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
 *
 * <p>Denials have two owners. The rule's own (automatic) denials lift when the link comes back up:
 * the evidence they rested on is gone. An operator's denial is a decision, not a measurement, so
 * only the operator lifts it ({@link #allowed}); a link that recovers under it stays denied.
 */
final class FabricController {
    private static final int[] NONE = new int[0];

    private final EvPaths paths;
    private final int threshold;
    private final Map<Integer, Set<Integer>> retiringQps = new HashMap<>();
    private final Set<Integer> deniedLinks = new HashSet<>();
    private final Set<Integer> operatorDenied = new HashSet<>();

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

    /** An operator denied {@code link}: it stays denied until the operator allows it, up or not. */
    void operatorDenied(int link) {
        operatorDenied.add(link);
        deniedLinks.add(link);
    }

    /** The operator allowed {@code link}: every denial of it lifts, the rule counts it afresh. */
    void allowed(int link) {
        operatorDenied.remove(link);
        deniedLinks.remove(link);
        retiringQps.remove(link);
    }

    /**
     * {@code link} came back up: the rule's own denial of it lifts and its count starts afresh;
     * returns whether the link is no longer denied (false under an operator's denial).
     */
    boolean recovered(int link) {
        retiringQps.remove(link);
        if (operatorDenied.contains(link)) {
            return false;
        }
        return deniedLinks.remove(link);
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
