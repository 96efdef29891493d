package org.planewatch.collector.kafka.rollup;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.kafka.KafkaUpdateSink;
import org.planewatch.collector.kafka.Topics;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.HeardInTwoParts;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.testing.WholeModel;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.RollupJson;

/**
 * A per-device rollup task that starts on another collector (the first stopped, or a second joined
 * and took it) begins with an empty model at the committed offset of the updates topic, and agents
 * send a device's LLDP neighbors only when they change. Here the switches, and one host in each
 * partition, reach the first collector, whose T0s cannot place their other hosts (names no pattern
 * knows, roles not told: ADR 0139; before it they took them for T1 switches); the other hosts speak,
 * and the rest send their next sample without LLDP, only once the tasks run on the second collector.
 * Its links must be the whole model's: the T0s' neighbors must outlive the task instance, and its new
 * views must replace the earlier instance's (ADR 0118; found in the 2,048-host pipeline benchmark,
 * where a few T0s kept wrong links for good); and so must their states: the link that went down
 * before the move stays down though its ports' states are not sent again (ADR 0140).
 */
class MovedRollupTasksTest {
    private static final RollupLayout ROLLUPS = RollupLayout.defaults();

    @Test
    @Timeout(180)
    void aTaskStartedAfterItsDevicesSentTheirNeighborsStillNamesTheirLinksRight(@TempDir Path dir) throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                SimAgent agent = SimAgent.startWithChosenNames()) {
            List<IngestEvent.Notification> read = DirectRead.readAll(agent, dir, 2, Duration.ofSeconds(2));
            FabricSnapshot whole = WholeModel.of(read, 1_000_000);
            Map<String, String> wholeLinks = WholeModel.links(whole);
            Map<String, String> wholeStates = WholeModel.states(whole);
            CollectorSettings settings =
                    Collectors.settings("a", kafka.bootstrap(), agent.writeTargetsFile(dir.resolve("targets.yaml")), 3);
            Topics.ensure(settings);
            HeardInTwoParts heard =
                    HeardInTwoParts.of(read, whole, settings.topics().updatePartitions());
            Set<String> hosts = new HashSet<>();
            whole.hosts().forEach(h -> hosts.add(h.name()));

            long started = System.nanoTime();
            try (Rollups first = Rollups.start(settings, ROLLUPS, System.out::println)) {
                publish(settings, heard.first());
                AtomicReference<Map<String, String>> links = new AtomicReference<>(Map.of());
                Collectors.await(
                        () -> {
                            links.set(links(kafka.bootstrap()));
                            return first.counters().notifications.sum()
                                            >= heard.first().size()
                                    && !links.get().isEmpty();
                        },
                        Duration.ofSeconds(60),
                        () -> "the switches' links rolled up on the first collector, got " + links.get());
                System.out.println("first instance rolled up after " + millisSince(started) + " ms");
                assertNotEquals(wholeLinks, links.get(), "hosts not heard of yet: not the whole model on the first");
                assertTrue(
                        links.get().keySet().stream().noneMatch(id -> endsAtAHost(id, hosts)),
                        "no host taken for a T1: " + links.get());
            }

            try (Rollups second = Rollups.start(settings, ROLLUPS, System.out::println)) {
                publish(settings, heard.later());
                AtomicReference<Map<String, String>> links = new AtomicReference<>(Map.of());
                AtomicReference<Map<String, String>> states = new AtomicReference<>(Map.of());
                Collectors.await(
                        () -> {
                            links.set(links(kafka.bootstrap()));
                            states.set(states(kafka.bootstrap()));
                            return second.counters().notifications.sum()
                                            >= heard.later().size()
                                    && links.get().equals(wholeLinks)
                                    && states.get().equals(wholeStates);
                        },
                        Duration.ofSeconds(60),
                        () -> "the whole model's links on the second collector ("
                                + second.counters().notifications.sum() + " of "
                                + heard.later().size()
                                + " notifications taken): " + WholeModel.differences(wholeLinks, links.get())
                                + "; states that differ: " + WholeModel.mismatches(wholeStates, states.get()));
                System.out.println("the whole model's links " + millisSince(started) + " ms after the first started");
            }
        }
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    /** A core link as a T0 names a neighbor it has no role for: {@code p0-t0-1~host-5}. */
    private static boolean endsAtAHost(String id, Set<String> hosts) {
        return hosts.contains(id.substring(id.indexOf('~') + 1));
    }

    private static void publish(CollectorSettings settings, List<IngestEvent.Notification> notifications)
            throws InterruptedException {
        try (KafkaUpdateSink sink = new KafkaUpdateSink(settings)) {
            for (IngestEvent.Notification n : notifications) {
                while (!sink.publish(n)) {
                    Thread.sleep(10);
                }
            }
            sink.flush();
        }
    }

    /** The links topic as a new reader sees it: the last value per link. */
    private static Map<String, String> links(String bootstrap) {
        return latest(bootstrap, link -> WholeModel.describe(link.kind(), link.plane()));
    }

    /** The links' states as a new reader of the links topic sees them. */
    private static Map<String, String> states(String bootstrap) {
        return latest(bootstrap, link -> WholeModel.describeState(link.state(), link.capacityBps()));
    }

    private static Map<String, String> latest(String bootstrap, Function<LinkRollup, String> describe) {
        Map<String, String> latest = new TreeMap<>();
        for (ConsumerRecord<String, byte[]> record : Collectors.readAll(bootstrap, ROLLUPS.links())) {
            if (record.value() == null) {
                latest.remove(record.key());
            } else {
                LinkRollup link = RollupJson.decode(record.value(), LinkRollup.class);
                latest.put(link.link(), describe.apply(link));
            }
        }
        return latest;
    }
}
