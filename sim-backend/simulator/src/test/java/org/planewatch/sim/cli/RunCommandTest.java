package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

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
}
