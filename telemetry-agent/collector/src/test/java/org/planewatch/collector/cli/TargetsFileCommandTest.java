package org.planewatch.collector.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * Issue 21 item 6: collectors pointed at one agent that serves every device of the full fabric as a
 * target of its own. {@code targets-file} writes the targets file from the device names: entries of
 * devices at that one address, each entry one connection and one unit the collectors share.
 */
@Timeout(30)
class TargetsFileCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CollectorMain main = new CollectorMain(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new CountDownLatch(1));
        int code = CollectorMain.run(main, args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The full fabric's names as the simulator gives them (docs/scenarios.md, Names). */
    private static List<String> fullFabric() {
        List<String> names = new ArrayList<>();
        for (int h = 0; h < 131_072; h++) {
            names.add("host-" + h);
        }
        for (int p = 0; p < 8; p++) {
            for (int i = 0; i < 512; i++) {
                names.add("p" + p + "-t0-" + i);
            }
            for (int j = 0; j < 256; j++) {
                names.add("p" + p + "-t1-" + j);
            }
        }
        return names;
    }

    @Test
    void theFullFabricGoesInEntriesOfDevicesAtOneAddressThatTheCollectorsRead() throws Exception {
        List<String> names = fullFabric();
        Path devices = Files.write(dir.resolve("devices.txt"), names);
        Path out = dir.resolve("targets.yaml");
        Run run = run(
                "targets-file",
                "--address",
                "127.0.0.1:9339",
                "--devices",
                devices.toString(),
                "--insecure",
                "--out",
                out.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("137216 devices at 127.0.0.1:9339 in 34 entries"), run.out());

        CollectorTargets targets = CollectorTargets.read(out);
        assertEquals(34, targets.size(), "4,096 devices per entry: 34 connections, within the agent's 64 clients");
        List<String> listed = new ArrayList<>();
        for (TargetConfig entry : targets.all()) {
            assertEquals("127.0.0.1", entry.host());
            assertEquals(9339, entry.port());
            assertTrue(entry.tls().isEmpty(), "insecure");
            assertTrue(
                    entry.targets().size() <= 4096,
                    entry.name() + ": " + entry.targets().size());
            listed.addAll(entry.targets());
        }
        assertEquals(new java.util.TreeSet<>(names), new java.util.TreeSet<>(listed), "every device");
        assertEquals(names.size(), listed.size(), "each once");
        assertEquals("fabric-0000", targets.all().getFirst().name());
        // Dealt like cards: every entry has its part of the switches (the list has them after the
        // hosts), so that shares balanced by devices are balanced by work (ADR 0133).
        long switches = names.stream().filter(n -> !n.startsWith("host-")).count();
        for (TargetConfig entry : targets.all()) {
            long own =
                    entry.targets().stream().filter(n -> !n.startsWith("host-")).count();
            assertTrue(
                    Math.abs(own - switches / 34.0) <= 1,
                    entry.name() + " has " + own + " of the " + switches + " switches");
        }
    }

    @Test
    void tlsCredentialsAndTheEntrySizeAreWrittenAsGiven() throws Exception {
        Path devices =
                Files.writeString(dir.resolve("d.txt"), "# from planewatch-agent --list-targets\nh1\nh2\n\nh3\n");
        Path out = dir.resolve("t.yaml");
        Run run = run(
                "targets-file",
                "--address",
                "agent.example.net:9339",
                "--devices",
                devices.toString(),
                "--devices-per-entry",
                "2",
                "--name",
                "sim",
                "--tls-ca",
                "/etc/planewatch/ca.pem",
                "--username",
                "ops",
                "--password",
                "s3cret: yes",
                "--out",
                out.toString());
        assertEquals(0, run.code(), run.err());
        List<TargetConfig> entries = CollectorTargets.read(out).all();
        assertEquals(
                List.of("sim-0000", "sim-0001"),
                entries.stream().map(TargetConfig::name).toList());
        assertEquals(List.of("h1", "h3"), entries.get(0).targets(), "dealt out: the first, third, ...");
        assertEquals(List.of("h2"), entries.get(1).targets());
        TargetConfig first = entries.getFirst();
        assertEquals(
                Path.of("/etc/planewatch/ca.pem"),
                first.tls().orElseThrow().caFile().orElseThrow());
        assertEquals("s3cret: yes", first.credentials().orElseThrow().password());
    }

    @Test
    void badInputIsRefusedWithWhatAndWhere() throws Exception {
        Path twice = Files.writeString(dir.resolve("twice.txt"), "h1\nh2\nh1\n");
        Path out = dir.resolve("x.yaml");
        assertRefused(
                "twice.txt:3: device 'h1' is listed twice",
                "--address",
                "127.0.0.1:9339",
                "--devices",
                twice.toString(),
                "--insecure",
                "--out",
                out.toString());
        Path spaced = Files.writeString(dir.resolve("spaced.txt"), "h1\nh 2\n");
        assertRefused(
                "spaced.txt:2: 'h 2' is not a device name",
                "--address",
                "127.0.0.1:9339",
                "--devices",
                spaced.toString(),
                "--insecure",
                "--out",
                out.toString());
        assertRefused(
                "missing.txt: device list not found",
                "--address",
                "127.0.0.1:9339",
                "--devices",
                dir.resolve("missing.txt").toString(),
                "--insecure",
                "--out",
                out.toString());
        Path ok = Files.writeString(dir.resolve("ok.txt"), "h1\n");
        assertRefused(
                "--address 'agent' is not host:port",
                "--address",
                "agent",
                "--devices",
                ok.toString(),
                "--insecure",
                "--out",
                out.toString());
        assertRefused(
                "give exactly one of --insecure (plaintext) and TLS",
                "--address",
                "127.0.0.1:9339",
                "--devices",
                ok.toString(),
                "--out",
                out.toString());
        assertRefused(
                "--devices-per-entry must be at least 1, got 0",
                "--address",
                "127.0.0.1:9339",
                "--devices",
                ok.toString(),
                "--insecure",
                "--devices-per-entry",
                "0",
                "--out",
                out.toString());
        assertFalse(Files.exists(out), "nothing written on bad input");
    }

    private static void assertRefused(String expected, String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "targets-file";
        System.arraycopy(args, 0, full, 1, args.length);
        Run run = run(full);
        assertEquals(CollectorMain.USAGE_ERROR, run.code(), run.err());
        assertTrue(run.err().contains(expected), "'" + expected + "' in: " + run.err());
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), "no stack trace: " + run.err());
    }
}
