package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.limits.HeapBudget;
import org.planewatch.sim.report.ReportWriter;
import org.planewatch.sim.report.RunReports;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Resilience: seeded random mutations of the shipped scenarios (wrong types, negative, huge, NaN
 * and infinite numbers, missing and unknown keys, repeated entries, binary garbage, truncation)
 * each either run a slice of simulated time and report, or are refused with one clear line naming
 * the file: never an uncaught exception, a stack trace or an OutOfMemoryError. A failure prints the
 * seed, the mutant's number and what was done to it; {@code -Dfuzz.seed=<seed>} replays it
 * ({@code -Dfuzz.count} sets how many mutants).
 */
class ScenarioFuzzTest {

    private static final long SEED = Long.getLong("fuzz.seed", 20_261_125L);
    private static final int MUTANTS = Integer.getInteger("fuzz.count", 2_000);
    /** The heap a mutant may need: what it would take to run it is checked, and it must hold. */
    private static final HeapBudget BUDGET = new HeapBudget(256L << 20);

    private static final int SLICE_EVENTS = Integer.getInteger("fuzz.events", 5_000);
    private static final long SLICE_PS = Long.getLong("fuzz.sliceUs", 50) * 1_000_000L;
    /** Every how many mutants one also goes through the command line ({@code run --check}). */
    private static final int CLI_EVERY = 10;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyMutantOfTheShippedScenariosRunsOrIsRefusedInOneClearLine() throws IOException {
        List<String> originals = originals();
        Random random = new Random(SEED);
        ScenarioMutator mutator = new ScenarioMutator(random);
        Map<String, Integer> outcomes = new TreeMap<>();
        for (int i = 0; i < MUTANTS; i++) {
            ScenarioMutator.Mutant mutant = mutator.mutate(originals.get(random.nextInt(originals.size())));
            Path file = dir.resolve("mutant-" + (i % 2) + ".yaml");
            Files.write(file, mutant.bytes());
            try {
                String outcome = outcome(file);
                if (i % CLI_EVERY == 0) {
                    checkCommandLine(file, outcome);
                }
                outcomes.merge(outcome, 1, Integer::sum);
            } catch (Throwable t) {
                StringWriter trace = new StringWriter();
                t.printStackTrace(new PrintWriter(trace));
                String text = mutant.text();
                fail("mutant " + i + " of seed " + SEED + " (replay: -Dfuzz.seed=" + SEED + " -Dfuzz.count=" + (i + 1)
                        + "): " + mutant.mutations() + ": " + abbreviated(t.toString()) + "\n--- mutant ---\n"
                        + text.substring(0, Math.min(text.length(), 3_000)) + "\n--- trace ---\n" + trace);
            }
        }
        System.out.println("scenario fuzz: seed " + SEED + ", " + MUTANTS + " mutants: " + outcomes);
        assertTrue(outcomes.getOrDefault("ran", 0) > MUTANTS / 20, "some mutants still run: " + outcomes);
        assertTrue(outcomes.getOrDefault("refused: beyond a limit", 0) > 0, "some are beyond a limit: " + outcomes);
        assertTrue(outcomes.getOrDefault("refused: not a text file", 0) > 0, "some are not text: " + outcomes);
    }

    /** The shipped examples, and one with a matrix workload read from a connection-matrix file. */
    private List<String> originals() throws IOException {
        List<String> texts = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("../scenarios"))) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                texts.add(Files.readString(file));
            }
        }
        Files.writeString(
                dir.resolve("small.cm"),
                "Nodes 16\nConnections 3\n0->5 id 1 start 0 size 65536\n"
                        + "3->9 id 2 start 2.5 size 200000\n12->1 id 3 start 1 size 4096\n");
        texts.add("name: matrix\nfabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 4, t1PerPlane: 4}\n"
                + "workload: {type: matrix, connectionMatrix: small.cm}\n");
        texts.add("name: flows\nfabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 4, t1PerPlane: 4}\n"
                + "workload:\n  type: matrix\n  flows:\n    - {src: 0, dst: 5, bytes: 65536}\n"
                + "    - {src: 3, dst: 9, bytes: 100000, startNs: 2000}\n");
        return texts;
    }

    /**
     * Loads the mutant with the test's heap budget; one that loads is built, run for a slice and
     * reported. Returns its outcome class; anything thrown other than a scenario error fails.
     */
    private String outcome(Path file) throws IOException {
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(file, BUDGET);
        } catch (ScenarioException e) {
            checkOneClearLine(e.getMessage(), file);
            return "refused: " + kind(e.getMessage());
        }
        Simulation simulation = Simulation.build(scenario);
        for (int events = 0; events < SLICE_EVENTS && simulation.nowPs() <= SLICE_PS; events++) {
            if (!simulation.step()) {
                break;
            }
        }
        ReportWriter.write(
                RunReports.from(scenario, simulation.summary(), 0, 0, simulation.workloadComplete()),
                dir.resolve("report.json"));
        return "ran";
    }

    /**
     * The command line says the same: exit 0 for what loads, 2 and the error alone on stderr for the
     * rest (the command line checks against this JVM's heap, not the test's budget).
     */
    private static void checkCommandLine(Path file, String outcome) {
        CliHarness check = CliHarness.run("run", file.toString(), "--check");
        if (outcome.equals("ran") || (outcome.endsWith("heap budget") && check.exitCode() == 0)) {
            assertEquals(0, check.exitCode(), check.err());
        } else {
            assertEquals(2, check.exitCode(), check.out() + check.err());
            checkOneClearLine(check.err().strip(), file);
        }
    }

    private static void checkOneClearLine(String message, Path file) {
        assertTrue(message.startsWith(file.toString()), "names the file: " + message);
        assertTrue(!message.contains("\n") && !message.contains("\r"), "one line: " + message);
        assertTrue(message.length() <= 600, "short (" + message.length() + " characters): " + message);
        assertTrue(!message.contains("Exception") && !message.contains("java."), "no exception text: " + message);
    }

    private static String abbreviated(String text) {
        return text.length() <= 2_000 ? text : text.substring(0, 2_000) + "... (" + text.length() + " characters)";
    }

    private static String kind(String message) {
        if (message.contains("not a text file")) {
            return "not a text file";
        }
        if (message.contains("malformed YAML")) {
            return "malformed YAML";
        }
        if (message.contains("of heap")) {
            return "beyond the heap budget";
        }
        if (message.contains("the limit is") || message.contains("must be <=")) {
            return "beyond a limit";
        }
        return "invalid value or key";
    }
}
