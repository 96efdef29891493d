package org.planewatch.telemetry.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The schema is spelled in one place: the agent, console, demo and benchmarks take leaf names and
 * paths from the model ({@link InterfaceLeaves}, {@link ExclusionEventRing}, ...), never as string
 * literals. Scans the main sources of every module under {@code telemetry-agent/} and {@code app/}
 * except the model itself; a literal that is a leaf name, or a path text with one, is a failure.
 */
class NoLeafLiteralsTest {

    private static final Path REPO = Path.of("../..");
    private static final List<String> MODULE_PARENTS = List.of("telemetry-agent", "app");
    private static final Set<String> EXPECTED_MODULES = Set.of(
            "telemetry-agent/agent",
            "telemetry-agent/collector",
            "telemetry-agent/fleet-contract",
            "app/console-core",
            "app/console",
            "app/demo",
            "app/benchmarks");

    /**
     * Literals that happen to equal a leaf name but are something else, by source file name. Keep it
     * short: each entry says what the word is there.
     */
    private static final Map<String, Set<String>> NOT_LEAVES = Map.of(
            // the sysfs attribute file of an RDMA port (ports/N/state), read to fill oper-status
            "LinuxHostBackend.java", Set.of("state"),
            // a key of the gNMI Capabilities notes, not a leaf
            "SimulatedBackend.java", Set.of("dilation"),
            // keys of a recording's meta table (docs/recording-format.md)
            "RecordingMetadata.java", Set.of("scenario", "dilation"),
            // a column title
            "CompareDialog.java", Set.of("plane"),
            // members of lldpcli's JSON output ("id": {"type": "mac", "value": ...})
            "LldpNeighbors.java", Set.of("id"),
            // Prometheus label names of the collector's /metrics page (docs/prometheus/alerts.yml)
            "MetricsPage.java", Set.of("plane", "reason"));

    /** A structured-log call ({@code log.warn("event", "peer", peer, "reason", why)}): its keys are log fields. */
    private static final Pattern LOG_CALL = Pattern.compile("\\.(trace|debug|info|warn|error)\\(");

    /** Path text: absolute, with an origin, or with a keyed element followed by more. */
    private static final Pattern PATH_TEXT = Pattern.compile("^(/|[a-z]+:/)|]/");

    @Test
    void noModuleOutsideTheModelSpellsALeafName() throws IOException {
        Set<String> names = new TreeSet<>(TelemetrySchema.get().leafNames());
        names.addAll(InterfaceLeaves.READ_NOT_SERVED);
        List<Path> roots = sourceRoots();
        List<String> violations = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.toString().endsWith(".java"))
                        .sorted()
                        .forEach(f -> violations.addAll(scan(f, names)));
            }
        }
        assertEquals(
                List.of(),
                violations,
                "leaf names spelled outside the telemetry model; use the constants of org.planewatch.telemetry.schema"
                        + " (InterfaceLeaves, QueueLeaves, PlaneLeaves, QpLeaves, EvLeaves, ExclusionEventRing,"
                        + " AgentLeaves, SimLeaves, LldpLeaves, PathNames)");
    }

    @Test
    void theScanFindsALeafNameInALiteralAndInPathTextButNotInComments() {
        Set<String> names = TelemetrySchema.get().leafNames();
        String source = """
                class X {
                    // in-octets in a comment is fine, and so is {@code next-seq} in javadoc
                    String a = "in-octets";
                    String b = "/interfaces/interface[name=" + n + "]/state/counters/out-pkts";
                    String c = "not a leaf";
                    void f() { log.warn("refused", "peer", peer, "reason", "max"); }
                }
                """;
        List<String> found = literalViolations("X.java", source, names);
        assertEquals(List.of("X.java:3: \"in-octets\"", "X.java:4: \"]/state/counters/out-pkts\""), found);
    }

    private static List<Path> sourceRoots() throws IOException {
        List<Path> roots = new ArrayList<>();
        Set<String> modules = new TreeSet<>();
        for (String parent : MODULE_PARENTS) {
            try (Stream<Path> dirs = Files.list(REPO.resolve(parent))) {
                for (Path module : dirs.filter(Files::isDirectory).toList()) {
                    Path main = module.resolve("src/main/java");
                    String name = parent + "/" + module.getFileName();
                    if (Files.isDirectory(main) && !name.equals("telemetry-agent/telemetry-model")) {
                        roots.add(main);
                        modules.add(name);
                    }
                }
            }
        }
        assertTrue(modules.containsAll(EXPECTED_MODULES), "modules scanned: " + modules);
        return roots;
    }

    private static List<String> scan(Path file, Set<String> names) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return literalViolations(REPO.relativize(file).normalize().toString(), text, names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The string literals of {@code source} that spell a leaf name, as {@code file:line: "literal"}. */
    static List<String> literalViolations(String file, String source, Set<String> names) {
        Set<String> allowed =
                NOT_LEAVES.getOrDefault(Path.of(file).getFileName().toString(), Set.of());
        List<String> out = new ArrayList<>();
        int i = 0;
        int line = 1;
        int statementStart = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (source.startsWith("//", i)) {
                i = source.indexOf('\n', i) < 0 ? source.length() : source.indexOf('\n', i);
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? source.length() : end + 2;
                line += count(source, i, end);
                i = end;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? source.length() : end + 3;
                line += count(source, i, end);
                i = end; // text blocks hold documents and messages, not names
            } else if (c == '\'') {
                i = skipQuoted(source, i, '\'');
            } else if (c == '"') {
                int end = skipQuoted(source, i, '"');
                String literal = source.substring(i + 1, end - 1);
                boolean inLogCall =
                        LOG_CALL.matcher(source.substring(statementStart, i)).find();
                if (!allowed.contains(literal) && !inLogCall && spellsALeaf(literal, names)) {
                    out.add(file + ":" + line + ": \"" + literal + "\"");
                }
                i = end;
            } else {
                if (c == ';' || c == '{' || c == '}') {
                    statementStart = i + 1;
                }
                i++;
            }
        }
        return out;
    }

    private static boolean spellsALeaf(String literal, Set<String> names) {
        if (names.contains(literal)) {
            return true;
        }
        if (!PATH_TEXT.matcher(literal).find()) {
            return false;
        }
        for (String token : literal.split("[/\\[\\]=:*]+")) {
            if (names.contains(token)) {
                return true;
            }
        }
        return false;
    }

    private static int skipQuoted(String source, int start, char quote) {
        int i = start + 1;
        while (i < source.length() && source.charAt(i) != quote && source.charAt(i) != '\n') {
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i + 1, source.length());
    }

    private static int count(String source, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (source.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }
}
