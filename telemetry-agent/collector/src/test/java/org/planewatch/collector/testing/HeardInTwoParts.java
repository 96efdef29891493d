package org.planewatch.collector.testing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.schema.LldpLeaves;

/**
 * What an agent sent, cut as a moved rollup task meets it. First: every switch, and one host in each
 * partition of the updates topic (a task cannot place its T0s' other neighbors until their roles
 * come, under names no pattern knows, ADR 0139). Later, once the tasks run elsewhere: the other hosts, and the next sample
 * of the devices heard first, without LLDP since nothing changed.
 *
 * @param first the notifications of the switches and the hosts heard first
 * @param later the other hosts' notifications, then the others' next sample
 */
public record HeardInTwoParts(List<IngestEvent.Notification> first, List<IngestEvent.Notification> later) {
    private static final PathPattern LLDP = new PathPattern(LldpLeaves.ROOT);

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
        for (IngestEvent.Notification n : List.copyOf(first)) {
            List<TelemetryUpdate> sample =
                    n.updates().stream().filter(u -> !LLDP.matches(u.path())).toList();
            if (!sample.isEmpty()) {
                later.add(new IngestEvent.Notification(
                        n.source(), n.target(), n.timestampNs(), sample, List.of(), n.arrivalMillis()));
            }
        }
        return new HeardInTwoParts(List.copyOf(first), List.copyOf(later));
    }
}
