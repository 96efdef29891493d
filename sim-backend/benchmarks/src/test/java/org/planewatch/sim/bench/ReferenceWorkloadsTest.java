package org.planewatch.sim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceWorkloadsTest {

    @TempDir
    Path root;

    /** A checkout at root/main: the reference in main/sim-backend/reference/htsim, the jar in main/sim-backend/target. */
    private Path layout() throws IOException {
        Files.createDirectories(root.resolve("main/sim-backend/target"));
        return Files.createDirectories(root.resolve("main/sim-backend/reference/htsim"));
    }

    @Test
    void findsTheReferenceFromTheRepositorysTopLevel() throws IOException {
        Path reference = layout();

        assertEquals(Optional.of(reference), ReferenceWorkloads.locate(root.resolve("main"), Optional.empty()));
    }

    @Test
    void findsTheReferenceFromTheSimulatorModule() throws IOException {
        Path reference = layout();

        assertEquals(
                Optional.of(reference), ReferenceWorkloads.locate(root.resolve("main/sim-backend"), Optional.empty()));
    }

    @Test
    void findsTheReferenceFromAModuleBelowTheSimulatorDirectory() throws IOException {
        Path reference = layout();
        Path benchmarks = Files.createDirectories(root.resolve("main/sim-backend/benchmarks"));

        assertEquals(Optional.of(reference), ReferenceWorkloads.locate(benchmarks, Optional.empty()));
    }

    @Test
    void fallsBackToTheDirectoriesAboveTheJar() throws IOException {
        Path reference = layout();

        assertEquals(
                Optional.of(reference),
                ReferenceWorkloads.locate(
                        root.resolve("elsewhere"), Optional.of(root.resolve("main/sim-backend/target"))));
    }

    @Test
    void isEmptyWhenNothingHoldsTheReference() throws IOException {
        Files.createDirectories(root.resolve("main/sim-backend/target"));

        assertEquals(
                Optional.empty(),
                ReferenceWorkloads.locate(root.resolve("main"), Optional.of(root.resolve("main/sim-backend/target"))));
    }

    @Test
    void sweepFilesAreTheReferencePermutations() {
        assertEquals(Path.of("d/perm_1024_2MB.cm"), ReferenceWorkloads.permutation(Path.of("d"), 1024));
    }
}
