package org.planewatch.sim.transport;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The fabric-level deny rule: when {@code threshold} distinct QPs retire EVs crossing a link that
 * shows a fault of its own in the switches' telemetry ({@link LinkEvidence}: down, or losing packets
 * to a fault), deny every EV crossing it until the link comes back (0 disables the rule). A retired
 * path names every link it crosses, but only one of them need be broken: the host links at its ends
 * and the healthy link on its other side are innocent, and under all-to-all every host link is
 * crossed by many retired paths, so a rule that counted every link of the path would deny whole
 * planes. A retirement therefore votes only against the links of its path that show a fault when
 * it is taken (ADR 0097). It only decides; the {@link EvExclusion} that tells it of retirements
 * carries the denials out. Retirements are rare, so plain collections are fine here.
 *
 * <p>Denials have two owners. The rule's own (automatic) denials lift when the link comes back up:
 * the evidence they rested on is gone. An operator's denial is a decision, not a measurement, so
 * only the operator lifts it ({@link #allowed}); a link that recovers under it stays denied.
 */
final class FabricController {
    private static final int[] NONE = new int[0];

    private final EvPaths paths;
    private final LinkEvidence evidence;
    private final int threshold;
    private final Map<Integer, Set<Integer>> retiringQps = new HashMap<>();
    private final Set<Integer> deniedLinks = new HashSet<>();
    private final Set<Integer> operatorDenied = new HashSet<>();

    FabricController(EvPaths paths, LinkEvidence evidence, int threshold) {
        this.paths = paths;
        this.evidence = evidence;
        this.threshold = threshold;
    }

    /**
     * Notes that {@code qp} retired EV {@code ev}, against each link of its path that shows a fault
     * of its own; returns the links this retirement brings to the threshold, in path order: they
     * are denied from now on and every EV crossing them must be.
     */
    int[] retired(QueuePair qp, int ev) {
        if (threshold == 0) {
            return NONE;
        }
        int[] links = paths.evLinks(qp, ev);
        int newlyDenied = 0;
        for (int link : links) {
            if (deniedLinks.contains(link) || !evidence.showsFault(link)) {
                continue;
            }
            Set<Integer> qps = retiringQps.computeIfAbsent(link, unused -> new HashSet<>());
            qps.add(qp.id);
            if (qps.size() >= threshold) {
                deniedLinks.add(link);
                retiringQps.remove(link);
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
        evidence.clear(link);
    }

    /**
     * {@code link} came back up: the rule's own denial of it lifts and its count starts afresh;
     * returns whether the link is no longer denied (false under an operator's denial).
     */
    boolean recovered(int link) {
        retiringQps.remove(link);
        evidence.clear(link);
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
