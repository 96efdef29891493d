package org.planewatch.console.bench.fleet;

import java.util.HashSet;
import java.util.Set;
import org.planewatch.console.bench.fleet.BenchOptions.Fabric;
import org.planewatch.console.state.FabricSnapshot;

/**
 * Whether the links a console shows are the fabric's, not only as many: in each plane one host link
 * per host and one core link per T0 and T1, and no core link ending at a host (what a rollup task
 * names a host's link while it takes the host for a T1 switch, ADR 0116 and 0118).
 */
final class LinkNames {
    private LinkNames() {}

    /** What is wrong with {@code snapshot}'s links, empty when they are the fabric's. */
    static String wrongIn(FabricSnapshot snapshot, Fabric fabric) {
        Set<String> hosts = new HashSet<>();
        snapshot.hosts().forEach(h -> hosts.add(h.name()));
        int[] hostLinks = new int[fabric.planes()];
        int[] coreLinks = new int[fabric.planes()];
        int coreAtHosts = 0;
        for (FabricSnapshot.LinkState link : snapshot.links()) {
            if (link.plane() < 0 || link.plane() >= fabric.planes()) {
                return "a link in plane " + link.plane() + ": " + link.id();
            }
            if (link.kind() == FabricSnapshot.LinkKind.HOST_T0) {
                hostLinks[link.plane()]++;
            } else {
                coreLinks[link.plane()]++;
                if (hosts.contains(link.upperEnd()) || hosts.contains(link.lowerEnd())) {
                    coreAtHosts++;
                }
            }
        }
        StringBuilder wrong = new StringBuilder();
        for (int p = 0; p < fabric.planes(); p++) {
            if (hostLinks[p] != fabric.hosts() || coreLinks[p] != fabric.t0PerPlane() * fabric.t1PerPlane()) {
                wrong.append(wrong.isEmpty() ? "" : "; ")
                        .append("plane ")
                        .append(p)
                        .append(": ")
                        .append(hostLinks[p])
                        .append(" host links, ")
                        .append(coreLinks[p])
                        .append(" core links");
            }
        }
        if (coreAtHosts > 0) {
            wrong.append(wrong.isEmpty() ? "" : "; ").append(coreAtHosts).append(" core links ending at a host");
        }
        return wrong.toString();
    }
}
