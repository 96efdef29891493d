package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {

    @Test
    void reportsWhatItBuiltOnStderrAndOneSummaryLineOnStdout() {
        CliHarness result = CliHarness.run("run", "../scenarios/incast.yaml");

        assertEquals(0, result.exitCode(), result.err());
        List<String> err = result.err().lines().toList();
        assertTrue(err.getFirst().matches("incast: built 32 hosts, 16 switches in \\d+ ms"), result.err());
        List<String> out = result.out().lines().toList();
        assertEquals(1, out.size(), result.out());
        assertTrue(
                out.getFirst().matches("incast: [0-9.]+ us simulated in \\d+ ms, \\d+ events, messages 16/16, .*"),
                out.getFirst());
    }

    @Test
    void namesThePlanesTheEcmpBaselineHashesOver(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("ecmp.yaml");
        Files.writeString(file, """
                name: ecmp
                fabric: {planes: 4, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2}
                transport: {mode: ecmp}
                workload: {type: permutation, messageBytes: 65536}
                """);

        CliHarness result = CliHarness.run("run", "--check", file.toString());

        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().contains("ecmp (each flow hashed to one of 4 planes) transport"), result.out());
    }
}
