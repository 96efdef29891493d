package org.planewatch.packaging;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Runs the installed programs and the system's package tools, as an operator would. */
final class Shell {
    private Shell() {}

    record Result(List<String> command, int status, String output) {
        /** For assertion messages: what ran, how it ended, what it said. */
        String describe() {
            return String.join(" ", command) + " exited " + status + ":\n" + output;
        }
    }

    static Result run(Duration timeout, String... command) {
        return run(timeout, Map.of(), List.of(command));
    }

    static Result run(Duration timeout, Map<String, String> environment, List<String> command) {
        System.out.println("[installer test] $ " + String.join(" ", command));
        Result result = quietly(timeout, environment, command);
        System.out.print(result.output().indent(4));
        return result;
    }

    /** Runs a query whose answer the test reads itself: nothing goes to the log. */
    static Result quietly(Duration timeout, Map<String, String> environment, List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    process.getInputStream().transferTo(output);
                } catch (IOException e) {
                    // The process ended; what was read is its output.
                }
            });
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                reader.join();
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout.toSeconds()
                        + " s; its output:\n" + output.toString(StandardCharsets.UTF_8));
            }
            reader.join();
            return new Result(List.copyOf(command), process.exitValue(), output.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + String.join(" ", command), e);
        }
    }

    /** Whether a user of that name exists. */
    static boolean userExists(String name) {
        return quietly(Duration.ofSeconds(10), Map.of(), List.of("getent", "passwd", name))
                        .status()
                == 0;
    }

    /**
     * Skips the calling test unless {@code condition} holds, and says why in the build log (Surefire
     * keeps an assumption's message in its report files only).
     */
    static void skipUnless(boolean condition, String reason) {
        if (!condition) {
            System.out.println("[installer test] skipped: " + reason);
        }
        Assumptions.assumeTrue(condition, reason);
    }

    /** Whether {@code program} is on the PATH. */
    static boolean has(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    static boolean isRoot() {
        return quietly(Duration.ofSeconds(10), Map.of(), List.of("id", "-u"))
                .output()
                .strip()
                .equals("0");
    }

    /** Whether dpkg knows {@code pkg} as installed (not merely remembered from an old removal). */
    static boolean installed(String pkg) {
        Result query = quietly(Duration.ofSeconds(30), Map.of(), List.of("dpkg-query", "-W", "-f=${Status}", pkg));
        return query.status() == 0 && query.output().contains("install ok installed");
    }

    /** The packages among {@code deb}'s Depends that are not installed (alternatives count if one is). */
    static List<String> missingDependencies(Path deb) {
        Result depends =
                quietly(Duration.ofSeconds(30), Map.of(), List.of("dpkg-deb", "-f", deb.toString(), "Depends"));
        List<String> missing = new ArrayList<>();
        for (String clause : depends.output().strip().split(",")) {
            boolean any = false;
            for (String alternative : clause.split("\\|")) {
                String name = alternative.strip().split("[ (]")[0];
                any |= name.isEmpty() || installed(name);
            }
            if (!any) {
                missing.add(clause.strip());
            }
        }
        return missing;
    }

    /** The smoke test screen: larger than the console's 1600x960 window, 24-bit colour. */
    static List<String> inXServer(List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of("xvfb-run", "-a", "-s", "-screen 0 1920x1200x24"));
        wrapped.addAll(command);
        return wrapped;
    }

    /** Installing is only tried as root with dpkg, and never over a package someone installed by hand. */
    static void skipUnlessDpkgMayInstall(Path deb, String pkg) {
        Shell.skipUnless(Shell.has("dpkg"), "no dpkg on this machine, so " + deb.getFileName() + " is not installed");
        Shell.skipUnless(Shell.isRoot(), "installing " + deb.getFileName() + " needs root (CI runs as root)");
        Shell.skipUnless(!Shell.installed(pkg), pkg + " is already installed here; the test leaves it alone");
        List<String> missing = Shell.missingDependencies(deb);
        Shell.skipUnless(
                missing.isEmpty(),
                deb.getFileName() + " depends on packages not installed here: " + missing
                        + " (apt-get install them, as .ci/run does)");
    }

    /** The flags a unit's EnvironmentFile sets in {@code VARIABLE="..."}, split at spaces. */
    static List<String> configuredArguments(String config, String variable) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^" + variable + "=\"([^\"]*)\"")
                .matcher(config);
        if (!m.find()) {
            throw new AssertionError("the configuration sets no " + variable + ":\n" + config);
        }
        return java.util.Arrays.stream(m.group(1).strip().split("\\s+")).toList();
    }
}
