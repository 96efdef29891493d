package org.planewatch.collector.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.publish.DecisionId;
import org.planewatch.collector.publish.ExclusionDecision;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.testing.SentDecisionCounter;

/** What the exclusions topic holds, judged against what the simulated agent sent. */
public final class ExclusionsTopic {
    private ExclusionsTopic() {}

    /**
     * Pauses the simulation, waits until the topic holds every decision the agent sent, and checks
     * that it holds each once, and every device's numbers from its first to its last.
     */
    public static void assertHoldsEverySentDecisionOnce(String bootstrap, SimAgent agent) throws Exception {
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
                () -> {
                    Set<DecisionId> missing = new HashSet<>(sent);
                    missing.removeAll(inTopic);
                    return "the exclusions topic did not receive every decision the agent sent: " + missing.size()
                            + " of " + sent.size() + " missing, e.g. "
                            + missing.stream().limit(5).toList();
                });
        Set<DecisionId> distinct = new HashSet<>(inTopic);
        System.out.println("decisions sent by the agent: " + sent.size() + ", records in the topic: " + inTopic.size()
                + ", distinct: " + distinct.size());
        assertEquals(distinct.size(), inTopic.size(), "no decision is in the topic twice");
        Set<DecisionId> notSent = new TreeSet<>(java.util.Comparator.comparing(DecisionId::device)
                .thenComparingLong(DecisionId::seq)
                .thenComparingLong(DecisionId::timestampNs));
        notSent.addAll(distinct);
        // Judged against what the agent says it sent now: a decision the paused simulation made last
        // may reach the wire after the 500 ms above on a loaded machine (CI saw four), sent all the same.
        for (SentDecisionCounter.Sent decision : agent.sent().decisions()) {
            notSent.remove(new DecisionId(decision.target(), decision.seq(), decision.timestampNs()));
        }
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

    /** Every decision the topic holds now, in its partitions' order (twice if it holds one twice). */
    public static List<DecisionId> decisionsIn(String bootstrap) {
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
