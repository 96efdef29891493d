package org.planewatch.console.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.headless.DiagnoseCommand;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.FabricScript;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A fleet recording (ADR 0106) replays as the console on the fleet showed it: the recording is
 * written here as the fleet recorder hands its reading over (rollup records, decisions each followed
 * by the delete of its ring entry, raw updates of a switch in alarm), one batch a second, and a
 * replay at three instants (before, during and after a link is down) shows the rollups of that
 * instant, the decisions so far and the switch's detail; {@code diagnose} names the recorded suspect.
 */
class FleetRecordingReplayTest {
    private static final long START = 1_790_000_000_000L;
    private static final String FLEET = "fleet via Kafka 127.0.0.1:9092";
    private static final String DOWN = FabricScript.link(0, 1, 3);
    private static final String IN_ALARM = FabricScript.sw(0, 0, 1);

    @TempDir
    Path dir;

    private final FabricScript fabric = new FabricScript(2, 4, 4, 2);

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aReplayShowsTheRecordedRollupsDecisionsAndDevicesInAlarmAtEachInstant() throws Exception {
        Path file = record();
        try (ReplaySession replay = ReplaySession.open(file, InstantSource.system(), AlarmThresholds.defaults())) {
            FabricSnapshot before = replay.snapshotAt(START + 5_500).get(30, TimeUnit.SECONDS);
            assertEquals(0, before.plane(0).orElseThrow().linksDown(), "plane 0 before the fault");
            assertEquals(2, before.planes().size());
            assertTrue(before.suspects().isEmpty(), "no suspect before the fault: " + before.suspects());
            assertTrue(before.events().isEmpty(), "no decision before the fault");
            assertEquals(FLEET, before.targets().getFirst().source(), "the tier's row names the fleet");
            assertEquals(Freshness.LIVE, before.targets().getFirst().freshness(), "rollups a second old: live");
            assertEquals(8, before.hosts().size(), "hosts known by the ends of the links");

            FabricSnapshot during = replay.snapshotAt(START + 25_500).get(30, TimeUnit.SECONDS);
            assertEquals(1, during.plane(0).orElseThrow().linksDown());
            assertFalse(during.link(DOWN).orElseThrow().up(), "the link is down");
            Suspect top = during.suspects().getFirst();
            assertEquals(DOWN, top.name(), "the recorded suspect");
            assertEquals(Suspect.Kind.LINK, top.kind());
            assertEquals(6, during.events().size(), "the decisions recorded so far");
            assertTrue(
                    during.activeAlarms().stream().anyMatch(a -> a.key().equals("link-down/" + DOWN)),
                    "the fleet's alarm: " + during.activeAlarms());
            assertTrue(
                    during.switchNamed(IN_ALARM).orElseThrow().ports().stream()
                            .anyMatch(p -> p.outOctets() > 0 && p.outBps() > 0),
                    "the switch in alarm shows its counters and rates from its raw updates");

            FabricSnapshot after = replay.snapshotAt(START + 45_500).get(30, TimeUnit.SECONDS);
            assertEquals(0, after.plane(0).orElseThrow().linksDown(), "the link came back");
            assertTrue(after.suspects().isEmpty(), "its suspect was withdrawn: " + after.suspects());
            assertEquals(6, after.events().size(), "the decisions stay in the history");
            assertTrue(after.activeAlarms().stream().noneMatch(a -> a.key().equals("link-down/" + DOWN)));
        }
        try (RecordingReader reader = RecordingReader.open(file)) {
            assertEquals(FLEET, reader.metadata().fleet());
            assertEquals(6, reader.exclusionTimes().length, "one row per decision");
            assertTrue(
                    reader.alarms().stream()
                            .anyMatch(a -> a.subject().equals(DOWN)
                                    && a.clearedMillis() != null
                                    && a.kind().equals("LINKS_DOWN")),
                    "the fleet's alarm, raised and cleared, in the alarm table: " + reader.alarms());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void diagnoseNamesTheSuspectTheFleetRankedAtThatInstant() throws Exception {
        Path file = record();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = DiagnoseCommand.run(
                new String[] {file.toString(), "--at", "25.5", "--json"},
                InstantSource.system(),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        String json = out.toString(StandardCharsets.UTF_8);
        assertTrue(json.startsWith("{\"suspects\": [{\"kind\": \"link\", \"name\": \"" + DOWN + "\""), json);
    }

    /**
     * 50 s of a fleet, a batch a second: the link goes down at 10 s (rollups, an alarm, a suspect, six
     * decisions, the switch's raw updates from then on) and comes back at 30 s.
     */
    private Path record() throws Exception {
        Path file = dir.resolve("fleet.pwrec");
        try (RecordingWriter writer =
                RecordingWriter.create(file, new RecordingMetadata(FLEET, "", 1, "test", FLEET), START)) {
            int decisions = 0;
            for (int second = 0; second <= 50; second++) {
                long at = START + second * 1_000L;
                boolean down = second >= 10 && second < 30;
                fabric.setLink(DOWN, !down);
                Map<String, Map<TelemetryPath, TelemetryValue>> leaves = fabric.tick(at * 1_000_000);
                List<IngestEvent> batch = new ArrayList<>();
                for (int plane = 0; plane < 2; plane++) {
                    batch.add(rollup(
                            IngestEvent.Rollup.Kind.PLANE,
                            Integer.toString(plane),
                            new PlaneRollup(
                                    plane,
                                    at,
                                    8,
                                    8,
                                    1.0,
                                    64,
                                    0,
                                    1e9,
                                    1.0,
                                    1.0,
                                    plane == 0 && down ? 1 : 0,
                                    24,
                                    0.5,
                                    0.6,
                                    plane == 0 && down ? 1 : 0,
                                    0,
                                    0),
                            at));
                }
                if (second == 0 || second == 10 || second == 30) {
                    for (int t0 = 0; t0 < 4; t0++) {
                        for (int t1 = 0; t1 < 4; t1++) {
                            String link = FabricScript.link(0, t0, t1);
                            batch.add(link(link, link.equals(DOWN) && down, at));
                        }
                        for (int h = 0; h < 2; h++) {
                            batch.add(link(FabricScript.host(t0 * 2 + h) + "~" + FabricScript.sw(0, 0, t0), false, at));
                        }
                    }
                }
                if (second == 10) {
                    batch.add(rollup(
                            IngestEvent.Rollup.Kind.ALARM,
                            "link-down/" + DOWN,
                            new AlarmRollup(
                                    "link-down/" + DOWN,
                                    "LINK_DOWN",
                                    DOWN,
                                    0,
                                    "MAJOR",
                                    "link " + DOWN + " is down",
                                    at),
                            at));
                }
                if (down && second >= 11) {
                    batch.add(rollup(
                            IngestEvent.Rollup.Kind.SUSPECT,
                            DOWN,
                            new SuspectRollup(DOWN, "link", 0, 1, 12.5, 6, 6, 0, at * 1_000_000, "down", at),
                            at));
                }
                if (second == 30) {
                    batch.add(tombstone(IngestEvent.Rollup.Kind.SUSPECT, DOWN, at));
                    batch.add(tombstone(IngestEvent.Rollup.Kind.ALARM, "link-down/" + DOWN, at));
                }
                if (second >= 11 && second <= 16) {
                    String host = FabricScript.host(decisions++ % 8);
                    Map<TelemetryPath, TelemetryValue> decision = fabric.exclusion(
                            host, at * 1_000_000, 0, List.of(DOWN), "GOOD", "ASSUMED_BAD", "LOSS_TIMER");
                    batch.addAll(
                            FabricScript.asEvents("planewatch.exclusions", Map.of(host, decision), at * 1_000_000, at));
                    TelemetryPath entry = TelemetryPath.parse(
                            decision.keySet().iterator().next().toString().replaceAll("/state/timestamp$", ""));
                    batch.add(new IngestEvent.Notification(
                            "planewatch.exclusions", host, at * 1_000_000, List.of(), List.of(entry), at));
                }
                if (down) {
                    batch.addAll(FabricScript.asEvents(
                            "planewatch.updates", Map.of(IN_ALARM, leaves.get(IN_ALARM)), at * 1_000_000, at));
                }
                writer.append(batch);
            }
            writer.recordAlarm(START + 10_000, null, "LINKS_DOWN", DOWN, "MAJOR", "link " + DOWN + " is down");
            writer.recordAlarm(
                    START + 10_000, START + 30_000L, "LINKS_DOWN", DOWN, "MAJOR", "link " + DOWN + " is down");
        }
        return file;
    }

    private static IngestEvent link(String id, boolean down, long at) {
        return rollup(
                IngestEvent.Rollup.Kind.LINK,
                id,
                new LinkRollup(
                        id,
                        0,
                        id.startsWith("host") ? "HOST_T0" : "T0_T1",
                        down ? "DOWN" : "UP",
                        1e9,
                        0.01,
                        0.0,
                        0.0,
                        100e9,
                        at),
                at);
    }

    private static IngestEvent rollup(IngestEvent.Rollup.Kind kind, String key, Object value, long at) {
        return new IngestEvent.Rollup(
                "planewatch.rollup." + kind.name().toLowerCase(java.util.Locale.ROOT) + "s",
                kind,
                key,
                RollupJson.encode(value),
                at);
    }

    private static IngestEvent tombstone(IngestEvent.Rollup.Kind kind, String key, long at) {
        return new IngestEvent.Rollup(
                "planewatch.rollup." + kind.name().toLowerCase(java.util.Locale.ROOT) + "s", kind, key, null, at);
    }
}
