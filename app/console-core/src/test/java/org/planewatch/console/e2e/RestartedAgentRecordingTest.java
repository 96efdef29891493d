package org.planewatch.console.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.console.headless.RecordCommand;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.testing.SentDecisionCounter;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import picocli.CommandLine;

/**
 * The headless recorder's code path ({@code planewatch record}) against real in-process gNMI agents
 * with the simulated back end, over real gRPC on loopback, killed and restarted on the same port:
 * each restart is subscribed to again within 2 s of the agent listening, every decision each agent
 * session sent (counted on the agent's side of the wire) is in the recording once with its own
 * fields and in the replay, and every period without the agent is a gap in the recording.
 *
 * <p>Before each kill the agent's simulation is paused until what it made has been handed to gRPC
 * (the counter sees no new response for 300 ms) and has reached the recorder (the recording holds
 * as many decisions of that agent as it sent, or 20 s passed): what a dying agent still held in
 * its socket buffers is not the recorder's to lose, and "sent" is exact. The kill itself is
 * abrupt: the server shuts down now, resetting its streams. The comparison at the end is of each
 * decision the agent sent, with its fields, against the recording's rows.
 */
class RestartedAgentRecordingTest {
    private static final Duration STREAM_FOR = Duration.ofMillis(500);
    private static final long RESUBSCRIBE_LIMIT_MILLIS = 2_000;

    @TempDir
    Path dir;

    /** One agent session: when it listened, when the recorder subscribed, when it was killed, what it sent. */
    record AgentSession(
            int index,
            long listenMillis,
            long resubscribeMillis,
            long killMillis,
            List<SentDecisionCounter.Sent> sent) {}

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void anAgentRestartedFiveTimesIsSubscribedAgainWithinTwoSecondsAndEveryDecisionIsRecorded() throws Exception {
        // One long outage: a back-off that grows with the outage misses the agent by seconds.
        restarts(List.of(300L, 6_000L, 1_000L, 2_000L, 500L));
    }

    @Test
    @Tag("slow")
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void anAgentRestartedFiftyTimesIsSubscribedAgainWithinTwoSecondsAndEveryDecisionIsRecorded() throws Exception {
        List<Long> downtimes = new ArrayList<>();
        long[] cycle = {300, 1_000, 2_000, 4_000, 8_000};
        for (int i = 0; i < 50; i++) {
            downtimes.add(cycle[i % cycle.length]);
        }
        restarts(downtimes);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void twoAgentsWhoseDevicesShareNamesAreRecordedTogetherEachDecisionOnce() throws Exception {
        int portA = freePort();
        int portB = freePort();
        Path out = dir.resolve("two-agents.pwrec");
        Map<String, List<AgentSession>> sessions = new HashMap<>();
        sessions.put("a", new ArrayList<>());
        sessions.put("b", new ArrayList<>());
        // Both agents serve the same scenario: the same device names, decisions of their own.
        Agent a = Agent.start(portA, 0);
        Agent b = Agent.start(portB, 0);
        Recorder recorder = Recorder.start(dir, out, Map.of("a", portA, "b", portB));
        Delivered delivered = new Delivered(out, sessions);
        sessions.get("a").add(a.streamAndKill(STREAM_FOR, delivered.of("a")));
        Agent a2 = Agent.start(portA, 1);
        sessions.get("b").add(b.streamAndKill(STREAM_FOR, delivered.of("b")));
        sessions.get("a").add(a2.streamAndKill(STREAM_FOR, delivered.of("a")));
        Agent b2 = Agent.start(portB, 1);
        sessions.get("b").add(b2.streamAndKill(STREAM_FOR, delivered.of("b")));
        recorder.stop();
        Verified verified = verify(out, sessions, recorder);
        assertTrue(verified.sent() > 0, "the agents sent decisions");
        Set<String> sharedNames = new HashSet<>(sessions.get("a").getFirst().sent().stream()
                .map(SentDecisionCounter.Sent::target)
                .toList());
        sharedNames.retainAll(sessions.get("b").getFirst().sent().stream()
                .map(SentDecisionCounter.Sent::target)
                .toList());
        assertTrue(!sharedNames.isEmpty(), "both agents sent decisions of devices with the same names");
    }

    private void restarts(List<Long> downtimes) throws Exception {
        int port = freePort();
        Path out = dir.resolve("restarts.pwrec");
        List<AgentSession> sessions = new ArrayList<>();
        Agent agent = Agent.start(port, 0);
        Recorder recorder = Recorder.start(dir, out, Map.of("lab", port));
        Delivered delivered = new Delivered(out, Map.of("lab", sessions));
        for (int i = 0; i <= downtimes.size(); i++) {
            sessions.add(agent.streamAndKill(STREAM_FOR, delivered.of("lab")));
            if (i < downtimes.size()) {
                Thread.sleep(downtimes.get(i));
                agent = Agent.start(port, i + 1);
            }
        }
        recorder.stop();
        List<Long> latencies = sessions.subList(1, sessions.size()).stream()
                .map(AgentSession::resubscribeMillis)
                .sorted()
                .toList();
        System.out.printf(
                Locale.ROOT,
                "RESILIENCE restarts=%d resubscribe_ms min=%d median=%d max=%d per restart %s%n",
                downtimes.size(),
                latencies.getFirst(),
                latencies.get(latencies.size() / 2),
                latencies.getLast(),
                sessions.subList(1, sessions.size()).stream()
                        .map(AgentSession::resubscribeMillis)
                        .toList());
        Verified verified = verify(out, Map.of("lab", sessions), recorder);
        System.out.printf(
                Locale.ROOT,
                "RESILIENCE sent=%d recorded=%d gaps_flagged=%d/%d%n",
                verified.sent(),
                verified.recorded(),
                verified.gapsFlagged(),
                downtimes.size());
        for (AgentSession s : sessions.subList(1, sessions.size())) {
            assertTrue(
                    s.resubscribeMillis() <= RESUBSCRIBE_LIMIT_MILLIS,
                    "restart " + s.index() + " after "
                            + downtimes.get(s.index() - 1) + " ms down: subscribed again " + s.resubscribeMillis()
                            + " ms after the agent listened\n" + recorder.printed());
        }
        assertTrue(
                recorder.printed()
                        .contains("target lab not live: stream from 127.0.0.1:" + port + " reset while streaming"),
                recorder.printed());
    }

    record Verified(int sent, int recorded, int gapsFlagged) {}

    /**
     * Every decision every agent session sent is in the recording once, with its own fields, and in
     * the replay; each agent session's decisions of one device share a subscription that no other
     * agent session of that device has; every restart's outage is a gap.
     */
    private static Verified verify(Path out, Map<String, List<AgentSession>> sessionsBySource, Recorder recorder)
            throws Exception {
        record Key(String source, String target, long seq, long timestampNs) {}
        record Row(int session, Map<String, String> leaves) {}
        Map<Key, Row> recorded = new HashMap<>();
        int rows = 0;
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + out);
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT source, target, subscription, ring_seq, timestamp_ns, qpn, ev, plane, links,"
                                + " from_state, to_state, reason FROM exclusions")) {
            while (rs.next()) {
                rows++;
                Map<String, String> leaves = new HashMap<>();
                leaves.put("timestamp", Long.toString(rs.getLong(5)));
                leaves.put("qpn", Long.toString(rs.getLong(6)));
                leaves.put("ev", Long.toString(rs.getLong(7)));
                leaves.put("plane", Long.toString(rs.getLong(8)));
                leaves.put("links", rs.getString(9));
                leaves.put("from-state", rs.getString(10));
                leaves.put("to-state", rs.getString(11));
                leaves.put("reason", rs.getString(12));
                Row previous = recorded.put(
                        new Key(rs.getString(1), rs.getString(2), rs.getLong(4), rs.getLong(5)),
                        new Row(rs.getInt(3), leaves));
                assertEquals(null, previous, "one row per decision");
            }
        }
        int sent = 0;
        Set<Key> sentKeys = new HashSet<>();
        for (Map.Entry<String, List<AgentSession>> source : sessionsBySource.entrySet()) {
            Map<String, Map<Integer, Set<Integer>>> ringSessions = new HashMap<>();
            for (AgentSession session : source.getValue()) {
                for (SentDecisionCounter.Sent d : session.sent()) {
                    sent++;
                    Key key = new Key(source.getKey(), d.target(), d.seq(), d.timestampNs());
                    sentKeys.add(key);
                    Row row = recorded.get(key);
                    assertTrue(
                            row != null,
                            "agent session " + session.index() + " of " + source.getKey() + " sent " + d
                                    + ", which the recording lacks\n" + recorder.printed());
                    assertEquals(d.leaves(), row.leaves(), "fields of " + key);
                    ringSessions
                            .computeIfAbsent(d.target(), t -> new HashMap<>())
                            .computeIfAbsent(session.index(), i -> new HashSet<>())
                            .add(row.session());
                }
            }
            ringSessions.forEach((target, byAgentSession) -> {
                Set<Integer> seen = new HashSet<>();
                byAgentSession.forEach((agentSession, ring) -> {
                    assertEquals(
                            1, ring.size(), target + ": agent session " + agentSession + " in subscriptions " + ring);
                    assertTrue(
                            seen.add(ring.iterator().next()),
                            target + ": agent session " + agentSession + " shares subscription " + ring
                                    + " with another");
                });
            });
        }
        assertEquals(
                sent,
                rows,
                () -> "decisions sent, decisions recorded; recorded, not sent: "
                        + recorded.entrySet().stream()
                                .filter(e -> !sentKeys.contains(e.getKey()))
                                .limit(5)
                                .toList());
        int gapsFlagged = 0;
        try (RecordingReader reader = RecordingReader.open(out);
                ReplayEngine replay = new ReplayEngine(reader, AlarmThresholds.defaults())) {
            for (Map.Entry<String, List<AgentSession>> source : sessionsBySource.entrySet()) {
                List<AgentSession> sessions = source.getValue();
                for (int i = 1; i < sessions.size(); i++) {
                    AgentSession before = sessions.get(i - 1);
                    AgentSession after = sessions.get(i);
                    // From when the recorder saw the stream fail (after the kill) to when it streamed again.
                    long streamingAgain = after.listenMillis() + after.resubscribeMillis();
                    boolean flagged = reader.gaps().stream()
                            .anyMatch(g -> g.source().equals(source.getKey())
                                    && g.fromMillis() >= before.killMillis() - 100
                                    && g.fromMillis() <= streamingAgain
                                    && g.toMillis() != null
                                    && g.toMillis() >= Math.max(g.fromMillis(), after.listenMillis())
                                    && g.toMillis() <= streamingAgain + 1_000);
                    assertTrue(
                            flagged,
                            source.getKey() + ": no gap from the kill at " + before.killMillis() + " to the restart at "
                                    + after.listenMillis() + " in " + reader.gaps());
                    gapsFlagged++;
                }
            }
            if (sent <= 20_000) {
                FabricSnapshot end = replay.snapshotAt(reader.timeRange()[1]);
                Set<String> shown = new HashSet<>();
                end.events().forEach(e -> shown.add(e.host() + "#" + e.seq() + "@" + e.timestampNs()));
                Set<String> expected = new HashSet<>();
                sentKeys.forEach(k -> expected.add(k.target() + "#" + k.seq() + "@" + k.timestampNs()));
                assertEquals(expected, shown, "the replay shows every decision sent");
                assertEquals(sent, end.events().size(), "each once");
            }
        }
        return new Verified(sent, rows, gapsFlagged);
    }

    /** An in-process agent on a fixed loopback port, serving a fabric with a flapping link. */
    private static final class Agent {
        private final int index;
        private final SimulatedBackend backend;
        private final AgentServer server;
        private final SentDecisionCounter counter;
        private final long listenNanos;
        private final long listenMillis;

        private Agent(int index, SimulatedBackend backend, AgentServer server, SentDecisionCounter counter) {
            this.index = index;
            this.backend = backend;
            this.server = server;
            this.counter = counter;
            this.listenNanos = System.nanoTime();
            this.listenMillis = System.currentTimeMillis();
        }

        static Agent start(int port, int index) throws Exception {
            SentDecisionCounter counter = new SentDecisionCounter();
            SimulatedBackend backend = new SimulatedBackend(flappingLink(), SimOptions.defaults());
            AgentServer server = new AgentServer(
                            AgentConfig.loopbackInsecure(port, GnmiOptions.defaults()), backend, StructuredLog.silent())
                    .intercept(counter);
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (true) {
                try {
                    server.start();
                    return new Agent(index, backend, server, counter);
                } catch (IOException portStillHeld) {
                    if (System.nanoTime() > deadline) {
                        throw portStillHeld;
                    }
                    Thread.sleep(20);
                }
            }
        }

        /** Waits for the recorder's subscription, lets decisions flow, quiesces, and kills the agent. */
        AgentSession streamAndKill(Duration streamFor, IntPredicate delivered) throws Exception {
            await(
                    () -> counter.firstSubscribeNanos() != 0,
                    Duration.ofSeconds(20),
                    "agent session " + index + " was never subscribed to");
            long resubscribe = TimeUnit.NANOSECONDS.toMillis(counter.firstSubscribeNanos() - listenNanos);
            Thread.sleep(streamFor.toMillis());
            backend.setPaused(true);
            long[] last = {-1};
            long[] stableSince = {System.nanoTime()};
            await(
                    () -> {
                        long messages = counter.messages();
                        if (messages != last[0]) {
                            last[0] = messages;
                            stableSince[0] = System.nanoTime();
                        }
                        return System.nanoTime() - stableSince[0] > TimeUnit.MILLISECONDS.toNanos(300);
                    },
                    Duration.ofSeconds(10),
                    "agent session " + index + " kept sending while paused");
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            for (int before = -1; System.nanoTime() < deadline; Thread.sleep(200)) {
                int now = counter.decisions().size();
                if (now == before && delivered.test(now)) {
                    break;
                }
                before = now;
            }
            long killMillis = System.currentTimeMillis();
            server.close();
            // After the kill: everything this agent session handed to gRPC.
            return new AgentSession(index, listenMillis, resubscribe, killMillis, counter.decisions());
        }
    }

    /**
     * Whether the recording holds as many decisions of a source as its agent sessions sent, those
     * before and {@code sentNow} of the one running: a barrier before a kill, read from the file
     * the recorder writes (WAL: a reader does not disturb it). The comparison is {@link #verify}'s.
     */
    private record Delivered(Path out, Map<String, List<AgentSession>> sessions) {
        IntPredicate of(String source) {
            return sentNow -> {
                int expected = sentNow
                        + sessions.get(source).stream()
                                .mapToInt(s -> s.sent().size())
                                .sum();
                try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + out + "?mode=ro");
                        PreparedStatement count =
                                db.prepareStatement("SELECT count(*) FROM exclusions WHERE source = ?")) {
                    count.setString(1, source);
                    try (ResultSet rs = count.executeQuery()) {
                        return rs.next() && rs.getInt(1) >= expected;
                    }
                } catch (SQLException busyOrNotYetCreated) {
                    return false;
                }
            };
        }
    }

    /** The headless recorder ({@code planewatch record}) running on its own thread until stopped. */
    private record Recorder(RecordCommand command, Thread thread, ByteArrayOutputStream err, int[] status) {
        static Recorder start(Path dir, Path out, Map<String, Integer> ports) throws Exception {
            StringBuilder yaml = new StringBuilder("targets:\n");
            ports.forEach((name, port) -> yaml.append("""
                      %s:
                        address: 127.0.0.1:%d
                        devices: ["*"]
                        insecure: true
                    """.formatted(name, port)));
            Path targets = Files.writeString(dir.resolve(out.getFileName() + ".targets.yaml"), yaml.toString());
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            RecordCommand command =
                    new RecordCommand(InstantSource.system(), new PrintStream(err, true, StandardCharsets.UTF_8));
            int[] status = {-1};
            Thread thread = Thread.ofPlatform()
                    .name("recorder")
                    .start(() -> status[0] =
                            new CommandLine(command).execute("--targets", targets.toString(), "--out", out.toString()));
            return new Recorder(command, thread, err, status);
        }

        void stop() throws InterruptedException {
            command.stop();
            thread.join(30_000);
            assertEquals(0, status[0], printed());
        }

        String printed() {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    /** Eight hosts over two planes; one link of plane 0 goes down for 50 us every 100 us of simulated time. */
    static Scenario flappingLink() {
        return new Scenario(
                "flapping-link",
                11,
                new FabricConfig(2, 4, 2, 2, 100.0, 1_000, 4_096, 64, 262_144, 524_288, 52_428, 209_715, true, 0, 8),
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(1 << 20, 1_000_000),
                List.<FaultSpec>of(new FaultSpec.LinkFlap(20_000, "p0-t0-0~p0-t1-0", 100_000, 50_000, 1_000_000)),
                0);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void await(BooleanSupplier condition, Duration limit, String otherwise) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(otherwise + " within " + limit.toSeconds() + " s");
            }
            Thread.sleep(5);
        }
    }
}
