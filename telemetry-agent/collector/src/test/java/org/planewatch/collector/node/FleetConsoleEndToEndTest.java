package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.publish.DecisionId;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.ExclusionsTopic;
import org.planewatch.collector.testing.FleetRecordingRun;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.FleetAddress;

/**
 * Issue 21's end-to-end test: a real broker in the JVM, two collectors running the rollups, the real
 * simulated agent with a link down in plane 0 (a 16-host fabric in the default run, the 2,048-host
 * one tagged slow), devices behind aggregating targets, and the console core on the fleet ({@link FleetSession}). The console receives the
 * plane rollups (the link down in plane 0 only), names the failed link as plane 0's first suspect,
 * and a switch drilled into shows its live counters from its raw updates. One collector is then
 * killed (no goodbye to the group): within 30 s every target is subscribed by exactly one live
 * collector, the console's rollups are live again, the planes say that the killed collector's
 * devices are not heard from while its per-device rollup tasks wait for it, until they move after the
 * rollup session timeout (ADR 0151), and the exclusions topic holds every decision the agent sent, once. All along, {@code planewatch record --kafka} records the fleet (refused,
 * naming the topics, before the collectors made them; ADR 0106): its file holds every decision of
 * the topic once through the kill, the raw updates of the link's two switches, and replays the
 * incident as the console showed it, {@code diagnose} naming the link.
 */
class FleetConsoleEndToEndTest {
    private static final Duration TAKEOVER_LIMIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    /** The small fabric (16 hosts, 32 devices behind 4 targets): the default run's version, about 40 s. */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void onASmallFabricTheConsoleSeesTheIncidentDrillsDownAndEveryTargetComesBack() throws Exception {
        try (SimAgent agent = SimAgent.startWithALinkDown()) {
            run(agent, SimAgent.DOWN_LINK, 4, "p0-t0-1", 16, 4 * 4);
        }
    }

    /** Issue 21's fabric: 2,048 hosts, 2,192 devices behind 16 targets; minutes on 2 cores. */
    @Test
    @Tag("slow")
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void onA2048HostFabricTheConsoleSeesTheIncidentDrillsDownAndEveryTargetComesBack() throws Exception {
        try (SimAgent agent = SimAgent.startBigFabricWithALinkDown()) {
            run(agent, SimAgent.BIG_DOWN_LINK, 16, "p0-t0-5", 2_048, 64 * 8);
        }
    }

    /**
     * @param hosts the fabric's hosts, each with a link in each of the two planes
     * @param coreLinks each plane's T0-T1 links (its T0s times its T1s)
     */
    private void run(SimAgent agent, String downLink, int targetCount, String drilled, int hosts, int coreLinks)
            throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start()) {
            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"), targetCount);
            String bootstrap = kafka.bootstrap();
            Path recorded = dir.resolve("fleet.pwrec");
            FleetRecordingRun.assertRefusedWithoutTheTopics(bootstrap, recorded);
            long started = System.nanoTime();
            CollectorNode a =
                    CollectorNode.start(settings("a", bootstrap, targets), rollupsOnly(), System.out::println);
            CollectorNode b =
                    CollectorNode.start(settings("b", bootstrap, targets), rollupsOnly(), System.out::println);
            try (FleetSession console = FleetSession.start(
                            new FleetAddress(bootstrap, Map.of(), "test"),
                            InstantSource.system(),
                            Duration.ofSeconds(30));
                    FleetRecordingRun recording = FleetRecordingRun.start(bootstrap, recorded)) {
                Set<String> all = new HashSet<>();
                for (int t = 0; t < targetCount; t++) {
                    all.add("agent-" + t);
                }
                AtomicReference<FabricSnapshot> seen = new AtomicReference<>(FabricSnapshot.empty());
                Collectors.await(
                        () -> {
                            seen.set(console.snapshots().latest());
                            return seen.get()
                                            .plane(0)
                                            .map(p -> p.linksDown() > 0)
                                            .orElse(false)
                                    && seen.get().plane(1).isPresent();
                        },
                        Duration.ofSeconds(90),
                        "the console on the fleet did not receive plane rollups with the link down (" + status(console)
                                + ")");
                System.out.printf(
                        "first plane rollup with the link down in the console %d ms after the collectors started%n",
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
                assertEquals(0, seen.get().plane(1).orElseThrow().linksDown(), "plane 1 has no link down");
                Collectors.await(
                        () -> {
                            seen.set(console.snapshots().latest());
                            return seen.get().suspects().stream()
                                    .filter(s -> s.plane() == 0)
                                    .findFirst()
                                    .map(s -> s.name().equals(downLink))
                                    .orElse(false);
                        },
                        Duration.ofSeconds(60),
                        "the console did not name " + downLink + " plane 0's first suspect ("
                                + console.snapshots().latest().suspects() + ")");
                Suspect top = seen.get().suspects().stream()
                        .filter(s -> s.plane() == 0)
                        .findFirst()
                        .orElseThrow();
                assertEquals(Suspect.Kind.LINK, top.kind());
                assertFalse(seen.get().link(downLink).orElseThrow().up(), "the failed link is down");
                Collectors.await(
                        () -> console.snapshots().latest().hosts().size() == hosts,
                        Duration.ofSeconds(30),
                        "the console did not learn every host from the link rollups (knows "
                                + console.snapshots().latest().hosts().size() + " of " + hosts + ")");
                Collectors.await(
                        () -> wholeFabricLinks(console.snapshots().latest(), hosts, coreLinks),
                        Duration.ofSeconds(30),
                        "the link rollups are not those of the whole fabric (" + hosts + " host and " + coreLinks
                                + " core links a plane): "
                                + linkCounts(console.snapshots().latest()));
                assertFalse(seen.get().events().isEmpty(), "the recent exclusion events are listed");
                FleetRecordingRun.Shown steady = FleetRecordingRun.steadyIncident(console, downLink);

                console.watchDevice(drilled);
                Collectors.await(
                        () -> console.snapshots().latest().switchNamed(drilled).stream()
                                .flatMap(s -> s.ports().stream())
                                .anyMatch(p -> p.outOctets() > 0 && Double.isFinite(p.outBps()) && p.outBps() > 0),
                        Duration.ofSeconds(30),
                        "the drilled-down switch " + drilled + " did not show live counters");

                Set<String> lost = a.collector().targets();
                assertFalse(lost.isEmpty(), "the collector killed held targets");
                long killed = System.nanoTime();
                a.crash();
                Collectors.await(
                        () -> b.collector().targets().equals(all)
                                && agent.activeSubscriptions()
                                        == agent.devices().size(),
                        TAKEOVER_LIMIT,
                        "the surviving collector did not take over the killed one's " + lost.size()
                                + " targets (it holds "
                                + b.collector().targets() + ", the agent serves " + agent.activeSubscriptions()
                                + " subscriptions, its failure: "
                                + b.collector().failure() + ")");
                System.out.printf(
                        "takeover of %d targets after a kill: %d ms%n",
                        lost.size(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed));
                Collectors.await(
                        () -> console.snapshots().latest().targets().getFirst().freshness() == Freshness.LIVE,
                        Duration.ofSeconds(60),
                        "the console's rollups did not come back live after the takeover");
                // The killed collector's per-device rollup tasks wait for it (ADR 0151): the planes say
                // their devices are not heard from, until the tasks move after the rollup session timeout.
                Collectors.await(
                        () -> unheardAlarm(console),
                        Duration.ofSeconds(60),
                        "the console did not say that the killed collector's devices are not heard from ("
                                + status(console) + ")");
                System.out.printf(
                        "devices not heard from flagged %d ms after the kill%n",
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed));
                Collectors.await(
                        () -> !unheardAlarm(console)
                                && console.snapshots().latest().planes().stream()
                                        .allMatch(p -> p.freshness() == Freshness.LIVE),
                        Duration.ofSeconds(120),
                        "the killed collector's rollup tasks were not heard from again after the rollup session"
                                + " timeout (" + status(console) + ")");
                System.out.printf(
                        "its rollup tasks heard from again (moved) %d ms after the kill%n",
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed));
                ExclusionsTopic.assertHoldsEverySentDecisionOnce(bootstrap, agent);

                List<DecisionId> inTopic = ExclusionsTopic.decisionsIn(bootstrap);
                Path file = recording.stopAfterReading(inTopic, hosts);
                FleetRecordingRun.assertHoldsEveryDecisionOnce(file, inTopic);
                FleetRecordingRun.assertRawUpdatesOfBothEnds(file, downLink);
                FleetRecordingRun.assertReplayShows(file, downLink, steady);
            } finally {
                a.collector().crash();
                a.close();
                b.close();
            }
        }
    }

    /**
     * Whether each of the two planes has exactly {@code hosts} host links and {@code coreLinks} T0-T1
     * links, none of which ends at a host: the rollups' tasks each hold part of the devices, and a
     * task that took the hosts it does not hold for T1s (ADR 0116) would add core links that end at
     * hosts.
     */
    private static boolean wholeFabricLinks(FabricSnapshot snapshot, int hosts, int coreLinks) {
        Set<String> hostNames = new HashSet<>();
        snapshot.hosts().forEach(h -> hostNames.add(h.name()));
        for (int plane = 0; plane < 2; plane++) {
            int p = plane;
            long hostLinks = snapshot.links().stream()
                    .filter(l -> l.plane() == p && l.kind() == FabricSnapshot.LinkKind.HOST_T0)
                    .count();
            long core = snapshot.links().stream()
                    .filter(l -> l.plane() == p && l.kind() == FabricSnapshot.LinkKind.T0_T1)
                    .count();
            boolean coreToAHost = snapshot.links().stream()
                    .anyMatch(l -> l.kind() == FabricSnapshot.LinkKind.T0_T1
                            && (hostNames.contains(l.lowerEnd()) || hostNames.contains(l.upperEnd())));
            if (hostLinks != hosts || core != coreLinks || coreToAHost) {
                return false;
            }
        }
        return true;
    }

    private static String linkCounts(FabricSnapshot snapshot) {
        Map<String, Long> counts = new TreeMap<>();
        snapshot.links().forEach(l -> counts.merge("plane " + l.plane() + " " + l.kind(), 1L, Long::sum));
        return counts + ", e.g. "
                + snapshot.links().stream()
                        .filter(l -> l.kind() == FabricSnapshot.LinkKind.T0_T1)
                        .map(FabricSnapshot.LinkState::id)
                        .filter(id -> id.contains("host"))
                        .limit(3)
                        .toList();
    }

    private static boolean unheardAlarm(FleetSession console) {
        return console.snapshots().latest().activeAlarms().stream()
                .anyMatch(a -> a.key().equals("fleet/unheard"));
    }

    private static String status(FleetSession console) {
        FabricSnapshot now = console.snapshots().latest();
        return now.targets() + ", planes " + now.planes();
    }

    private static CollectorSettings settings(String id, String bootstrap, Path targets) {
        return Collectors.settings(id, bootstrap, targets, 8);
    }

    private static CollectorNode.Options rollupsOnly() {
        return new CollectorNode.Options(true, null, "127.0.0.1");
    }
}
