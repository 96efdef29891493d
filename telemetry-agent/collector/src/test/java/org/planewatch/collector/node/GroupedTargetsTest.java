package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.TargetsFileWriter;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.testing.SimAgent;

/**
 * Issue 21 item 6: one agent serving every device as a target of its own, and a targets file of
 * entries that each list several devices at that one address (as {@code targets-file} writes for
 * the full fabric): the collector holds the entries, opens one connection per entry with a
 * Subscribe stream per device on it, and every device's updates reach the updates topic keyed by
 * the device.
 */
class GroupedTargetsTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void entriesOfDevicesAtOneAddressAreSubscribedDeviceByDevice() throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                SimAgent agent = SimAgent.start()) {
            Set<String> devices = new TreeSet<>(agent.devices());
            String text = new TargetsFileWriter(
                            "127.0.0.1:" + agent.port(),
                            agent.devices(),
                            4,
                            "fabric",
                            Optional.empty(),
                            Optional.empty())
                    .text();
            Path targets = Files.writeString(dir.resolve("targets.yaml"), text);
            Collector collector = Collector.start(Collectors.settings("a", kafka.bootstrap(), targets, 2), line -> {});
            try {
                int entries = (devices.size() + 3) / 4;
                Collectors.await(
                        () -> collector.targets().size() == entries && agent.activeSubscriptions() == devices.size(),
                        Duration.ofSeconds(40),
                        "the collector did not subscribe every device of the " + entries + " entries");
                Collectors.await(
                        () -> devicesInUpdates(kafka.bootstrap()).containsAll(devices),
                        Duration.ofSeconds(20),
                        "updates of every device did not reach the updates topic");
                assertEquals(devices, devicesInUpdates(kafka.bootstrap()), "keyed by device, nothing else");
            } finally {
                collector.close();
            }
        }
    }

    private static Set<String> devicesInUpdates(String bootstrap) {
        Set<String> out = new TreeSet<>();
        for (ConsumerRecord<String, byte[]> record : Collectors.readAll(bootstrap, "planewatch.updates")) {
            out.add(record.key());
        }
        return out;
    }
}
