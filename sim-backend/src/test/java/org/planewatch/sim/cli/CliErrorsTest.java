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

        CliHarness result = CliHarness.run("run", file.toString(), "--report", dir.resolve("r.json").toString());

        assertEquals(2, result.exitCode());
        assertEquals(file + ":5: faults[0].link: unknown link 'p9-t0-1~p9-t1-5' (fabric has planes 0..7)\n",
                result.err());
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

        CliHarness result = CliHarness.run("run", "scenarios/incast.yaml", "--report", directory.toString(), "--quiet");

        assertEquals(1, result.exitCode());
        assertTrue(result.err().startsWith("cannot write the report to " + directory + ": "), result.err());
        assertEquals(1, result.err().lines().count());
    }

    @Test
    void checkValidatesWithoutRunning() {
        CliHarness result = CliHarness.run("run", "scenarios/link-failure-demo.yaml", "--check");

        assertEquals(0, result.exitCode(), result.err());
        assertEquals("scenarios/link-failure-demo.yaml: ok: link-failure-demo: 64 hosts on 8 planes (160 switches), "
                + "mrc transport, permutation workload, 2 faults, for 2000.0 us\n", result.out());
    }

    @Test
    void malformedMatrixGivesFileAndLine() throws IOException {
        Path matrix = dir.resolve("bad.cm");
        Files.writeString(matrix, "Nodes 32\nConnections 1\n0->40 id 1 start 0 size 100\n");

        CliHarness result = CliHarness.run("bench", "--matrix", matrix.toString());

        assertEquals(2, result.exitCode());
        assertEquals(matrix + ":3: host 40 out of range (Nodes 32: hosts 0..31)\n", result.err());
        assertEquals("", result.out());
    }

    @Test
    void benchNeedsAMatrixOrASweep() {
        CliHarness result = CliHarness.run("bench");

        assertEquals(2, result.exitCode());
        assertEquals("give --matrix <file.cm> or --sweep\n", result.err());
    }

    @Test
    void benchRejectsPlanesForTheSinglePlaneReferenceMode() {
        CliHarness result = CliHarness.run("bench", "--matrix", "x.cm", "--planes", "8");

        assertEquals(2, result.exitCode());
        assertEquals("uec runs on one plane, as the reference does; --planes needs --mode mrc\n", result.err());
    }

    @Test
    void benchRejectsHostCountsThePresetCannotBuild() throws IOException {
        Path matrix = dir.resolve("twenty.cm");
        Files.writeString(matrix, "Nodes 20\nConnections 1\n0->1 id 1 start 0 size 100\n");

        CliHarness result = CliHarness.run("bench", "--matrix", matrix.toString());

        assertEquals(2, result.exitCode());
        assertEquals("leafspine-16x16 needs a positive multiple of 16 hosts, got 20\n", result.err());
    }
}
