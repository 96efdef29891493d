package org.planewatch.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.TransportConfig;

/** docs/scenarios.md documents every key a scenario file accepts. */
class ScenarioDocsTest {

    private static final Path DOC = Path.of("../../docs/scenarios.md");

    @Test
    void everyScenarioKeyHasARowInTheDocs() throws IOException {
        String doc = Files.readString(DOC);
        List<String> keys = new ArrayList<>(List.of(
                "name",
                "seed",
                "fabric",
                "transport",
                "workload",
                "faults",
                "durationUs",
                "atUs",
                "action",
                "link",
                "switch",
                "plane",
                "periodUs",
                "downUs",
                "count",
                "dropProbability",
                "bitErrorRate"));
        keys.addAll(RecordOverrides.keysOf(FabricConfig.class));
        keys.addAll(RecordOverrides.keysOf(TransportConfig.class));
        keys.addAll(WorkloadReader.keys());

        List<String> undocumented = keys.stream()
                .filter(key -> !doc.contains("| `" + key + "`") && !doc.contains("`" + key + "` ("))
                .toList();

        assertEquals(List.of(), undocumented, "keys without a row in " + DOC);
    }
}
