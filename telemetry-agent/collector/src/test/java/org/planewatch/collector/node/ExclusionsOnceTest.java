package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.broker.EmbeddedBroker;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.ExclusionsTopic;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;

/**
 * Exclusion decisions reach the exclusions topic exactly once per (device, ring number, timestamp)
 * across a collector that crashes and is started again, and across a broker restart: every decision
 * the real simulated agent sent (counted on its side of the wire) is in the topic, none twice, and
 * each device's ring numbers are there without a gap. The restarted collector re-reads the agents'
 * rings and publishes only what the topic lacks.
 */
class ExclusionsOnceTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aCollectorCrashedAndStartedAgainPublishesEachDecisionOnceAndLosesNone() throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                SimAgent agent = SimAgent.start(10_000, 8_192)) {
            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"));
            Collector first = Collector.start(Collectors.settings("c1", kafka.bootstrap(), targets, 4), line -> {});
            Collector again = null;
            try {
                awaitPublished(first, 20);
                first.crash();
                again = Collector.start(Collectors.settings("c1", kafka.bootstrap(), targets, 4), line -> {});
                Collector restarted = again;
                Collectors.await(
                        () -> restarted.targets().size() == agent.devices().size(),
                        Duration.ofSeconds(30),
                        "the restarted collector did not take the targets");
                awaitPublished(restarted, 20);
                ExclusionsTopic.assertHoldsEverySentDecisionOnce(kafka.bootstrap(), agent);
                assertTrue(
                        restarted.counters().decisionsAlreadyPublished.sum() > 0,
                        "the restarted collector found decisions of the rings it re-read already published");
            } finally {
                first.crash();
                if (again != null) {
                    again.close();
                }
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void decisionsMadeWhileTheBrokerRestartsArePublishedOnceAndNoneIsLost() throws Exception {
        int port = Collectors.freePortPair();
        Path data = dir.resolve("broker");
        EmbeddedBroker broker = EmbeddedBroker.start(data, port);
        try (SimAgent agent = SimAgent.start(10_000, 8_192)) {
            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"));
            Collector collector = Collector.start(
                    Collectors.settings("c1", broker.bootstrap(), targets, 4), line -> System.out.println(line));
            try {
                awaitPublished(collector, 20);
                long before = collector.counters().decisionsPublished.sum();
                long t0 = System.nanoTime();
                broker.close();
                long t1 = System.nanoTime();
                Thread.sleep(2_000); // decisions keep coming while the broker is down
                broker = EmbeddedBroker.start(data, port);
                long t2 = System.nanoTime();
                awaitPublished(collector, before + 20);
                System.out.printf(
                        "broker stopped in %d ms, started again in %d ms, publishing again %d ms later%n",
                        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000 - 2_000, (System.nanoTime() - t2) / 1_000_000);
                ExclusionsTopic.assertHoldsEverySentDecisionOnce(broker.bootstrap(), agent);
            } finally {
                collector.close();
            }
        } finally {
            broker.close();
        }
    }

    private static void awaitPublished(Collector collector, long decisions) throws InterruptedException {
        Collectors.await(
                () -> collector.counters().decisionsPublished.sum() >= decisions,
                Duration.ofSeconds(45),
                "collector " + collector.id() + " did not publish " + decisions + " exclusion decisions");
    }
}
