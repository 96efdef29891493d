package org.planewatch.console.viewmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.planewatch.console.state.FabricSnapshot;

/**
 * Two instants of a recording side by side: per plane, health, EVs out of service, links down and
 * trim rate at A and at B, and the hosts whose EV states changed between them.
 */
public record ReplayComparison(long atMillisA, long atMillisB, List<PlaneRow> planes, List<HostRow> hosts) {

    public record PlaneRow(
            int plane,
            double healthA,
            double healthB,
            long evsOutA,
            long evsOutB,
            int linksDownA,
            int linksDownB,
            double trimRateA,
            double trimRateB) {
        public boolean changed() {
            return evsOutA != evsOutB || linksDownA != linksDownB;
        }
    }

    /** EV states of one host summed over its planes: good / assumed bad / denied at A and B. */
    public record HostRow(String host, long goodA, long badA, long deniedA, long goodB, long badB, long deniedB) {}

    static ReplayComparison of(FabricSnapshot a, FabricSnapshot b) {
        Map<Integer, FabricSnapshot.PlaneSummary> planesA = new TreeMap<>();
        a.planes().forEach(p -> planesA.put(p.plane(), p));
        Map<Integer, FabricSnapshot.PlaneSummary> planesB = new TreeMap<>();
        b.planes().forEach(p -> planesB.put(p.plane(), p));
        TreeMap<Integer, Boolean> all = new TreeMap<>();
        planesA.keySet().forEach(p -> all.put(p, true));
        planesB.keySet().forEach(p -> all.put(p, true));
        List<PlaneRow> planes = new ArrayList<>();
        for (int plane : all.keySet()) {
            FabricSnapshot.PlaneSummary pa = planesA.get(plane);
            FabricSnapshot.PlaneSummary pb = planesB.get(plane);
            planes.add(new PlaneRow(
                    plane,
                    pa == null ? Double.NaN : pa.pathHealth(),
                    pb == null ? Double.NaN : pb.pathHealth(),
                    pa == null ? 0 : pa.evsOutOfService(),
                    pb == null ? 0 : pb.evsOutOfService(),
                    pa == null ? 0 : pa.linksDown(),
                    pb == null ? 0 : pb.linksDown(),
                    pa == null ? Double.NaN : pa.trimRate(),
                    pb == null ? Double.NaN : pb.trimRate()));
        }
        Map<String, long[]> evs = new TreeMap<>();
        a.hosts().forEach(h -> add(evs, h, 0));
        b.hosts().forEach(h -> add(evs, h, 3));
        List<HostRow> hosts = new ArrayList<>();
        evs.forEach((host, n) -> {
            if (n[0] != n[3] || n[1] != n[4] || n[2] != n[5]) {
                hosts.add(new HostRow(host, n[0], n[1], n[2], n[3], n[4], n[5]));
            }
        });
        return new ReplayComparison(a.atMillis(), b.atMillis(), List.copyOf(planes), List.copyOf(hosts));
    }

    private static void add(Map<String, long[]> evs, FabricSnapshot.HostSummary host, int offset) {
        long[] n = evs.computeIfAbsent(host.name(), h -> new long[6]);
        for (FabricSnapshot.HostPlanePort port : host.planes()) {
            n[offset] += port.evsGood();
            // "bad" is every EV the NIC itself retired, with a verdict (ASSUMED_BAD) or without (UNKNOWN).
            n[offset + 1] += port.evsAssumedBad() + port.evsUnknown();
            n[offset + 2] += port.evsDenied();
        }
    }
}
