package org.planewatch.sim.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the reference simulator's matrices live (shared/bench/htsim) and which of them the sweep runs:
 * permutations of 2 MB flows over 128 to 2048 hosts, {@code perm_<N>_2MB.cm}.
 */
public final class ReferenceWorkloads {

    public static final List<Integer> SWEEP_SIZES = List.of(128, 256, 512, 1024, 2048);
    static final Path RELATIVE_DIR = Path.of("..", "shared", "bench", "htsim");

    private ReferenceWorkloads() {}

    public static Path permutation(Path dir, int hosts) {
        return dir.resolve("perm_" + hosts + "_2MB.cm");
    }

    /**
     * The reference directory: {@code ../shared/bench/htsim} from the working directory, else from
     * the jar's directory or any directory above it.
     */
    public static Optional<Path> locate(Path workingDir, Optional<Path> jarDir) {
        List<Path> candidates = new ArrayList<>();
        candidates.add(workingDir.toAbsolutePath().resolve(RELATIVE_DIR));
        for (Path dir = jarDir.map(Path::toAbsolutePath).orElse(null); dir != null; dir = dir.getParent()) {
            candidates.add(dir.resolve(RELATIVE_DIR));
        }
        return candidates.stream().filter(Files::isDirectory).map(Path::normalize).findFirst();
    }

    /** The directory holding this code's jar (or classes), if it can be found. */
    public static Optional<Path> codeDirectory() {
        try {
            Path location = Path.of(ReferenceWorkloads.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Optional.ofNullable(location.getParent());
        } catch (java.net.URISyntaxException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
