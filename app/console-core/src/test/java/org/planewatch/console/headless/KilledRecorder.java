package org.planewatch.console.headless;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;

/**
 * Runs {@code planewatch record} as a process of its own against a simulated agent on loopback, kills
 * it with SIGKILL once it records, and measures what the recording lost: the time from its last
 * recorded arrival to the kill, both read from this machine's wall clock.
 */
final class KilledRecorder {
    /**
     * The agent publishes every device and samples the counters every 20 ms (1 s by default): a
     * recording of data that arrives once a second ends up to a second before any kill, lost or not.
     */
    static final long SAMPLE_INTERVAL_MILLIS = 20;

    /** A real agent (gNMI server and simulated back end) on loopback, whose data arrive without pauses. */
    record Agent(AgentServer server) implements AutoCloseable {
        int port() {
            return server.port();
        }

        /** Stops the server and its back end. */
        @Override
        public void close() {
            server.close();
        }
    }

    /**
     * One kill: when the signal was sent and when the process was seen dead, the newest arrival the file
     * holds, the largest gap between batches in the 5 s before the kill.
     */
    record Kill(
            long killMillis,
            long deadMillis,
            long lastRecordedMillis,
            long largestGapMillis,
            boolean reportedAbrupt,
            String childOutput) {
        /**
         * The data lost before the signal was sent. The child runs on until the signal lands, so it may
         * record an arrival a millisecond or two after {@code killMillis} (CI saw -1 ms): that is no loss.
         */
        long lostMillis() {
            return Math.max(0, killMillis - lastRecordedMillis);
        }

        /** Whether the file holds an arrival after the process was seen dead: a clock or a file gone wrong. */
        boolean recordedAfterDeath() {
            return lastRecordedMillis > deadMillis;
        }
    }

    private KilledRecorder() {}

    static Agent startAgent() throws IOException {
        Scenario scenario = new Scenario(
                "kill-test",
                3,
                new FabricConfig(2, 4, 2, 2, 100.0, 1_000, 4_096, 64, 262_144, 524_288, 52_428, 209_715, true, 0, 8),
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(1 << 20, 1000),
                List.<FaultSpec>of(),
                0);
        SimulatedBackend backend =
                new SimulatedBackend(scenario, SimOptions.defaults().withPublishIntervalMs(SAMPLE_INTERVAL_MILLIS));
        long sampleNanos = SAMPLE_INTERVAL_MILLIS * 1_000_000;
        GnmiOptions gnmi =
                GnmiOptions.defaults().withMinSampleIntervalNs(sampleNanos).withTargetDefinedIntervalNs(sampleNanos);
        try {
            return new Agent(
                    new AgentServer(AgentConfig.loopbackInsecure(0, gnmi), backend, StructuredLog.silent()).start());
        } catch (IOException | RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    /**
     * Starts the recorder, waits until it has recorded for {@code recordMillis} after its first progress
     * line with the target live, kills it and reads the file back.
     */
    static Kill recordAndKill(int agentPort, Path dir, String name, long recordMillis) throws Exception {
        Path targets = Files.writeString(dir.resolve(name + ".targets.yaml"), """
                targets:
                  lab:
                    address: 127.0.0.1:%d
                    devices: ["*"]
                    insecure: true
                """.formatted(agentPort));
        Path out = dir.resolve(name + ".pwrec");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        RecordCommand.class.getName(),
                        "--targets",
                        targets.toString(),
                        "--out",
                        out.toString())
                .redirectErrorStream(true)
                .start();
        StringBuilder output = new StringBuilder();
        CompletableFuture<Void> live = new CompletableFuture<>();
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    if (line.contains("targets live 1/1") && !line.contains(" 0 updates/s")) {
                        live.complete(null);
                    }
                }
            } catch (IOException e) {
                // The child was killed: what was read is its output.
            }
            live.complete(null);
        });
        long killMillis;
        long deadMillis;
        try {
            live.get(60, TimeUnit.SECONDS);
            if (!child.isAlive()) {
                throw new AssertionError("the recorder ended before it was killed: " + output);
            }
            Thread.sleep(recordMillis);
            killMillis = System.currentTimeMillis();
            child.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no checkpoint, no clean close
            if (!child.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the killed recorder did not end");
            }
            deadMillis = System.currentTimeMillis();
        } finally {
            child.destroyForcibly();
        }
        reader.join(10_000);
        try (RecordingReader recording = RecordingReader.open(out)) {
            long[] range = recording.timeRange();
            if (range == null) {
                throw new AssertionError("the killed recording holds no data: " + output);
            }
            return new Kill(
                    killMillis,
                    deadMillis,
                    range[1],
                    largestGap(out, killMillis - 5_000),
                    recording.abruptEnd().isPresent(),
                    output.toString());
        } catch (RecordingException e) {
            throw new AssertionError(e.getMessage() + "\n" + output, e);
        }
    }

    /**
     * The longest time between two batches after {@code sinceMillis}: what the source's own pauses are,
     * below which a loss cannot be told from a quiet moment.
     */
    private static long largestGap(Path file, long sinceMillis) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                PreparedStatement s = db.prepareStatement(
                        "SELECT max(first_arrival_ms - previous) FROM (SELECT first_arrival_ms,"
                                + " lag(last_arrival_ms) OVER (ORDER BY seq) AS previous FROM batches) WHERE first_arrival_ms > ?")) {
            s.setLong(1, sinceMillis);
            try (ResultSet rs = s.executeQuery()) {
                return rs.getLong(1);
            }
        }
    }
}
