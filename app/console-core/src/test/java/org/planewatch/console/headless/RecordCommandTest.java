package org.planewatch.console.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.sim.EmbeddedSimAgent;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;

/** The headless recorder against a real simulated agent on loopback. */
class RecordCommandTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    @Test
    void recordsALiveAgentForTheRequestedTimeWithProgress() throws Exception {
        Scenario scenario = new Scenario(
                "record-test",
                3,
                new FabricConfig(2, 4, 2, 2, 100.0, 1_000, 4_096, 64, 262_144, 524_288, 52_428, 209_715, true, 0, 8),
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(1 << 20, 1000),
                List.<FaultSpec>of(),
                0);
        try (EmbeddedSimAgent agent = EmbeddedSimAgent.start(scenario, SimOptions.defaults(), false)) {
            Path out = dir.resolve("lab.pwrec");
            int status = recordFor3s(agent.port(), out);
            String printed = errBytes.toString(StandardCharsets.UTF_8);
            assertEquals(0, status, printed);
            assertTrue(printed.contains("targets live 1/1"), printed);
            assertTrue(printed.contains("updates/s"), printed);
            try (RecordingReader reader = RecordingReader.open(out)) {
                assertTrue(reader.updateCount() > 0, "recorded updates");
                assertTrue(reader.metadata().sources().contains("lab@127.0.0.1:" + agent.port()));
            }
            assertTrue(Files.notExists(Path.of(out + "-wal")), "closed cleanly into one file");
        }
    }

    @Test
    void refusesToOverwriteAnExistingRecording() throws Exception {
        Path targets = dir.resolve("targets.yaml");
        Files.writeString(targets, "targets:\n  lab:\n    address: 127.0.0.1:9\n    insecure: true\n");
        Path out = Files.writeString(dir.resolve("old.pwrec"), "keep me");
        int status = RecordCommand.run(
                new String[] {"--targets", targets.toString(), "--out", out.toString(), "--for", "1s"},
                InstantSource.system(),
                System.out,
                err);
        assertEquals(2, status);
        assertTrue(errBytes.toString(StandardCharsets.UTF_8).contains("already exists"));
        assertEquals("keep me", Files.readString(out));
    }

    @Test
    void reportsABadTargetsFileAndABadDuration() throws Exception {
        Path targets = Files.writeString(dir.resolve("bad.yaml"), "targets:\n  lab:\n    adress: 127.0.0.1:9339\n");
        int status = RecordCommand.run(
                new String[] {
                    "--targets",
                    targets.toString(),
                    "--out",
                    dir.resolve("x.pwrec").toString()
                },
                InstantSource.system(),
                System.out,
                err);
        assertEquals(2, status);
        assertTrue(
                errBytes.toString(StandardCharsets.UTF_8).contains("unknown field 'adress'"),
                errBytes.toString(StandardCharsets.UTF_8));
        errBytes.reset();
        status = RecordCommand.run(
                new String[] {"--targets", targets.toString(), "--out", "x.pwrec", "--for", "ten minutes"},
                InstantSource.system(),
                System.out,
                err);
        assertEquals(2, status);
        assertTrue(
                errBytes.toString(StandardCharsets.UTF_8).contains("is not a duration"),
                errBytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void recordsTheAlarmOfATargetThatCannotBeReached() throws Exception {
        int deadPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            deadPort = socket.getLocalPort();
        }
        Path out = dir.resolve("dead.pwrec");
        int status = recordFor3s(deadPort, out);
        assertEquals(0, status, errBytes.toString(StandardCharsets.UTF_8));
        try (RecordingReader reader = RecordingReader.open(out)) {
            assertTrue(
                    reader.alarms().stream()
                            .anyMatch(a -> a.kind().equals("TARGET_LOST")
                                    && a.subject().equals("lab")),
                    "the unreachable target's alarm is in the recording: " + reader.alarms());
            RecordingReader.Gap gap = reader.gaps().getFirst();
            assertEquals("lab", gap.source());
            assertTrue(gap.toMillis() - gap.fromMillis() >= 2_500, "not streaming until the recording ended: " + gap);
            assertTrue(gap.reason().startsWith("connection refused by 127.0.0.1:" + deadPort), gap.reason());
            assertTrue(gap.failures() >= 2, "a refused dial every second or less: " + gap.failures());
        }
        String printed = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(
                printed.contains("target lab not live: connection refused by 127.0.0.1:" + deadPort
                        + " (is the agent running and listening there?)\n"),
                printed);
    }

    /** Runs {@code planewatch record} for 3 s against one target named "lab" on a loopback port. */
    private int recordFor3s(int port, Path out) throws Exception {
        Path targets = Files.writeString(dir.resolve(out.getFileName() + ".targets.yaml"), """
                targets:
                  lab:
                    address: 127.0.0.1:%d
                    devices: ["*"]
                    insecure: true
                """.formatted(port));
        return RecordCommand.run(
                new String[] {"--targets", targets.toString(), "--out", out.toString(), "--for", "3s"},
                InstantSource.system(),
                System.out,
                err);
    }
}
