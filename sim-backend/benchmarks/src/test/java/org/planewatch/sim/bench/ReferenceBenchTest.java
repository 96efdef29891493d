package org.planewatch.sim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.cli.CliHarness;

/**
 * The smallest reference permutation through the real bench command: the same work as htsim
 * (128 hosts, 2,000,000 B flows = 490 packets of 4086 B each) and a tail FCT within 15 % of the
 * reference's 196 us (sim-backend/reference/htsim/README.md).
 */
class ReferenceBenchTest {

    private static final long REFERENCE_TAIL_FCT_NS = 196_000;

    @Test
    void smallestReferencePermutationRunsTheSameWorkWithinFifteenPercentOfTheReferenceTail() {
        Path referenceDir = ReferenceWorkloads.locate(Path.of(""), Optional.empty())
                .orElseThrow(() -> new AssertionError(
                        "no sim-backend/reference/htsim above " + Path.of("").toAbsolutePath()));
        Path matrix = ReferenceWorkloads.permutation(referenceDir, 128);

        CliHarness result =
                BenchCli.run("bench", "--preset", "leafspine-16x16", "--matrix", matrix.toString(), "--quiet");

        assertEquals(0, result.exitCode(), result.err());
        BenchResult figures = BenchResult.parse(result.out().strip());
        assertEquals(128, figures.hosts());
        assertTrue(figures.dataPkts() >= 128L * 490, "at least 490 data packets per flow: " + figures.line());
        assertTrue(
                Math.abs(figures.tailFctNs() - REFERENCE_TAIL_FCT_NS) <= REFERENCE_TAIL_FCT_NS * 0.15,
                "tail FCT within 15 % of htsim's 196 us: " + figures.line());
    }
}
