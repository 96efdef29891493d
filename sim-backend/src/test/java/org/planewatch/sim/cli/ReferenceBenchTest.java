package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.bench.BenchResult;
import org.planewatch.sim.bench.ReferenceWorkloads;

/**
 * The smallest reference permutation through the real bench command: the same work as htsim
 * (128 hosts, 2,000,000 B flows = 490 packets of 4086 B each) and a tail FCT within 15 % of the
 * reference's 196 us (sim-backend/reference/htsim/README.md).
 */
class ReferenceBenchTest {

    private static final Path REFERENCE_DIR = Path.of("reference/htsim");
    private static final long REFERENCE_TAIL_FCT_NS = 196_000;

    @Test
    void smallestReferencePermutationRunsTheSameWorkWithinFifteenPercentOfTheReferenceTail() {
        Path matrix = ReferenceWorkloads.permutation(REFERENCE_DIR, 128);

        CliHarness result = CliHarness.run("bench", "--preset", "leafspine-16x16", "--matrix", matrix.toString(),
                "--quiet");

        assertEquals(0, result.exitCode(), result.err());
        BenchResult figures = BenchResult.parse(result.out().strip());
        assertEquals(128, figures.hosts());
        assertTrue(figures.dataPkts() >= 128L * 490, "at least 490 data packets per flow: " + figures.line());
        assertTrue(Math.abs(figures.tailFctNs() - REFERENCE_TAIL_FCT_NS) <= REFERENCE_TAIL_FCT_NS * 0.15,
                "tail FCT within 15 % of htsim's 196 us: " + figures.line());
    }
}
