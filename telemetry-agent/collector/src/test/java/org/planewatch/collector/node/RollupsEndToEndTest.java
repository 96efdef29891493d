package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.PrometheusScrape;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;

/**
 * A real broker in the JVM, one collector running the rollups and serving /metrics, and the real
 * simulated agent on a small fabric with a link down in plane 0: the plane rollups, read as a new
 * client reads them (each compacted topic from its start, the last value per key), show the link
 * down in plane 0 and none in plane 1, the suspect rollup ranks the failed link first, and a scrape
 * of /metrics says the same. And the same rollups from a rollup tier of its own: a node that
 * subscribes to no target beside a collector that runs no rollups (ADR 0141).
 */
class RollupsEndToEndTest {
    private static final RollupLayout ROLLUPS = RollupLayout.defaults();

    @TempDir
    Path dir;

    private static <T> Map<String, T> latest(String bootstrap, String topic, Class<T> type) {
        Map<String, T> latest = new HashMap<>();
        for (ConsumerRecord<String, byte[]> record : Collectors.readAll(bootstrap, topic)) {
            if (record.value() == null) {
                latest.remove(record.key());
            } else {
                latest.put(record.key(), RollupJson.decode(record.value(), type));
            }
        }
        return latest;
    }

    /** The plane rollups once plane 0's shows a link down and plane 1's is there; an error after 60 s. */
    private static Map<String, PlaneRollup> planesWithTheLinkDown(String bootstrap) throws InterruptedException {
        AtomicReference<Map<String, PlaneRollup>> planes = new AtomicReference<>(Map.of());
        Collectors.await(
                () -> {
                    planes.set(latest(bootstrap, ROLLUPS.planes(), PlaneRollup.class));
                    PlaneRollup zero = planes.get().get("0");
                    return zero != null && zero.linksDown() > 0 && planes.get().containsKey("1");
                },
                Duration.ofSeconds(60),
                () -> "no plane rollup showed the link down: " + planes.get());
        return planes.get();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void thePlaneRollupShowsTheLinkDownInItsPlaneAndTheSuspectRollupNamesIt() throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                SimAgent agent = SimAgent.startWithALinkDown()) {
            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"));
            String bootstrap = kafka.bootstrap();
            long started = System.nanoTime();
            try (CollectorNode node = CollectorNode.start(
                    Collectors.settings("a", bootstrap, targets, 3),
                    new CollectorNode.Options(true, 0, "127.0.0.1"),
                    line -> System.out.println(line))) {
                AtomicReference<Map<String, PlaneRollup>> planes =
                        new AtomicReference<>(planesWithTheLinkDown(bootstrap));
                System.out.println("plane rollup with the link down "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms after the collector"
                        + " started: " + planes.get());
                assertEquals(1, planes.get().get("0").linksDown(), planes.get().toString());
                assertEquals(0, planes.get().get("1").linksDown(), planes.get().toString());
                LinkRollup link =
                        latest(bootstrap, ROLLUPS.links(), LinkRollup.class).get(SimAgent.DOWN_LINK);
                assertEquals("DOWN", link.state(), String.valueOf(link));

                AtomicReference<Map<String, SuspectRollup>> suspects = new AtomicReference<>(Map.of());
                try {
                    Collectors.await(
                            () -> {
                                suspects.set(latest(bootstrap, ROLLUPS.suspects(), SuspectRollup.class));
                                SuspectRollup top = suspects.get().get(SimAgent.DOWN_LINK);
                                return top != null && top.rank() == 1;
                            },
                            Duration.ofSeconds(30),
                            "the suspect rollup did not rank the failed link first: " + suspects);
                } finally {
                    System.out.println("decisions in the exclusions topic: "
                            + Collectors.readAll(bootstrap, "planewatch.exclusions")
                                    .size() + ", taken by the rollups: "
                            + node.rollups().counters().decisions.sum() + ", malformed: "
                            + node.rollups().counters().malformed.sum() + "; suspects: " + suspects.get());
                }
                assertEquals(0, suspects.get().get(SimAgent.DOWN_LINK).plane());

                AtomicReference<PrometheusScrape.Page> page = new AtomicReference<>();
                Collectors.await(
                        () -> {
                            try {
                                page.set(PrometheusScrape.scrape(node.metricsPort()));
                            } catch (Exception e) {
                                throw new AssertionError(e);
                            }
                            return page.get().named("planewatch_link_down").stream()
                                            .anyMatch(s -> SimAgent.DOWN_LINK.equals(
                                                    s.labels().get("link")))
                                    && page.get().named("planewatch_suspect_score").stream()
                                            .anyMatch(s -> SimAgent.DOWN_LINK.equals(
                                                    s.labels().get("name")));
                        },
                        Duration.ofSeconds(15),
                        "/metrics did not show the link down and its suspect");
                assertEquals(
                        agent.devices().size(),
                        page.get()
                                .named("planewatch_collector_targets")
                                .getFirst()
                                .value());
                assertTrue(page.get().named("planewatch_plane_links_down").stream()
                        .anyMatch(s -> s.labels().get("plane").equals("0") && s.value() == 1));
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRollupsNodeApartFromTheCollectorsRollsUpWhatTheySubscribed() throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                SimAgent agent = SimAgent.startWithALinkDown()) {
            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"));
            String bootstrap = kafka.bootstrap();
            // The rollups node first: it makes the topics the collectors write, as it may start before them.
            try (CollectorNode rollups = CollectorNode.start(
                            Collectors.settings("rollups-a", bootstrap, targets, 3),
                            new CollectorNode.Options(false, true, 0, "127.0.0.1"),
                            line -> System.out.println(line));
                    CollectorNode collector = CollectorNode.start(
                            Collectors.settings("a", bootstrap, targets, 3),
                            new CollectorNode.Options(false, null, "127.0.0.1"),
                            line -> System.out.println(line))) {
                assertEquals(null, rollups.collector(), "the rollups node subscribes to no target");
                assertEquals(null, collector.rollups(), "the collector runs no rollups");
                Map<String, PlaneRollup> planes = planesWithTheLinkDown(bootstrap);
                assertEquals(1, planes.get("0").linksDown(), planes.toString());
                assertEquals(0, planes.get("1").linksDown(), planes.toString());
                assertEquals(
                        "DOWN",
                        latest(bootstrap, ROLLUPS.links(), LinkRollup.class)
                                .get(SimAgent.DOWN_LINK)
                                .state());
                assertEquals(
                        agent.devices().size(),
                        collector.collector().targets().size(),
                        "the collector holds every target");
                PrometheusScrape.Page page = PrometheusScrape.scrape(rollups.metricsPort());
                assertTrue(
                        page.named("planewatch_collector_targets").isEmpty(),
                        "not a collector: none of a collector's figures (an alert on no target held would fire)");
                assertEquals(
                        1.0, page.named("planewatch_rollups_running").getFirst().value(), "its rollups run");
                assertTrue(
                        page.named("planewatch_plane_links_down").stream()
                                .anyMatch(s -> s.labels().get("plane").equals("0") && s.value() == 1),
                        "its /metrics shows the plane's rollup");
            }
        }
    }
}
