package org.planewatch.collector.testing;

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
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.planewatch.collector.publish.DecisionId;
import org.planewatch.console.headless.DiagnoseCommand;
import org.planewatch.console.headless.RecordCommand;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import picocli.CommandLine;

/**
 * {@code planewatch record --kafka} run in the test's JVM as an operator runs it (a thread of its
 * own, its progress lines read back), and what a recording of the fleet must hold (ADR 0106): every
 * decision of the topic once, the raw updates of the switches in alarm without their event rings,
 * and a replay that shows what the console on the fleet showed, with {@code diagnose} naming the
 * same suspect.
 */
public final class FleetRecordingRun implements AutoCloseable {
    private static final Pattern DECISIONS_READ = Pattern.compile("decisions (\\d+) ");
    /** How long the console must show the same incident before the test takes it as what was recorded. */
    private static final Duration STEADY = Duration.ofSeconds(3);

    private final Path out;
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    private final RecordCommand command = new RecordCommand(InstantSource.system(), err);
    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private final long startedMillis = System.currentTimeMillis();
    private Future<Integer> status;

    private FleetRecordingRun(Path out) {
        this.out = out;
    }

    /** Recording a cluster the collectors have not run against is refused, naming every missing topic; no file is left. */
    public static void assertRefusedWithoutTheTopics(String bootstrap, Path out) {
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        int refused = RecordCommand.run(
                new String[] {"--kafka", bootstrap, "--out", out.toString()},
                InstantSource.system(),
                System.out,
                new PrintStream(said, true, StandardCharsets.UTF_8));
        String text = said.toString(StandardCharsets.UTF_8);
        assertEquals(2, refused, text);
        assertEquals(
                "planewatch record: the Kafka cluster at " + bootstrap + " has no topic planewatch.rollup.planes,"
                        + " planewatch.rollup.links, planewatch.rollup.suspects, planewatch.rollup.alarms,"
                        + " planewatch.exclusions, planewatch.updates (collectors create them, and the rollup topics"
                        + " only when run with --rollups)\n",
                text);
        assertTrue(Files.notExists(out), "a refused recording leaves no file");
    }

    /** Starts {@code record --kafka bootstrap --out out --lookback 30s} once the collectors made the topics. */
    public static FleetRecordingRun start(String bootstrap, Path out) throws InterruptedException {
        try (KafkaConsumer<String, byte[]> topics = Collectors.consumer(bootstrap)) {
            Collectors.await(() -> topicsExist(topics), Duration.ofSeconds(60), "the collectors made no topics");
        }
        FleetRecordingRun run = new FleetRecordingRun(out);
        CommandLine line = new CommandLine(run.command);
        line.setOut(new PrintWriter(System.out, true));
        line.setErr(new PrintWriter(run.err, true));
        run.status = run.thread.submit(
                () -> line.execute("--kafka", bootstrap, "--out", out.toString(), "--lookback", "30s"));
        return run;
    }

    /**
     * Stops the recording once it read every decision the topic holds (its progress line says so),
     * and checks it ended well: exit status 0, one self-contained file. Prints its size per second.
     */
    public Path stopAfterReading(List<DecisionId> inTopic, int hosts) throws Exception {
        Collectors.await(
                () -> decisionsRead() >= inTopic.size(),
                Duration.ofSeconds(30),
                "the recorder did not read the topic's " + inTopic.size() + " decisions (" + decisionsRead()
                        + "; it said: " + tail() + "; its threads: " + threads() + ")");
        Thread.sleep(1_500); // a progress line a second: what was read is handed to the file by now
        command.stop();
        assertEquals(0, status.get(30, TimeUnit.SECONDS), printed());
        long recordedMillis = System.currentTimeMillis() - startedMillis;
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
        return out;
    }

    /** The file holds each decision of the topic once: as many as the topic's distinct ones, the same ones. */
    public static void assertHoldsEveryDecisionOnce(Path out, List<DecisionId> inTopic) throws Exception {
        List<DecisionId> rows = decisionRows(out);
        assertEquals(new HashSet<>(inTopic).size(), rows.size(), "as many decisions as distinct ones in the topic");
        assertEquals(new HashSet<>(inTopic), new HashSet<>(rows), "the same decisions");
    }

    /** Both ends of {@code link} were recorded raw, without their event rings (the decisions come once, from their topic). */
    public static void assertRawUpdatesOfBothEnds(Path out, String link) throws Exception {
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
        assertTrue(devices.containsAll(List.of(link.split("~"))), "both ends of " + link + " recorded raw: " + devices);
        assertTrue(raw > 0, "raw updates recorded");
        assertEquals(0, ringLeaves, "no decision comes twice: the raw updates' event rings are left out");
    }

    /** What the console on the fleet shows of the incident at one instant. */
    public record Shown(
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
     * Waits until the console on the fleet has shown the same incident ({@code link} plane 0's first
     * suspect, the same planes and link) for {@link #STEADY}, and returns it at the middle of that
     * time: the recorder, reading the same topics, held the same records then. (Whether the rollups
     * count the link down at a given moment depends on the run: a rollup task that moves between
     * collectors forgets states sent only on change, ADR 0100.)
     */
    public static Shown steadyIncident(FleetSession console, String link) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        Shown since = null;
        while (System.currentTimeMillis() < deadline) {
            long now = System.currentTimeMillis();
            Shown shown = Shown.of(console.snapshots().latest(), link, now);
            if (!shown.firstSuspect().equals(link) || since == null || !shown.equals(since.at(now))) {
                since = shown.firstSuspect().equals(link) ? shown : null;
            } else if (now - since.atMillis() >= STEADY.toMillis()) {
                return since.at(since.atMillis() + STEADY.toMillis() / 2);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the console on the fleet did not show " + link + " as plane 0's first suspect"
                + " steadily for " + STEADY.toSeconds() + " s within 120 s (it shows "
                + Shown.of(console.snapshots().latest(), link, 0) + ")");
    }

    /**
     * At the instant {@code live} was shown, {@code diagnose} on the file names {@code link} first and
     * the replay shows the same planes, suspect and link, with exclusion events; at its end both ends
     * of the link (in alarm) have their ports from their raw updates.
     */
    public static void assertReplayShows(Path out, String link, Shown live) throws Exception {
        long startMillis;
        try (RecordingReader reader = RecordingReader.open(out)) {
            startMillis = reader.timeRange()[0];
        }
        String at = String.format(Locale.ROOT, "%.1f", (live.atMillis() - startMillis) / 1000.0);
        ByteArrayOutputStream diagnosed = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = DiagnoseCommand.run(
                new String[] {out.toString(), "--at", at},
                InstantSource.system(),
                new PrintStream(diagnosed, true, StandardCharsets.UTF_8),
                new PrintStream(errors, true, StandardCharsets.UTF_8));
        String answer = diagnosed.toString(StandardCharsets.UTF_8);
        System.out.print("planewatch diagnose " + out.getFileName() + " --at " + at + ":\n" + answer);
        assertEquals(0, status, errors.toString(StandardCharsets.UTF_8));
        assertTrue(
                answer.lines().skip(1).findFirst().orElse("").matches(" 1\\. link\\s+" + Pattern.quote(link) + " .*"),
                "diagnose names the link first: " + answer);
        try (ReplaySession replay = ReplaySession.open(out, InstantSource.system(), AlarmThresholds.defaults())) {
            long atMillis = startMillis + Math.round(Double.parseDouble(at) * 1000);
            FabricSnapshot shown = replay.snapshotAt(atMillis).get(60, TimeUnit.SECONDS);
            assertEquals(
                    live.at(atMillis),
                    Shown.of(shown, link, atMillis),
                    "the replay shows the planes, suspect and link the console showed then: " + timeline(replay, link));
            assertFalse(shown.events().isEmpty(), "the exclusion events so far");
            FabricSnapshot last =
                    replay.snapshotAt(replay.playhead().endMillis()).get(60, TimeUnit.SECONDS);
            for (String end : link.split("~")) {
                assertFalse(
                        last.switchNamed(end).orElseThrow().ports().isEmpty(),
                        "the switch in alarm " + end + " has its ports from its raw updates");
            }
        }
    }

    /** Second by second, what the replay shows of the incident: for a failure's message. */
    private static String timeline(ReplaySession replay, String link) throws Exception {
        StringBuilder text = new StringBuilder();
        long start = replay.playhead().startMillis();
        for (long t = start; t <= replay.playhead().endMillis(); t += 1_000) {
            FabricSnapshot s = replay.snapshotAt(t).get(60, TimeUnit.SECONDS);
            text.append(String.format(
                    Locale.ROOT,
                    "%n%5.1f s: plane 0 links down %s, %s %s, first suspect %s, %d events",
                    (t - start) / 1000.0,
                    s.plane(0).map(p -> Integer.toString(p.linksDown())).orElse("-"),
                    link,
                    s.link(link).map(l -> l.up() ? "up" : "down").orElse("unknown"),
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

    /** Where the recorder's threads are, for a failure's message. */
    private static String threads() {
        StringBuilder text = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (t.getName().startsWith("planewatch-fleet-record")
                    || t.getName().startsWith("planewatch-recorder")
                    || t.getName().startsWith("pool-")) {
                text.append("\n").append(t.getName()).append(' ').append(t.getState());
                for (int i = 0; i < Math.min(12, stack.length); i++) {
                    text.append("\n    at ").append(stack[i]);
                }
            }
        });
        return text.toString();
    }

    /** The recorder's last lines, for a failure's message. */
    private String tail() {
        List<String> lines = printed().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    }

    private String printed() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    /** Stops a recording still running (a test that failed before stopping it). */
    @Override
    public void close() throws InterruptedException {
        command.stop();
        thread.shutdown();
        if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
            thread.shutdownNow();
        }
    }
}
