package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.broker.EmbeddedBroker;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.publish.DecisionId;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.testing.SentDecisionCounter;

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
                assertTopicHoldsEverySentDecisionOnce(kafka.bootstrap(), agent);
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
                assertTopicHoldsEverySentDecisionOnce(broker.bootstrap(), agent);
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

    /**
     * Pauses the simulation, waits until the topic holds every decision the agent sent, and checks
     * that it holds each once, and every device's numbers from its first to its last.
     */
    private static void assertTopicHoldsEverySentDecisionOnce(String bootstrap, SimAgent agent) throws Exception {
        agent.pause(true);
        assertEquals(0, agent.droppedUpdates(), "the agent dropped nothing (else the test would judge the agent)");
        Thread.sleep(500); // what the paused simulation made last reaches the wire
        Set<DecisionId> sent = new HashSet<>();
        for (SentDecisionCounter.Sent decision : agent.sent().decisions()) {
            sent.add(new DecisionId(decision.target(), decision.seq(), decision.timestampNs()));
        }
        List<DecisionId> inTopic = new ArrayList<>();
        Collectors.await(
                () -> {
                    inTopic.clear();
                    inTopic.addAll(decisionsIn(bootstrap));
                    return new HashSet<>(inTopic).containsAll(sent);
                },
                Duration.ofSeconds(30),
                "the exclusions topic did not receive every decision the agent sent");
        Set<DecisionId> distinct = new HashSet<>(inTopic);
        System.out.println("decisions sent by the agent: " + sent.size() + ", records in the topic: " + inTopic.size()
                + ", distinct: " + distinct.size());
        assertEquals(distinct.size(), inTopic.size(), "no decision is in the topic twice");
        Set<DecisionId> notSent = new TreeSet<>(java.util.Comparator.comparing(DecisionId::device)
                .thenComparingLong(DecisionId::seq)
                .thenComparingLong(DecisionId::timestampNs));
        notSent.addAll(distinct);
        notSent.removeAll(sent);
        assertEquals(
                0,
                notSent.size(),
                "decisions in the topic that the agent never sent, e.g. "
                        + notSent.stream().limit(5).toList());
        Map<String, TreeSet<Long>> seqs = new HashMap<>();
        inTopic.forEach(
                id -> seqs.computeIfAbsent(id.device(), d -> new TreeSet<>()).add(id.seq()));
        seqs.forEach((device, numbers) -> assertEquals(
                numbers.last() - numbers.first() + 1,
                numbers.size(),
                device + "'s ring numbers have a gap: " + numbers));
        assertTrue(sent.size() >= 40, "the agent sent enough decisions to judge: " + sent.size());
    }

    private static List<DecisionId> decisionsIn(String bootstrap) {
        List<DecisionId> ids = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> record : Collectors.readAll(bootstrap, "planewatch.exclusions")) {
            ExclusionDecision decision = GnmiRecords.decodeDecision(
                    record.value(), Headers.text(record.headers(), Headers.SOURCE, record.key()));
            assertEquals(record.key(), decision.device(), "decisions are keyed by their device");
            ids.add(decision.id());
        }
        return ids;
    }
}
