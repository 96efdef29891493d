package org.planewatch.sim.bench;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the reference simulator's matrices live ({@code sim-backend/reference/htsim} in the repository)
 * and which of them the sweep runs: permutations of 2 MB flows over 128 to 2048 hosts,
 * {@code perm_<N>_2MB.cm}.
 */
public final class ReferenceWorkloads {

    public static final List<Integer> SWEEP_SIZES = List.of(128, 256, 512, 1024, 2048);
    /** From {@code sim-backend} (where both jars sit, in {@code target/}). */
    static final Path FROM_SIM_BACKEND = Path.of("reference", "htsim");
    /** From the repository's top level (where the README's commands run). */
    static final Path FROM_REPOSITORY = Path.of("sim-backend").resolve(FROM_SIM_BACKEND);

    private ReferenceWorkloads() {}

    public static Path permutation(Path dir, int hosts) {
        return dir.resolve("perm_" + hosts + "_2MB.cm");
    }

    /**
     * The reference directory: {@code sim-backend/reference/htsim} (or {@code reference/htsim}) from the
     * working directory or any directory above it (the repository's top level, {@code sim-backend}, or
     * one of its modules), else from the jar's directory or any directory above it.
     */
    public static Optional<Path> locate(Path workingDir, Optional<Path> jarDir) {
        List<Path> candidates = new ArrayList<>();
        addCandidatesUpwards(candidates, Optional.of(workingDir));
        addCandidatesUpwards(candidates, jarDir);
        return candidates.stream()
                .filter(Files::isDirectory)
                .map(Path::normalize)
                .findFirst();
    }

    private static void addCandidatesUpwards(List<Path> candidates, Optional<Path> start) {
        for (Path dir = start.map(Path::toAbsolutePath).orElse(null); dir != null; dir = dir.getParent()) {
            addCandidates(candidates, dir);
        }
    }

    private static void addCandidates(List<Path> candidates, Path dir) {
        candidates.add(dir.resolve(FROM_REPOSITORY));
        candidates.add(dir.resolve(FROM_SIM_BACKEND));
    }

    /** The directory holding this code's jar (or classes), if it can be found. */
    public static Optional<Path> codeDirectory() {
        try {
            Path location = Path.of(ReferenceWorkloads.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return Optional.ofNullable(location.getParent());
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
