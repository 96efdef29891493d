package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.HeardInTwoParts;
import org.planewatch.collector.testing.Partitions;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.testing.WholeModel;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * Per-device tasks that start afresh (moved to another collector, or restarted) after their devices
 * sent their LLDP, port states and EV counts, without Kafka: with the leaves the earlier instances
 * remembered, their links become the whole model's, the earlier instances' views go (ADR 0118), the
 * link that went down before the move stays down, every link keeps its speed and every plane its EVs
 * (ADR 0140). Under names no pattern knows, so that the first instances cannot place the hosts not
 * heard of (ADR 0139).
 * {@code MovedRollupTasksTest} does the same through a broker and Kafka Streams' own stores.
 */
class RestartedTasksTest {
    private static final long NOW = 1_000_000;
    private static final int PARTITIONS = 3;

    @Test
    @Timeout(60)
    void tasksStartedAfreshWithTheirRememberedLeavesReplaceTheWrongLinksOfTheirEarlierInstances(@TempDir Path dir)
            throws Exception {
        List<IngestEvent.Notification> read;
        try (SimAgent agent = SimAgent.startWithChosenNames()) {
            read = DirectRead.readAll(agent, dir, 2, Duration.ofSeconds(2));
        }
        FabricSnapshot whole = WholeModel.of(read, NOW);
        Map<String, String> wholeLinks = WholeModel.links(whole);
        HeardInTwoParts heard = HeardInTwoParts.of(read, whole, PARTITIONS);

        TaskRounds rollups = new TaskRounds(NOW);
        List<DevicePartials> earlier = tasks(rollups);
        Map<String, byte[]> remembered = new HashMap<>();
        for (IngestEvent.Notification n : heard.first()) {
            earlier.get(Partitions.of(n.target(), PARTITIONS)).apply(n);
            if (RememberedLeaves.touches(n)) {
                byte[] merged = RememberedLeaves.merge(remembered.get(n.target()), n);
                if (merged != null) {
                    remembered.put(n.target(), merged);
                }
            }
        }
        rollups.run(earlier, 3);
        assertNotEquals(wholeLinks, rollups.links, "the first instances cannot place the hosts not heard of yet");

        List<DevicePartials> restarted = tasks(rollups);
        remembered.forEach((device, kept) -> RememberedLeaves.replay(kept, "remembered", device, NOW)
                .forEach(restarted.get(Partitions.of(device, PARTITIONS))::apply));
        heard.later()
                .forEach(n ->
                        restarted.get(Partitions.of(n.target(), PARTITIONS)).apply(n));
        rollups.run(restarted, 4);
        assertEquals(
                wholeLinks,
                rollups.links,
                "the links after the restart: " + WholeModel.differences(wholeLinks, rollups.links));
        Map<String, String> wholeStates = WholeModel.states(whole);
        assertEquals("DOWN, 100 Gb/s", wholeStates.get(SimAgent.CHOSEN_DOWN_LINK), "the down link in the whole model");
        assertEquals(
                Map.of(),
                WholeModel.mismatches(wholeStates, rollups.states),
                "the links' states and speeds after the restart");
        assertEquals(Map.of(), WholeModel.mismatches(WholeModel.evs(whole), rollups.evs), "the planes' EVs");
    }

    private static List<DevicePartials> tasks(TaskRounds rollups) {
        List<DevicePartials> tasks = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            tasks.add(rollups.task("0_" + p));
        }
        return tasks;
    }
}
