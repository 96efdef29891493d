package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.WorkloadType;
import org.planewatch.sim.fabric.NodeNames;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/** Every shipped example runs through the CLI to a complete, self-consistent JSON report. */
class ShippedScenariosRunTest {

    @TempDir
    Path dir;

    static Stream<Path> shippedScenarios() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(Path.of("../scenarios"))) {
            files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 7, "expected the shipped examples in scenarios/, found " + files);
        return files.stream();
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shippedScenarios")
    void runsToAConsistentReport(Path file) throws IOException, ScenarioException {
        Scenario scenario = ScenarioLoader.load(file);
        Path reportFile = dir.resolve("report.json");

        CliHarness result = CliHarness.run("run", file.toString(), "--report", reportFile.toString(), "--quiet");

        assertEquals(0, result.exitCode(), result.err());
        assertEquals("", result.err());
        assertTrue(result.out().startsWith(scenario.name() + ": "), result.out());
        JsonNode report = new ObjectMapper().readTree(reportFile.toFile());
        assertTrue(
                keys(report)
                        .containsAll(List.of(
                                "scenario",
                                "seed",
                                "simulatedNs",
                                "wallMs",
                                "events",
                                "messages",
                                "packets",
                                "fct",
                                "planes",
                                "evTransitions")),
                keys(report).toString());
        assertEquals(scenario.name(), report.get("scenario").asText());
        assertEquals(scenario.seed(), report.get("seed").asLong());
        if (scenario.durationNs() > 0) {
            assertEquals(scenario.durationNs(), report.get("simulatedNs").asLong());
        }
        assertTrue(report.get("events").asLong() > 0);

        JsonNode messages = report.get("messages");
        assertEquals(
                List.of("total", "completed", "bytesExpected", "bytesDelivered", "duplicateBytes", "failed"),
                keys(messages));
        assertTrue(report.get("workloadComplete").asBoolean(), "every shipped example completes its workload");
        assertTrue(messages.get("total").asLong() > 0);
        assertEquals(messages.get("total").asLong(), messages.get("completed").asLong());
        assertEquals(
                messages.get("bytesExpected").asLong(),
                messages.get("bytesDelivered").asLong());

        JsonNode packets = report.get("packets");
        assertEquals(List.of("sent", "delivered", "trimmed", "dropped", "inFlightAtEnd"), keys(packets));
        assertEquals(
                packets.get("sent").asLong(),
                packets.get("delivered").asLong()
                        + packets.get("trimmed").asLong()
                        + packets.get("dropped").asLong()
                        + packets.get("inFlightAtEnd").asLong(),
                "every data packet sent is delivered, trimmed, dropped or in flight: " + packets);

        JsonNode fct = report.get("fct");
        assertTrue(
                0 < fct.get("p50Ns").asLong()
                        && fct.get("p50Ns").asLong() <= fct.get("p99Ns").asLong()
                        && fct.get("p99Ns").asLong() <= fct.get("maxNs").asLong(),
                fct.toString());

        JsonNode planes = report.get("planes");
        assertEquals(scenario.fabric().planes(), planes.size());
        for (int p = 0; p < planes.size(); p++) {
            assertEquals(
                    List.of("id", "goodputGbps", "trimmed", "dropped", "evsAssumedBad", "evsDenied"),
                    keys(planes.get(p)));
            assertEquals(p, planes.get(p).get("id").asInt());
        }
        JsonNode steps = report.get("steps");
        assertEquals(messages.get("completed").asLong() > 0, steps.size() > 0, "finished rounds are reported");
        for (JsonNode step : steps) {
            assertTrue(
                    keys(step)
                            .containsAll(List.of("index", "startNs", "completionNs", "durationNs", "slowestTransfer")),
                    step.toString());
            // each figure is truncated from picoseconds on its own, so they may differ by 1 ns
            assertEquals(
                    step.get("completionNs").asLong() - step.get("startNs").asLong(),
                    step.get("durationNs").asLong(),
                    1,
                    step.toString());
        }
        if (scenario.workload().type() == WorkloadType.TRAINING) {
            assertEquals(scenario.workload().repeat(), steps.size(), "one step result per training step");
        }
        NodeNames names = new NodeNames(scenario.fabric(), scenario.names());
        java.util.Set<String> hosts = new java.util.HashSet<>();
        for (int h = 0; h < scenario.fabric().hostCount(); h++) {
            hosts.add(names.name(h));
        }
        long previousAt = 0;
        for (JsonNode transition : report.get("evTransitions")) {
            assertEquals(
                    List.of("atNs", "host", "qp", "ev", "plane", "links", "from", "to", "reason"), keys(transition));
            assertTrue(transition.get("atNs").asLong() >= previousAt, "transitions in time order");
            previousAt = transition.get("atNs").asLong();
            assertTrue(hosts.contains(transition.get("host").asText()), "a host of the scenario: " + transition);
        }
    }
}
