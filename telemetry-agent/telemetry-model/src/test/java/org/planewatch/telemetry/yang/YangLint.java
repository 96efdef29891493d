package org.planewatch.telemetry.yang;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.planewatch.telemetry.schema.YangModule;

/**
 * Runs {@code yanglint} (Debian's libyang2-tools) as a child process, bounded in time. A machine
 * without it fails the test that needs it, with the package to install: {@code .ci/run} installs it.
 */
public final class YangLint {

    private static final long TIMEOUT_S = 30;

    /** What a yanglint run printed, and how it ended. */
    public record Result(List<String> command, int exit, String out, String err) {

        /** The standard output, or an {@link AssertionError} with yanglint's messages if it failed or warned. */
        public String clean() {
            if (exit != 0 || !err.isBlank()) {
                throw new AssertionError(
                        String.join(" ", command) + " exited " + exit + " with these messages:\n" + err + out);
            }
            return out;
        }
    }

    private YangLint() {}

    /** Runs {@code yanglint args...} in {@code dir}. */
    public static Result run(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("yanglint"));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).start();
        } catch (IOException e) {
            throw new AssertionError(
                    "yanglint is not installed (" + e.getMessage() + "): install Debian's libyang2-tools"
                            + " (apt-get install libyang2-tools); .ci/run installs it before the build",
                    e);
        }
        p.getOutputStream().close();
        CompletableFuture<String> out = drain(p.getInputStream());
        CompletableFuture<String> err = drain(p.getErrorStream());
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in " + TIMEOUT_S + " s");
        }
        return new Result(command, p.exitValue(), out.join(), err.join());
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(could not read: " + e + ")";
            }
        });
    }

    /**
     * Copies our YANG modules from the classpath (the telemetry-model jar or its build output) into
     * {@code dir}, where yanglint can read them; returns their file names.
     */
    public static List<String> copyModules(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<String> files = new ArrayList<>();
        for (YangModule m : YangModule.OURS) {
            try (InputStream in = YangLint.class.getClassLoader().getResourceAsStream(m.resource())) {
                if (in == null) {
                    throw new AssertionError(m.resource() + " is not on the classpath (telemetry-model/src/main/yang)");
                }
                Path file = dir.resolve(m.name() + ".yang");
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                files.add(file.getFileName().toString());
            }
        }
        return files;
    }
}
