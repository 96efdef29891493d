package org.planewatch.console.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.testing.Notifications;
import org.planewatch.console.testing.ScriptedGnmiServer;
import org.planewatch.gnmi.proto.Notification;

/**
 * The console flooded beyond what its state owner can apply, through real gNMI on loopback: an
 * agent streams counters of 200 hosts (8 planes each, a notification per plane) as fast as gRPC takes them, with an exclusion decision every
 * 40 notifications, while the state owner is slowed to about 50,000 updates/s (a recorder on a
 * slow disk does that to it). Every decision must arrive, counted by its sequence number, and
 * while the agent streams the target must be reported as streaming with the console behind, never
 * STALE or LOST (issue 20, ADR 0098).
 */
class ConsoleBehindFloodTest {
    private static final String SOURCE = "flood";
    private static final int HOSTS = 200;
    private static final int PLANES = 8;
    private static final String[] LEAVES = {
        "tx-pkts",
        "rx-pkts",
        "tx-bytes",
        "rx-bytes",
        "trims",
        "ecn-marks",
        "losses",
        "retransmits",
        "c8",
        "c9",
        "c10",
        "c11"
    };
    private static final int DECISIONS = 400;
    private static final int NOTIFICATIONS_PER_DECISION = 40;
    /**
     * The slowed state owner: one millisecond per this many updates it applies (10,000 a second). At
     * 50 a millisecond a loaded test machine's sender could fall below the owner's pace, and the
     * flood then never exceeded the console's capacity; at this pace the backlog, at most the queue's
     * bounds plus one value per leaf (about 44,000 updates), still drains in under 5 s.
     */
    private static final int UPDATES_PER_MILLI = 10;

    /** Short thresholds: the flood lasts a few seconds, several times the lost threshold. */
    private static final FreshnessPolicy FRESHNESS =
            new FreshnessPolicy(Duration.ofMillis(600), Duration.ofMillis(1500));

    private static final Duration FLOOD = Duration.ofSeconds(6);
    /** The ingest queue's bounds, small so that a flood a loaded test machine can send fills it. */
    private static final int QUEUE_EVENTS = 2048;

    private static final long QUEUE_UPDATES = 100_000;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyDecisionArrivesAndTheConsoleNotTheTargetIsBehind() throws Exception {
        try (ScriptedGnmiServer agent = ScriptedGnmiServer.start(0, List::of);
                LiveSession session = new LiveSession(InstantSource.system(), FRESHNESS, QUEUE_EVENTS, QUEUE_UPDATES)) {
            // Built before the stream starts: building them takes long enough to look like a silent target.
            List<List<Notification>> rounds = List.of(round(1), round(2));
            session.addBatchListener(ConsoleBehindFloodTest::slowly);
            session.add(TargetConfig.insecure(SOURCE, "127.0.0.1", agent.port(), List.of("*")));
            awaitStreaming(agent, session);

            Set<Freshness> seenWhileStreaming = EnumSet.noneOf(Freshness.class);
            AtomicLong maxBehind = new AtomicLong();
            AtomicBoolean flooding = new AtomicBoolean(true);
            Thread watcher = Thread.ofPlatform().start(() -> {
                while (flooding.get()) {
                    session.snapshots().latest().targets().stream()
                            .filter(t -> t.source().equals(SOURCE))
                            .forEach(t -> {
                                synchronized (seenWhileStreaming) {
                                    seenWhileStreaming.add(t.freshness());
                                }
                                maxBehind.accumulateAndGet(t.behindMillis(), Math::max);
                            });
                    sleep(20);
                }
            });
            int sentDecisions = flood(agent, rounds);
            flooding.set(false);
            watcher.join();

            assertEquals(DECISIONS, sentDecisions, "the agent sent every decision within the flood");
            synchronized (seenWhileStreaming) {
                assertTrue(
                        !seenWhileStreaming.contains(Freshness.STALE) && !seenWhileStreaming.contains(Freshness.LOST),
                        "a streaming target was reported " + seenWhileStreaming + " (the console was behind by up to "
                                + maxBehind.get() + " ms)");
                assertTrue(
                        seenWhileStreaming.contains(Freshness.BEHIND),
                        "the console reported itself behind while flooded: " + seenWhileStreaming);
            }

            Set<Long> missing = awaitDecisions(session);
            assertEquals(Set.of(), missing, "decisions that never arrived, by sequence number");
            assertEquals(0, session.ingestStats().eventsLost());
            assertTrue(
                    session.ingestStats().coalescedUpdates() > 0,
                    "the flood was beyond the console's capacity (nothing coalesced): " + session.ingestStats());
        }
    }

    /**
     * Streams counters of every host, round after round (two pre-built rounds, alternately), and a
     * decision of host-0000 every 40 notifications, as fast as flow control lets it.
     */
    private static int flood(ScriptedGnmiServer agent, List<List<Notification>> rounds) {
        long end = System.nanoTime() + FLOOD.toNanos();
        int sent = 0;
        int decisions = 0;
        for (int round = 0; System.nanoTime() < end || decisions < DECISIONS; round++) {
            for (Notification counters : rounds.get(round % 2)) {
                agent.send(counters);
                if (++sent % NOTIFICATIONS_PER_DECISION == 0 && decisions < DECISIONS) {
                    agent.send(decision(++decisions));
                }
            }
        }
        return decisions;
    }

    /** One notification per host and plane, as an agent that sends each plane's counters on its own. */
    private static List<Notification> round(long round) {
        List<Notification> notifications = new ArrayList<>();
        for (int h = 1; h <= HOSTS; h++) {
            for (int plane = 0; plane < PLANES; plane++) {
                notifications.add(counters(h, plane, round));
            }
        }
        return notifications;
    }

    private static Notification counters(int host, int plane, long round) {
        Notifications n = Notifications.of(host(host), round * 1_000_000L);
        for (String leaf : LEAVES) {
            n.uint("mrc:/planes/plane[id=" + plane + "]/state/" + leaf, round * 1000 + leaf.length());
        }
        return n.build();
    }

    /** Decision {@code seq} of host-0000, all its leaves in one notification, as the agent's ring sends it. */
    private static Notification decision(long seq) {
        String base = "mrc:/events/event[seq=" + seq + "]/state/";
        return Notifications.of(host(0), seq * 1_000L)
                .uint(base + "timestamp", seq * 1_000L)
                .uint(base + "qpn", 100)
                .uint(base + "ev", seq % 16)
                .uint(base + "plane", seq % PLANES)
                .text(base + "links", "host-0000~p" + seq % PLANES + "-t0-0")
                .text(base + "from-state", seq % 2 == 1 ? "GOOD" : "ASSUMED_BAD")
                .text(base + "to-state", seq % 2 == 1 ? "ASSUMED_BAD" : "GOOD")
                .text(base + "reason", "trimmed")
                .build();
    }

    private static String host(int h) {
        return String.format("host-%04d", h);
    }

    /** The slowed state owner: each batch costs it time in proportion to its updates. */
    private static void slowly(List<IngestEvent> batch) {
        long updates = 0;
        for (IngestEvent event : batch) {
            if (event instanceof IngestEvent.Notification n) {
                updates += n.updates().size();
            }
        }
        sleep(updates / UPDATES_PER_MILLI);
    }

    private static void awaitStreaming(ScriptedGnmiServer agent, LiveSession session) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (agent.openStreams() == 0
                || session.snapshots().latest().targets().stream()
                        .noneMatch(t -> t.source().equals(SOURCE) && t.freshness() == Freshness.LIVE)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the console never streamed from the agent: "
                        + session.snapshots().latest().targets());
            }
            agent.send(counters(1, 0, 0));
            Thread.sleep(20);
        }
    }

    /** Waits until the console shows every decision of host-0000 (bounded); the sequence numbers still missing. */
    private static Set<Long> awaitDecisions(LiveSession session) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            Set<Long> missing = new TreeSet<>();
            for (long seq = 1; seq <= DECISIONS; seq++) {
                missing.add(seq);
            }
            session.snapshots().latest().events().stream()
                    .filter(e -> e.host().equals(host(0)))
                    .forEach(e -> missing.remove(e.seq()));
            if (missing.isEmpty() || System.nanoTime() > deadline) {
                return missing;
            }
            Thread.sleep(50);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
