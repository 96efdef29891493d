package org.planewatch.sim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.sim.cli.CliHarness;

/** Bad bench input ends with status 2 and one message, never a stack trace. */
class BenchErrorsTest {

    @TempDir
    Path dir;

    @Test
    void malformedMatrixGivesFileAndLine() throws IOException {
        Path matrix = dir.resolve("bad.cm");
        Files.writeString(matrix, "Nodes 32\nConnections 1\n0->40 id 1 start 0 size 100\n");

        CliHarness result = BenchCli.run("bench", "--matrix", matrix.toString());

        assertEquals(2, result.exitCode());
        assertEquals(matrix + ":3: host 40 out of range (Nodes 32: hosts 0..31)\n", result.err());
        assertEquals("", result.out());
    }

    @Test
    void benchNeedsAMatrixOrASweep() {
        CliHarness result = BenchCli.run("bench");

        assertEquals(2, result.exitCode());
        assertEquals("give --matrix <file.cm> or --sweep\n", result.err());
    }

    @Test
    void benchRejectsPlanesForTheSinglePlaneReferenceMode() {
        CliHarness result = BenchCli.run("bench", "--matrix", "x.cm", "--planes", "8");

        assertEquals(2, result.exitCode());
        assertEquals("uec runs on one plane, as the reference does; --planes needs --mode mrc\n", result.err());
    }

    @Test
    void benchRejectsHostCountsThePresetCannotBuild() throws IOException {
        Path matrix = dir.resolve("twenty.cm");
        Files.writeString(matrix, "Nodes 20\nConnections 1\n0->1 id 1 start 0 size 100\n");

        CliHarness result = BenchCli.run("bench", "--matrix", matrix.toString());

        assertEquals(2, result.exitCode());
        assertEquals("leafspine-16x16 needs a positive multiple of 16 hosts, got 20\n", result.err());
    }
}
