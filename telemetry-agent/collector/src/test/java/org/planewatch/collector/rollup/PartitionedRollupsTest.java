package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.Partitions;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.testing.WholeModel;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The rollups' per-device tasks, each holding the devices Kafka's partitioner gives its partition of
 * the updates topic, and the by-plane stage, without a broker: on a 2,048-host fabric their links are
 * the whole model's (ADR 0116). About 12 s, most of it the agent's initial states.
 */
class PartitionedRollupsTest {
    private static final long NOW = 1_000_000;
    private static final int PARTITIONS = 12;

    @Test
    @Timeout(300)
    void onA2048HostFabricTheTasksTogetherRollUpTheLinksOfTheWholeModel(@TempDir Path dir) throws Exception {
        List<IngestEvent.Notification> read;
        try (SimAgent agent = SimAgent.startBigFabricWithALinkDown()) {
            read = DirectRead.readAll(agent, dir, 16, Duration.ofSeconds(2));
        }
        Map<String, String> wholeLinks = WholeModel.links(WholeModel.of(read, NOW));

        TaskRounds rollups = new TaskRounds(NOW);
        List<DevicePartials> tasks = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            tasks.add(rollups.task("0_" + p));
        }
        for (IngestEvent.Notification n : read) {
            tasks.get(Partitions.of(n.target(), PARTITIONS)).apply(n);
        }
        rollups.run(tasks, 8);
        Map<String, String> rolled = rollups.links;
        assertEquals(wholeLinks, rolled, "the rolled-up links: " + WholeModel.differences(wholeLinks, rolled));
    }
}
