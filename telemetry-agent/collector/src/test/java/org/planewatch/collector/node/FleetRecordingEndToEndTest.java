package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.publish.DecisionId;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.ExclusionsTopic;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.headless.DiagnoseCommand;
import org.planewatch.console.headless.RecordCommand;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import picocli.CommandLine;

/**
 * Issue 21 item 4 end to end: a real broker in the JVM, two collectors running the rollups, the real
 * simulated agent with a link down for good in plane 0, and {@code planewatch record --kafka} run as
 * an operator runs it. Before the collectors made the topics it refuses, naming them. Then it records
 * while the console core on the fleet watches, and one collector is killed mid-run and the other
 * takes its targets over; once the agent is paused and the topic holds every decision it sent, the
 * recording is stopped and replayed: at an instant the console showed the incident steadily (the
 * link plane 0's first suspect), {@code diagnose} on the file names the link and the replay shows the
 * same planes, suspect and link as the console; the file's decisions are the topic's (count and
 * identity, none lost, none twice), and the raw updates of the switches in alarm are in it (their
 * event rings left out: the decisions are recorded once, from the exclusions topic).
 *
 * <p>The test compares with what the console showed rather than asserting the link down in the
 * rollups: a rollup task that moves between collectors forgets states sent only on change (ADR
 * 0100), so whether plane 0's rollup counts the link down at a given moment depends on the run.
 */
class FleetRecordingEndToEndTest {
    private static final Pattern DECISIONS_READ = Pattern.compile("decisions (\\d+) ");
    /** How long the console must show the same incident before the test takes it as what was recorded. */
    private static final Duration STEADY = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    /** The small fabric (16 hosts, 32 devices behind 4 targets): the default run's version. */
    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aRecordingMadeFromKafkaReplaysTheIncidentWithEveryDecisionOnceThroughACollectorKill() throws Exception {
        try (SimAgent agent = SimAgent.startWithALinkDown()) {
            run(agent, SimAgent.DOWN_LINK, 4, 16);
        }
    }

    /** Issue 21's fabric: 2,048 hosts, 2,192 devices behind 16 targets; minutes on 2 cores. */
    @Test
    @Tag("slow")
    @Timeout(value = 900, unit = TimeUnit.SECONDS)
    void onA2048HostFabricTheRecordingReplaysTheIncidentWithEveryDecisionOnce() throws Exception {
        try (SimAgent agent = SimAgent.startBigFabricWithALinkDown()) {
            run(agent, SimAgent.BIG_DOWN_LINK, 16, 2_048);
        }
    }

    private void run(SimAgent agent, String downLink, int targetCount, int hosts) throws Exception {
        Path out = dir.resolve("fleet.pwrec");
        try (KafkaTestCluster kafka = KafkaTestCluster.start()) {
            String bootstrap = kafka.bootstrap();
            assertEquals(
                    2,
                    RecordCommand.run(
                            new String[] {"--kafka", bootstrap, "--out", out.toString()},
                            InstantSource.system(),
                            System.out,
                            err));
            assertTrue(
                    printed()
                            .contains("has no topic planewatch.rollup.planes, planewatch.rollup.links,"
                                    + " planewatch.rollup.suspects, planewatch.rollup.alarms, planewatch.exclusions,"
                                    + " planewatch.updates (collectors create them"),
                    printed());
            assertTrue(Files.notExists(out), "a refused recording leaves no file");
            errBytes.reset();

            Path targets = agent.writeTargetsFile(dir.resolve("targets.yaml"), targetCount);
            CollectorNode a = CollectorNode.start(settings("a", bootstrap, targets), rollups(), System.out::println);
            CollectorNode b = CollectorNode.start(settings("b", bootstrap, targets), rollups(), System.out::println);
            ExecutorService recorderThread = Executors.newSingleThreadExecutor();
            try {
                try (KafkaConsumer<String, byte[]> topics = consumer(bootstrap)) {
                    Collectors.await(
                            () -> topicsExist(topics), Duration.ofSeconds(60), "the collectors made no topics");
                }
                RecordCommand command = new RecordCommand(InstantSource.system(), err);
                CommandLine line = new CommandLine(command);
                line.setOut(new PrintWriter(System.out, true));
                line.setErr(new PrintWriter(err, true));
                long recordingStarted = System.currentTimeMillis();
                Future<Integer> recording = recorderThread.submit(
                        () -> line.execute("--kafka", bootstrap, "--out", out.toString(), "--lookback", "30s"));

                // What the console on the fleet shows while the incident is steady: the replay must show the same.
                Shown live;
                try (FleetSession console = FleetSession.start(
                        new FleetAddress(bootstrap, Map.of(), "test"),
                        InstantSource.system(),
                        Duration.ofSeconds(30))) {
                    live = steadyIncident(console, downLink);
                }
                a.collector().crash();
                a.close();
                Collectors.await(
                        () -> b.collector().targets().size() == targetCount
                                && agent.activeSubscriptions()
                                        == agent.devices().size(),
                        Duration.ofSeconds(30),
                        "the surviving collector did not take every target over");
                ExclusionsTopic.assertHoldsEverySentDecisionOnce(bootstrap, agent);
                List<DecisionId> inTopic = ExclusionsTopic.decisionsIn(bootstrap);
                Collectors.await(
                        () -> decisionsRead() >= inTopic.size(),
                        Duration.ofSeconds(30),
                        "the recorder did not read the topic's " + inTopic.size() + " decisions (" + decisionsRead()
                                + "; it said: " + tail() + ")");
                Thread.sleep(1_500); // a progress line a second: what was read is handed to the file by now
                command.stop();
                assertEquals(0, recording.get(30, TimeUnit.SECONDS), printed());
                long recordedMillis = System.currentTimeMillis() - recordingStarted;
                long bytes = Files.size(out);
                System.out.printf(
                        Locale.ROOT,
                        "fleet recording of %d hosts: %d bytes in %.1f s (%.0f bytes/s); %s%n",
                        hosts,
                        bytes,
                        recordedMillis / 1000.0,
                        bytes * 1000.0 / recordedMillis,
                        printed()
                                .lines()
                                .filter(l -> l.startsWith("recorded "))
                                .findFirst()
                                .orElse(""));
                assertTrue(Files.notExists(Path.of(out + "-wal")), "closed cleanly into one file");

                assertEquals(
                        new HashSet<>(inTopic).size(),
                        decisionRows(out).size(),
                        "as many decisions in the file as distinct ones in the topic");
                assertEquals(new HashSet<>(inTopic), new HashSet<>(decisionRows(out)), "the same decisions");
                assertRawUpdatesOfTheSwitchesInAlarm(out, downLink);
                assertReplayShowsWhatTheConsoleShowed(out, downLink, live);
            } finally {
                a.collector().crash();
                a.close();
                b.close();
                recorderThread.shutdownNow();
                recorderThread.awaitTermination(10, TimeUnit.SECONDS);
            }
        }
    }

    private void assertRawUpdatesOfTheSwitchesInAlarm(Path out, String downLink) throws Exception {
        Set<String> ends = Set.of(downLink.split("~"));
        long raw = 0;
        long ringLeaves = 0;
        Set<String> devices = new HashSet<>();
        try (RecordingReader reader = RecordingReader.open(out)) {
            long[] range = reader.timeRange();
            ReplayCursor cursor = reader.cursor();
            List<IngestEvent> all = new ArrayList<>(cursor.seek(range[0]));
            all.addAll(cursor.advanceTo(range[1]));
            for (IngestEvent event : all) {
                if (event instanceof IngestEvent.Notification n && n.source().equals(FleetTopics.UPDATES)) {
                    devices.add(n.target());
                    raw += n.updates().size();
                    for (TelemetryUpdate u : n.updates()) {
                        if (ExclusionEventRing.isInEntry(u.path())) {
                            ringLeaves++;
                        }
                    }
                }
            }
        }
        assertTrue(devices.containsAll(ends), "both ends of the link down were recorded raw: " + devices);
        assertTrue(raw > 0, "raw updates recorded");
        assertEquals(0, ringLeaves, "no decision comes twice: the raw updates' event rings are left out");
    }

    /** What the console on the fleet shows of the incident at one instant. */
    private record Shown(
            long atMillis, String firstSuspect, int plane0LinksDown, int plane1LinksDown, String linkState) {
        static Shown of(FabricSnapshot s, String link, long atMillis) {
            return new Shown(
                    atMillis,
                    s.suspects().stream()
                            .filter(x -> x.plane() == 0)
                            .findFirst()
                            .map(Suspect::name)
                            .orElse("none"),
                    s.plane(0).map(FabricSnapshot.PlaneSummary::linksDown).orElse(-1),
                    s.plane(1).map(FabricSnapshot.PlaneSummary::linksDown).orElse(-1),
                    s.link(link).map(l -> l.up() ? "up" : "down").orElse("unknown"));
        }

        Shown at(long millis) {
            return new Shown(millis, firstSuspect, plane0LinksDown, plane1LinksDown, linkState);
        }
    }

    /**
     * Waits until the console on the fleet has shown the same incident (the link plane 0's first
     * suspect, the same planes and link) for {@link #STEADY}, and returns it at the middle of
     * that time: the recorder, reading the same topics, held the same records then.
     */
    private static Shown steadyIncident(FleetSession console, String downLink) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        Shown since = null;
        while (System.currentTimeMillis() < deadline) {
            long now = System.currentTimeMillis();
            Shown shown = Shown.of(console.snapshots().latest(), downLink, now);
            if (!shown.firstSuspect().equals(downLink) || since == null || !shown.equals(since.at(shown.atMillis()))) {
                since = shown.firstSuspect().equals(downLink) ? shown : null;
            } else if (now - since.atMillis() >= STEADY.toMillis()) {
                return since.at(since.atMillis() + STEADY.toMillis() / 2);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the console on the fleet did not show " + downLink + " as plane 0's first suspect"
                + " steadily for " + STEADY.toSeconds() + " s within 120 s (it shows "
                + Shown.of(console.snapshots().latest(), downLink, 0) + ")");
    }

    private void assertReplayShowsWhatTheConsoleShowed(Path out, String downLink, Shown live) throws Exception {
        long startMillis;
        try (RecordingReader reader = RecordingReader.open(out)) {
            startMillis = reader.timeRange()[0];
        }
        String at = String.format(Locale.ROOT, "%.1f", (live.atMillis() - startMillis) / 1000.0);
        ByteArrayOutputStream diagnosed = new ByteArrayOutputStream();
        int status = DiagnoseCommand.run(
                new String[] {out.toString(), "--at", at},
                InstantSource.system(),
                new PrintStream(diagnosed, true, StandardCharsets.UTF_8),
                err);
        String answer = diagnosed.toString(StandardCharsets.UTF_8);
        System.out.print("planewatch diagnose " + out.getFileName() + " --at " + at + ":\n" + answer);
        assertEquals(0, status, printed());
        assertTrue(
                answer.lines()
                        .skip(1)
                        .findFirst()
                        .orElse("")
                        .matches(" 1\\. link\\s+" + Pattern.quote(downLink) + " .*"),
                "diagnose names the link down first: " + answer);

        try (ReplaySession replay = ReplaySession.open(out, InstantSource.system(), AlarmThresholds.defaults())) {
            long atMillis = startMillis + Math.round(Double.parseDouble(at) * 1000);
            FabricSnapshot shown = replay.snapshotAt(atMillis).get(60, TimeUnit.SECONDS);
            assertEquals(
                    live.at(atMillis),
                    Shown.of(shown, downLink, atMillis),
                    "the replay shows the planes, suspect and link the console showed then: "
                            + timeline(replay, downLink));
            assertFalse(shown.events().isEmpty(), "the exclusion events so far");
            FabricSnapshot last =
                    replay.snapshotAt(replay.playhead().endMillis()).get(60, TimeUnit.SECONDS);
            for (String end : downLink.split("~")) {
                assertFalse(
                        last.switchNamed(end).orElseThrow().ports().isEmpty(),
                        "the switch in alarm " + end + " has its ports from its raw updates");
            }
        }
    }

    /** Second by second, what the replay shows of the incident: for a failure's message. */
    private static String timeline(ReplaySession replay, String downLink) throws Exception {
        StringBuilder text = new StringBuilder();
        long start = replay.playhead().startMillis();
        for (long t = start; t <= replay.playhead().endMillis(); t += 1_000) {
            FabricSnapshot s = replay.snapshotAt(t).get(60, TimeUnit.SECONDS);
            text.append(String.format(
                    Locale.ROOT,
                    "%n%5.1f s: plane 0 links down %s, %s %s, first suspect %s, %d events",
                    (t - start) / 1000.0,
                    s.plane(0).map(p -> Integer.toString(p.linksDown())).orElse("-"),
                    downLink,
                    s.link(downLink).map(l -> l.up() ? "up" : "down").orElse("unknown"),
                    s.suspects().isEmpty() ? "none" : s.suspects().getFirst().name(),
                    s.events().size()));
        }
        return text.toString();
    }

    private long decisionsRead() {
        Matcher last = null;
        for (String line : printed().lines().toList()) {
            Matcher m = DECISIONS_READ.matcher(line);
            if (line.startsWith("recording ") && m.find()) {
                last = m;
            }
        }
        return last == null ? 0 : Long.parseLong(last.group(1));
    }

    private static List<DecisionId> decisionRows(Path out) throws Exception {
        List<DecisionId> rows = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + out + "?mode=ro");
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT target, ring_seq, timestamp_ns FROM exclusions")) {
            while (rs.next()) {
                rows.add(new DecisionId(rs.getString(1), rs.getLong(2), rs.getLong(3)));
            }
        }
        return rows;
    }

    private static boolean topicsExist(KafkaConsumer<String, byte[]> consumer) {
        Set<String> topics = consumer.listTopics(Duration.ofSeconds(5)).keySet();
        return topics.containsAll(List.of(
                FleetTopics.PLANES,
                FleetTopics.LINKS,
                FleetTopics.SUSPECTS,
                FleetTopics.ALARMS,
                FleetTopics.EXCLUSIONS,
                FleetTopics.UPDATES));
    }

    private static KafkaConsumer<String, byte[]> consumer(String bootstrap) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "test-topics-" + UUID.randomUUID());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        return new KafkaConsumer<>(props);
    }

    /** The recorder's last lines, for a failure's message. */
    private String tail() {
        List<String> lines = printed().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    }

    private String printed() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    private static CollectorSettings settings(String id, String bootstrap, Path targets) {
        return Collectors.settings(id, bootstrap, targets, 8);
    }

    private static CollectorNode.Options rollups() {
        return new CollectorNode.Options(true, null, "127.0.0.1");
    }
}
