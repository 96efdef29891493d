package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Same scenario and seed, same report (wall-clock figures aside); another seed, another trace. */
class DeterministicReportTest {

    @TempDir
    Path dir;

    private ObjectNode report(Path scenario, String name) throws IOException {
        Path file = dir.resolve(name);
        CliHarness result = CliHarness.run("run", scenario.toString(), "--report", file.toString(), "--quiet");
        assertEquals(0, result.exitCode(), result.err());
        ObjectNode report = (ObjectNode) new ObjectMapper().readTree(file.toFile());
        report.remove("wallMs");
        report.remove("buildMs");
        return report;
    }

    @Test
    void sameSeedGivesTheSameReportAndAnotherSeedAnotherTrace() throws IOException {
        Path scenario = Path.of("../scenarios/gray-link.yaml");
        Path reseeded = dir.resolve("gray-link-seed-4.yaml");
        Files.writeString(reseeded, Files.readString(scenario).replace("seed: 3", "seed: 4"));

        ObjectNode first = report(scenario, "first.json");
        ObjectNode second = report(scenario, "second.json");
        ObjectNode other = report(reseeded, "other.json");

        assertEquals(first, second);
        assertNotEquals(first.get("traceDigest"), other.get("traceDigest"));
    }
}
