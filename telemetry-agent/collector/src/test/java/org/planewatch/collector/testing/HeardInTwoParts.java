package org.planewatch.collector.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * What an agent sent, cut as a moved rollup task meets it. First: every switch, and one host in each
 * partition of the updates topic (a task cannot place its T0s' other neighbors until their roles
 * come, under names no pattern knows, ADR 0139). Later, once the tasks run elsewhere: the other hosts, and the
 * samples of the devices heard first again with what an agent under {@code suppress_redundant} sends
 * after a while: the leaves that keep moving (counters), not those that stood still or changed once
 * (LLDP neighbors, port states and speeds, a port that went down, EV counts that moved once: ADR
 * 0140).
 *
 * @param first the notifications of the switches and the hosts heard first
 * @param later the other hosts' notifications, then the others' next sample
 */
public record HeardInTwoParts(List<IngestEvent.Notification> first, List<IngestEvent.Notification> later) {
    /** The distinct values of a leaf that keeps moving: more than a state that changed once. */
    private static final int MOVING = 3;

    public static HeardInTwoParts of(List<IngestEvent.Notification> read, FabricSnapshot whole, int partitions) {
        Set<String> hosts = new HashSet<>();
        whole.hosts().forEach(h -> hosts.add(h.name()));
        Set<Integer> covered = new HashSet<>();
        Set<String> early = new HashSet<>();
        hosts.stream().sorted().forEach(h -> {
            if (covered.add(Partitions.of(h, partitions))) {
                early.add(h);
            }
        });
        List<IngestEvent.Notification> first = new ArrayList<>();
        List<IngestEvent.Notification> later = new ArrayList<>();
        for (IngestEvent.Notification n : read) {
            (hosts.contains(n.target()) && !early.contains(n.target()) ? later : first).add(n);
        }
        Map<String, Set<TelemetryValue>> values = new HashMap<>();
        for (IngestEvent.Notification n : first) {
            for (TelemetryUpdate u : n.updates()) {
                values.computeIfAbsent(n.target() + " " + u.path(), k -> new HashSet<>())
                        .add(u.value());
            }
        }
        for (IngestEvent.Notification n : List.copyOf(first)) {
            List<TelemetryUpdate> sample = n.updates().stream()
                    .filter(u -> values.get(n.target() + " " + u.path()).size() >= MOVING)
                    .toList();
            if (!sample.isEmpty()) {
                later.add(new IngestEvent.Notification(
                        n.source(), n.target(), n.timestampNs(), sample, List.of(), n.arrivalMillis()));
            }
        }
        return new HeardInTwoParts(List.copyOf(first), List.copyOf(later));
    }
}
