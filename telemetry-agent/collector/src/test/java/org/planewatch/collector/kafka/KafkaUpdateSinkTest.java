package org.planewatch.collector.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.config.GroupTiming;
import org.planewatch.collector.config.TopicLayout;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** The updates sink when the cluster cannot take a notification now (ADR 0112). */
class KafkaUpdateSinkTest {

    @Test
    @Timeout(30)
    void aNotificationTheClusterCannotTakeNowIsRefusedToBeOfferedAgainNotCountedAsFailed(@TempDir Path dir)
            throws IOException {
        // Nothing listens there: the producer never has the topic's metadata, and gives up after max.block.ms.
        CollectorSettings settings = new CollectorSettings(
                "c1",
                CollectorSettings.DEFAULT_GROUP,
                "127.0.0.1:" + closedPort(),
                Map.of("max.block.ms", "300"),
                TopicLayout.defaults().withReplicationFactor(1),
                GroupTiming.defaults(),
                CollectorTargets.of(dir.resolve("targets.yaml"), List.of()));
        KafkaUpdateSink sink = new KafkaUpdateSink(settings);
        try {
            IngestEvent.Notification notification = new IngestEvent.Notification(
                    "agent",
                    "host-0",
                    1_000,
                    List.of(new TelemetryUpdate(
                            TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/in-octets"),
                            new TelemetryValue.Uint(42))),
                    List.of(),
                    1);

            assertFalse(sink.publish(notification), "refused for now, so that the forwarder offers it again");
            assertEquals(0, sink.failed(), "not counted as a notification the cluster lost");
            assertEquals(0, sink.bytes());
        } finally {
            sink.abandon();
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
