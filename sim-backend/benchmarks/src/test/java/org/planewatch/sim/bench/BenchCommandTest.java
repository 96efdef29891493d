package org.planewatch.sim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.sim.cli.CliHarness;

class BenchCommandTest {

    @TempDir
    Path dir;

    /** A permutation over {@code hosts} hosts (i -> i + hosts/2) of small flows, in htsim's format. */
    private Path permutation(int hosts, long bytes) throws IOException {
        StringBuilder text = new StringBuilder("Nodes " + hosts + "\nConnections " + hosts + "\n");
        for (int i = 0; i < hosts; i++) {
            text.append(i)
                    .append("->")
                    .append((i + hosts / 2) % hosts)
                    .append(" id ")
                    .append(i + 1)
                    .append(" start 0 size ")
                    .append(bytes)
                    .append('\n');
        }
        Path file = dir.resolve("perm_" + hosts + "_2MB.cm");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void oneMatrixEndsWithExactlyOneResultLine() throws IOException {
        Path matrix = permutation(32, 100_000);

        CliHarness result =
                BenchCli.run("bench", "--preset", "leafspine-16x16", "--matrix", matrix.toString(), "--quiet");

        assertEquals(0, result.exitCode(), result.err());
        List<String> lines = result.out().lines().toList();
        assertEquals(1, lines.size(), result.out());
        BenchResult figures = BenchResult.parse(lines.getFirst());
        assertEquals(32, figures.hosts());
        assertTrue(figures.events() > 0 && figures.simNs() > 0);
        assertTrue(figures.dataPkts() >= 32L * ((100_000 + 4_085) / 4_086), "every packet of every flow sent");
        assertTrue(
                figures.meanFctNs() > 0
                        && figures.meanFctNs() <= figures.tailFctNs()
                        && figures.tailFctNs() <= figures.simNs(),
                lines.getFirst());
        assertTrue(figures.peakHeapMb() > 0);
    }

    @Test
    void mrcModeRunsTheSameHostsOnMorePlanes() throws IOException {
        Path matrix = permutation(32, 100_000);

        CliHarness uec = BenchCli.run("bench", "--matrix", matrix.toString(), "--quiet");
        CliHarness mrc =
                BenchCli.run("bench", "--matrix", matrix.toString(), "--mode", "mrc", "--planes", "4", "--quiet");

        assertEquals(0, mrc.exitCode(), mrc.err());
        BenchResult onePlane = BenchResult.parse(uec.out().strip());
        BenchResult fourPlanes = BenchResult.parse(mrc.out().strip());
        assertEquals(32, fourPlanes.hosts());
        assertTrue(
                fourPlanes.tailFctNs() < onePlane.tailFctNs(),
                "four planes carry the same flows faster: " + fourPlanes.line() + " vs " + onePlane.line());
    }

    @Test
    void sweepPrintsOneMedianResultLinePerSizeFromFreshJvms() throws IOException {
        permutation(16, 50_000);
        permutation(32, 50_000);

        CliHarness result =
                BenchCli.run("bench", "--sweep", "--dir", dir.toString(), "--sizes", "16,32", "--runs", "2", "--quiet");

        assertEquals(0, result.exitCode(), result.err());
        List<BenchResult> lines = result.out().lines().map(BenchResult::parse).toList();
        assertEquals(List.of(16, 32), lines.stream().map(BenchResult::hosts).toList());
        List<BenchResult> runs = result.err()
                .lines()
                .filter(line -> line.matches("run [12]/2: RESULT .*"))
                .map(line -> BenchResult.parse(line.substring(line.indexOf(BenchResult.PREFIX))))
                .toList();
        assertEquals(4, runs.size(), result.err());
        assertEquals(BenchResult.medianByWallTime(runs.subList(0, 2)), lines.get(0));
        assertEquals(BenchResult.medianByWallTime(runs.subList(2, 4)), lines.get(1));
    }

    @Test
    void sweepNamesTheMissingMatrix() throws IOException {
        permutation(16, 50_000);

        CliHarness result = BenchCli.run("bench", "--sweep", "--dir", dir.toString(), "--sizes", "16,64");

        assertEquals(2, result.exitCode());
        assertEquals("no perm_64_2MB.cm in " + dir + "\n", result.err());
    }
}
