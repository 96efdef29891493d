package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.LinkRollup;

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
        TelemetryStore whole = new TelemetryStore(
                () -> Instant.ofEpochMilli(NOW), FreshnessPolicy.standard(), AlarmThresholds.defaults(), 16);
        whole.apply(read);
        Map<String, String> wholeLinks = new TreeMap<>();
        for (FabricSnapshot.LinkState link :
                whole.publish(FabricSnapshot.IngestStats.NONE).links()) {
            wholeLinks.put(link.id(), link.kind() + " plane " + link.plane());
        }

        MapFleetRoles roles = new MapFleetRoles();
        List<DevicePartials> tasks = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            tasks.add(new DevicePartials("0_" + p, () -> NOW, roles));
        }
        for (IngestEvent.Notification n : read) {
            tasks.get(partition(n.target())).apply(n);
        }
        PlaneBook book = new PlaneBook(AlarmThresholds.defaults(), () -> NOW);
        Map<String, String> rolled = new TreeMap<>();
        for (int round = 0; round < 8; round++) { // a publication a second; the roles go round between them
            List<FleetRole> told = new ArrayList<>();
            for (DevicePartials task : tasks) {
                task.changes().forEach(book::take);
                told.addAll(task.roles());
            }
            told.forEach(roles::learn);
            for (RollupOutput out : book.tick()) {
                if (out.kind() == RollupOutput.Kind.LINKS) {
                    if (out.value() instanceof LinkRollup link) {
                        rolled.put(link.link(), link.kind() + " plane " + link.plane());
                    } else {
                        rolled.remove(out.key());
                    }
                }
            }
        }
        Set<String> extra = new TreeSet<>(rolled.keySet());
        extra.removeAll(wholeLinks.keySet());
        Set<String> missing = new TreeSet<>(wholeLinks.keySet());
        missing.removeAll(rolled.keySet());
        assertEquals(
                wholeLinks,
                rolled,
                "the rolled-up links: " + missing.size() + " missing, e.g. "
                        + missing.stream().limit(8).toList() + "; " + extra.size() + " extra, e.g. "
                        + extra.stream().limit(8).toList());
    }

    /** The partition Kafka's default partitioner gives a record keyed by {@code device}. */
    private static int partition(String device) {
        return Utils.toPositive(Utils.murmur2(device.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
    }
}
