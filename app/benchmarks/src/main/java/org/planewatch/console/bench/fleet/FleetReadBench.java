package org.planewatch.console.bench.fleet;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.planewatch.console.fleet.FleetReader;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.telemetry.FleetAddress;

/**
 * The console's fleet source alone on a broker that already holds a fleet's topics (a full-scale
 * pipeline run's Kafka directory, served by {@code planewatch-collector --embedded-broker DIR}): how
 * long from connecting until its snapshots hold what the rollup topics held then, and what it reads
 * a second on the way. Nothing writes to the topics meanwhile, so runs on a copy of the same
 * directory read the same records (the broker may compact them on start; the bench prints what each
 * topic holds when it connects). {@link FleetFill} fills an empty broker with a full fabric's rollups
 * in seconds, and with {@code --live} keeps writing them as collectors do while the bench reads.
 *
 * <pre>
 * java -Xmx2g -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.fleet.FleetReadBench \
 *     --bootstrap 127.0.0.1:PORT --links 2097152 --planes 8 [--seconds 600]
 * </pre>
 */
public final class FleetReadBench {
    private static final Duration SAY_EVERY = Duration.ofSeconds(5);
    private static final List<String> FLAGS = List.of("--bootstrap", "--links", "--planes", "--seconds");

    private FleetReadBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = FlagValues.parse("FleetReadBench", FLAGS, args);
        String bootstrap = options.get("--bootstrap");
        long links = Long.parseLong(options.getOrDefault("--links", "2097152"));
        int planes = Integer.parseInt(options.getOrDefault("--planes", "8"));
        long bound = Long.parseLong(options.getOrDefault("--seconds", "600"));
        if (bootstrap == null) {
            System.err.println("FleetReadBench: give --bootstrap HOST:PORT (a broker holding a fleet's topics)");
            System.exit(2);
        }
        // What the topics hold now, read once before the source connects (which also warms the broker's
        // page cache, as a console connecting to a running broker finds it): compaction removes
        // records without moving offsets, so offsets alone would overstate it. The exclusions are
        // counted as the source reads them: the newest RECENT_DECISIONS of each partition.
        long held = 0;
        try (TopicReader topics = new TopicReader(bootstrap)) {
            for (String topic : List.of(
                    "planewatch.rollup.planes",
                    "planewatch.rollup.links",
                    "planewatch.rollup.suspects",
                    "planewatch.rollup.alarms",
                    "planewatch.exclusions")) {
                long[] n = new long[1];
                Set<String> keys = new HashSet<>();
                long last = topic.equals("planewatch.exclusions") ? FleetReader.RECENT_DECISIONS : -1;
                topics.readTail(topic, last, Duration.ofSeconds(bound), r -> {
                    n[0]++;
                    keys.add(r.key());
                });
                held += n[0];
                say(
                        "topic %s holds %,d records of %,d keys (%,d by its offsets)",
                        topic, n[0], keys.size(), topics.records(topic));
            }
        }
        long start = System.nanoTime();
        long everyPlane = -1;
        long everyLink = -1;
        long caughtUp = -1;
        long nextSay = 0;
        long lastRecords = 0;
        long lastSay = start;
        long snapshots = 0;
        long lastVersion = -1;
        // Every change of the tier's freshness (LIVE, STALE, LOST) is a change of every link's.
        Freshness lastFreshness = null;
        long freshnessChanges = 0;
        try (FleetSession session =
                FleetSession.start(new FleetAddress(bootstrap, Map.of(), "bench"), InstantSource.system())) {
            long deadline = start + Duration.ofSeconds(bound).toNanos();
            while (System.nanoTime() < deadline && (everyLink < 0 || caughtUp < 0)) {
                FabricSnapshot s = session.snapshots().latest();
                long now = System.nanoTime();
                if (s.version() != lastVersion) {
                    lastVersion = s.version();
                    snapshots++;
                }
                Freshness freshness =
                        s.targets().isEmpty() ? null : s.targets().getFirst().freshness();
                if (freshness != lastFreshness) {
                    freshnessChanges += lastFreshness == null ? 0 : 1;
                    lastFreshness = freshness;
                }
                if (everyPlane < 0 && FleetPipelineBench.livePlanes(s) >= planes) {
                    everyPlane = now - start;
                }
                if (everyLink < 0 && s.links().size() >= links) {
                    everyLink = now - start;
                }
                if (caughtUp < 0 && s.ingest().appliedUpdates() >= held) {
                    caughtUp = now - start;
                    say(
                            "caught up: every record the topics held read and published after %.1f s, %,d links",
                            secs(caughtUp), s.links().size());
                    deadline = Math.min(deadline, now + Duration.ofSeconds(5).toNanos());
                }
                if (now >= nextSay) {
                    long records = s.ingest().appliedUpdates();
                    say(
                            "%6.1f s: %,d records read (%,.0f/s since the last line), %,d links, %,d hosts, %,d"
                                    + " snapshots published, rollups %s, heap %,d MB, GC %,d ms",
                            secs(now - start),
                            records,
                            (records - lastRecords) / Math.max(1e-9, secs(now - lastSay)),
                            s.links().size(),
                            s.hosts().size(),
                            snapshots,
                            freshness,
                            usedHeapMb(),
                            gcMillis());
                    lastRecords = records;
                    lastSay = now;
                    nextSay = now + SAY_EVERY.toNanos();
                }
                Thread.sleep(20);
            }
            FabricSnapshot s = session.snapshots().latest();
            say(
                    "RESULT connect to every plane live: %s; to every record the topics held: %s; to every link (%,d of"
                            + " %,d): %s; %,d records read of the %,d the"
                            + " topics held; %,d snapshots published; the rollups' freshness changed %d times;"
                            + " heap %,d MB; GC %,d ms",
                    seconds(everyPlane, bound),
                    seconds(caughtUp, bound),
                    s.links().size(),
                    links,
                    seconds(everyLink, bound),
                    s.ingest().appliedUpdates(),
                    held,
                    snapshots,
                    freshnessChanges,
                    usedHeapMb(),
                    gcMillis());
            // What the source holds: the heap after full collections, the session still open.
            System.gc();
            System.gc();
            say(
                    "RESULT heap after a full GC with the source open: %,d MB (%,d B a link held)",
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20,
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()
                            / Math.max(1, session.snapshots().latest().links().size()));
        }
    }

    private static String seconds(long nanos, long bound) {
        return nanos < 0 ? "NOT within " + bound + " s" : String.format(Locale.ROOT, "%.1f s", secs(nanos));
    }

    private static double secs(long nanos) {
        return nanos / 1e9;
    }

    private static long usedHeapMb() {
        Runtime r = Runtime.getRuntime();
        return (r.totalMemory() - r.freeMemory()) >> 20;
    }

    private static long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }

    private static void say(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
        System.out.flush();
    }
}
