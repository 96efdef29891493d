package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * Two collectors, a real broker in the JVM and the real simulated agent on loopback serving each of
 * its 16 devices as a target of its own: each target is subscribed to by exactly one collector
 * (their shares are disjoint and cover every target, and the agent counts one Subscribe stream per
 * target), and every device's updates reach the updates topic. One collector then dies without
 * leaving the group: within 30 s the other holds every target and publishes the dead one's devices.
 */
class TargetSharingTest {
    private static final Duration TAKEOVER_LIMIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyTargetIsHeldByExactlyOneCollectorAndACrashedCollectorsTargetsMoveWithin30Seconds() throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                SimAgent agent = SimAgent.start()) {
            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"));
            Set<String> devices = new TreeSet<>(agent.devices());
            Collector a = Collector.start(Collectors.settings("a", kafka.bootstrap(), targets, 6), line -> {});
            Collector b = Collector.start(Collectors.settings("b", kafka.bootstrap(), targets, 6), line -> {});
            try {
                Collectors.await(
                        // Both hold targets: cooperative rebalancing moves b's shares to it in a second round,
                        // and until then a alone holds every target.
                        () -> exactlyOnce(devices, a.targets(), b.targets())
                                && !a.targets().isEmpty()
                                && !b.targets().isEmpty()
                                && agent.activeSubscriptions() == devices.size(),
                        Duration.ofSeconds(40),
                        "two collectors did not share the " + devices.size() + " targets");
                assertFalse(a.targets().isEmpty(), "collector a holds targets");
                assertFalse(b.targets().isEmpty(), "collector b holds targets");
                Collectors.await(
                        () -> devicesIn(kafka.bootstrap(), "a", "b").containsAll(devices),
                        Duration.ofSeconds(20),
                        "updates of every device did not reach the updates topic");

                Set<String> lost = a.targets();
                long crashed = System.nanoTime();
                a.crash();
                Collectors.await(
                        () -> b.targets().equals(devices) && agent.activeSubscriptions() == devices.size(),
                        TAKEOVER_LIMIT,
                        "the surviving collector did not take over the crashed one's " + lost.size() + " targets");
                long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - crashed);
                System.out.println("takeover of " + lost.size() + " targets after a crash: " + tookMillis + " ms");
                Collectors.await(
                        () -> devicesIn(kafka.bootstrap(), "b").containsAll(lost),
                        Duration.ofSeconds(10),
                        "the survivor did not publish the updates of the crashed collector's devices");
                assertTrue(tookMillis <= TAKEOVER_LIMIT.toMillis());
            } finally {
                a.crash();
                b.close();
            }
        }
    }

    private static boolean exactlyOnce(Set<String> all, Set<String> a, Set<String> b) {
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        return both.isEmpty() && union.equals(all);
    }

    /** Devices with a notification in the updates topic from one of {@code collectors}. */
    private static Set<String> devicesIn(String bootstrap, String... collectors) {
        Set<String> from = Set.of(collectors);
        Set<String> devices = new TreeSet<>();
        List<ConsumerRecord<String, byte[]>> records = Collectors.readAll(bootstrap, "planewatch.updates");
        for (ConsumerRecord<String, byte[]> record : records) {
            if (from.contains(Headers.text(record.headers(), Headers.COLLECTOR, ""))) {
                IngestEvent.Notification n = GnmiRecords.decode(record.value(), "test", 0);
                assertEquals(record.key(), n.target(), "records are keyed by their device");
                devices.add(record.key());
            }
        }
        return devices;
    }
}
