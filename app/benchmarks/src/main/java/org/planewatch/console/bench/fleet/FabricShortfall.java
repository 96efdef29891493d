package org.planewatch.console.bench.fleet;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.utils.Utils;
import org.planewatch.console.bench.fleet.BenchOptions.Fabric;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.fleet.FleetTopics;

/**
 * Which devices a console's links fall short at, when the rollups never count the whole fabric
 * (runs 28 and 29 stopped at 96.9 and 99.4 %): every device of the simulated fabric (its names are
 * the simulation's: {@code host-N}, {@code pP-t0-I}, {@code pP-t1-J}) against the links the console
 * holds that end at it. A T0 should end {@code hostsPerT0} host links and one core link per T1, a T1
 * one per T0, a host one per plane. The devices short are told by kind and by the partition of the
 * updates topic their updates go to (the producer's default partitioner over the device name), so a
 * rollup task that never caught up shows as one partition holding the shortfall.
 *
 * <p>The bench says it when a run ends short; {@link #main} says it of a broker a run left behind
 * (started again on the run's Kafka directory), after a console has read its rollups:
 *
 * <pre>
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.fleet.FabricShortfall \
 *     --bootstrap 127.0.0.1:PORT [--scenario sim-backend/scenarios/scale/full-scale-incident.yaml]
 * </pre>
 */
final class FabricShortfall {
    private static final int EXAMPLES = 6;

    private final Fabric fabric;
    private final int updatePartitions;
    private final Map<String, Integer> hostLinks = new HashMap<>();
    private final Map<String, Integer> coreLinks = new HashMap<>();
    /** The planes each host has a link in, one bit a plane. */
    private final Map<String, Integer> hostPlanes = new HashMap<>();

    /** Until the console's links stop growing for this long, it is still reading the topic. */
    private static final Duration SETTLED = Duration.ofSeconds(30);

    public static void main(String[] args) throws Exception {
        Map<String, String> options = FlagValues.parse("FabricShortfall", List.of("--bootstrap", "--scenario"), args);
        String bootstrap = options.get("--bootstrap");
        if (bootstrap == null) {
            System.err.println("FabricShortfall: give --bootstrap HOST:PORT (the broker holding the rollups)");
            System.exit(2);
        }
        Path scenario =
                Path.of(options.getOrDefault("--scenario", "sim-backend/scenarios/scale/full-scale-incident.yaml"));
        Fabric fabric = Fabric.of(scenario);
        try (FleetSession console =
                        FleetSession.start(new FleetAddress(bootstrap, Map.of(), "shortfall"), InstantSource.system());
                TopicReader reader = new TopicReader(bootstrap)) {
            int seen = -1;
            long still = System.nanoTime();
            while (System.nanoTime() - still < SETTLED.toNanos()) {
                Thread.sleep(1_000);
                int now = console.snapshots().latest().links().size();
                if (now != seen) {
                    seen = now;
                    still = System.nanoTime();
                }
            }
            FabricSnapshot s = console.snapshots().latest();
            System.out.printf(
                    Locale.ROOT,
                    "%,d of %,d links; short: %s%n",
                    s.links().size(),
                    fabric.links(),
                    of(s.links(), fabric, reader.partitions(FleetTopics.UPDATES).size()));
        }
    }

    private FabricShortfall(Fabric fabric, int updatePartitions) {
        this.fabric = fabric;
        this.updatePartitions = updatePartitions;
    }

    /** What {@code links} lack of {@code fabric}, one line; "none" when every device ends all its links. */
    static String of(Collection<FabricSnapshot.LinkState> links, Fabric fabric, int updatePartitions) {
        FabricShortfall shortfall = new FabricShortfall(fabric, updatePartitions);
        for (FabricSnapshot.LinkState link : links) {
            Map<String, Integer> count =
                    link.kind() == FabricSnapshot.LinkKind.HOST_T0 ? shortfall.hostLinks : shortfall.coreLinks;
            count.merge(link.lowerEnd(), 1, Integer::sum);
            count.merge(link.upperEnd(), 1, Integer::sum);
            if (link.kind() == FabricSnapshot.LinkKind.HOST_T0) {
                String host = link.lowerEnd().startsWith("host-") ? link.lowerEnd() : link.upperEnd();
                shortfall.hostPlanes.merge(host, 1 << link.plane(), (a, b) -> a | b);
            }
        }
        return shortfall.describe();
    }

    private String describe() {
        List<ShortDevice> hosts = new ArrayList<>();
        Map<Integer, Integer> hostLinksMissing = new TreeMap<>();
        for (int h = 0; h < fabric.hosts(); h++) {
            check("host-" + h, fabric.planes(), 0, hosts);
            int planes = hostPlanes.getOrDefault("host-" + h, 0);
            for (int p = 0; p < fabric.planes(); p++) {
                if ((planes & (1 << p)) == 0) {
                    hostLinksMissing.merge(p, 1, Integer::sum);
                }
            }
        }
        List<ShortDevice> t0s = new ArrayList<>();
        List<ShortDevice> t1s = new ArrayList<>();
        for (int p = 0; p < fabric.planes(); p++) {
            for (int i = 0; i < fabric.t0PerPlane(); i++) {
                check("p" + p + "-t0-" + i, fabric.hostsPerT0(), fabric.t1PerPlane(), t0s);
            }
            for (int j = 0; j < fabric.t1PerPlane(); j++) {
                check("p" + p + "-t1-" + j, 0, fabric.t0PerPlane(), t1s);
            }
        }
        if (hosts.isEmpty() && t0s.isEmpty() && t1s.isEmpty()) {
            return "none: every device ends all its links";
        }
        String hostLine = kind("hosts", hosts)
                + (hostLinksMissing.isEmpty() ? "" : "; hosts without a link in plane " + hostLinksMissing);
        return String.join("; ", List.of(hostLine, kind("T0s", t0s), kind("T1s", t1s)));
    }

    private void check(String device, int hostLinksDue, int coreLinksDue, List<ShortDevice> shortOnes) {
        int host = hostLinks.getOrDefault(device, 0);
        int core = coreLinks.getOrDefault(device, 0);
        if (host < hostLinksDue || core < coreLinksDue) {
            shortOnes.add(new ShortDevice(device, host, hostLinksDue, core, coreLinksDue, partitionOf(device)));
        }
    }

    private int partitionOf(String device) {
        return Utils.toPositive(Utils.murmur2(device.getBytes(StandardCharsets.UTF_8))) % updatePartitions;
    }

    private static String kind(String kind, List<ShortDevice> shortOnes) {
        if (shortOnes.isEmpty()) {
            return "no " + kind + " short";
        }
        long none =
                shortOnes.stream().filter(s -> s.host() == 0 && s.core() == 0).count();
        long missing = shortOnes.stream()
                .mapToLong(s -> (long) s.hostDue() - s.host() + s.coreDue() - s.core())
                .sum();
        Map<Integer, Integer> byPartition = new TreeMap<>();
        shortOnes.forEach(s -> byPartition.merge(s.partition(), 1, Integer::sum));
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "%,d %s short of %,d link ends (%,d with no link at all), by updates partition %s, e.g.",
                shortOnes.size(),
                kind,
                missing,
                none,
                byPartition));
        shortOnes.stream().limit(EXAMPLES).forEach(s -> line.append(' ').append(s));
        return line.toString();
    }

    /** A device with fewer links than the fabric gives it. */
    private record ShortDevice(String device, int host, int hostDue, int core, int coreDue, int partition) {
        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "%s (host %d/%d, core %d/%d, partition %d)",
                    device,
                    host,
                    hostDue,
                    core,
                    coreDue,
                    partition);
        }
    }
}
