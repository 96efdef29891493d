package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.fleet.FleetTopics;

class FleetConsoleCloseTest {

    /**
     * An operator quits the console while it streams a drilled-into device from Kafka: every thread
     * of the fleet source ends quietly. Closing interrupted the drill-down inside its poll, and the
     * consumer's own close then threw Kafka's InterruptException out of the thread: a stack trace on
     * every exit.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void quittingWhileADeviceIsDrilledIntoPrintsNoUncaughtException() throws Exception {
        List<String> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> uncaught.add(thread.getName() + ": " + error));
        try (KafkaTestCluster kafka = KafkaTestCluster.start()) {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap()))) {
                admin.createTopics(List.of(new NewTopic(FleetTopics.UPDATES, 2, (short) 1)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
            }
            for (int round = 0; round < 3; round++) {
                FleetSession console = FleetSession.start(
                        new FleetAddress(kafka.bootstrap(), Map.of(), "test"),
                        InstantSource.system(),
                        Duration.ofSeconds(30));
                console.watchDevice("host-0");
                Thread.sleep(2_000); // the drill-down has found its partition and polls it
                console.close();
            }
            assertEquals(List.of(), uncaught);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }
}
