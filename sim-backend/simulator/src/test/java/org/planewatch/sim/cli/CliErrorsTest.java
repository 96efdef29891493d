package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input ends with status 2 and one message, never a stack trace. */
class CliErrorsTest {

    @TempDir
    Path dir;

    @Test
    void badScenarioGivesItsMessageAndStatus2() throws IOException {
        Path file = dir.resolve("link-failure.yaml");
        Files.writeString(file, """
                name: link-failure
                fabric: {planes: 8}
                workload: {type: permutation}
                faults:
                  - {atUs: 50, link: "p9-t0-1~p9-t1-5", action: down}
                """);

        CliHarness result = CliHarness.run(
                "run", file.toString(), "--report", dir.resolve("r.json").toString());

        assertEquals(2, result.exitCode());
        assertEquals(
                file + ":5: faults[0].link: unknown link 'p9-t0-1~p9-t1-5' (fabric has planes 0..7)\n", result.err());
        assertEquals("", result.out());
        assertTrue(Files.notExists(dir.resolve("r.json")));
    }

    @Test
    void missingScenarioFileIsBadInput() {
        Path missing = dir.resolve("nope.yaml");

        CliHarness result = CliHarness.run("run", missing.toString());

        assertEquals(2, result.exitCode());
        assertTrue(result.err().startsWith(missing + ": cannot read the file: "), result.err());
        assertEquals(1, result.err().lines().count());
    }

    @Test
    void unknownOptionIsBadInput() {
        CliHarness result = CliHarness.run("run", "x.yaml", "--reprot", "r.json");

        assertEquals(2, result.exitCode());
        assertTrue(result.err().startsWith("Unknown options: '--reprot'"), result.err());
        assertTrue(!result.err().contains("\tat "), "no stack trace");
    }

    @Test
    void unwritableReportIsARunFailureWithStatus1() throws IOException {
        Path directory = Files.createDirectory(dir.resolve("a-directory"));

        CliHarness result =
                CliHarness.run("run", "../scenarios/incast.yaml", "--report", directory.toString(), "--quiet");

        assertEquals(1, result.exitCode());
        assertTrue(result.err().startsWith("cannot write the report to " + directory + ": "), result.err());
        assertEquals(1, result.err().lines().count());
    }

    @Test
    void checkValidatesWithoutRunning() {
        CliHarness result = CliHarness.run("run", "../scenarios/link-failure-demo.yaml", "--check");

        assertEquals(0, result.exitCode(), result.err());
        assertEquals(
                "../scenarios/link-failure-demo.yaml: ok: link-failure-demo: 64 hosts on 8 planes (160 switches), "
                        + "mrc transport, permutation workload, 2 faults, for 2000.0 us\n",
                result.out());
    }

    @Test
    void benchNamesTheJarItMovedToInOneLine() {
        CliHarness result = CliHarness.run("bench", "--sweep", "--dir", "../reference/htsim", "--runs", "3");

        assertEquals(2, result.exitCode());
        assertEquals(
                "planewatch-sim: bench moved to its own jar: "
                        + "java -jar sim-backend/target/planewatch-sim-bench.jar bench ...\n",
                result.err());
        assertEquals("", result.out());
    }
}
