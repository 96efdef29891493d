package org.planewatch.collector.kafka.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.kafka.Topics;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;

/**
 * ADR 0150: the plane inputs topic between the rollups' two applications is a topic of their own,
 * which Kafka Streams does not purge; a rollups node deletes what the by-plane application committed,
 * and nothing after it.
 */
class PlaneInputsPurgeTest {
    @Test
    @Timeout(120)
    void whatTheByPlaneApplicationCommittedIsDeletedAndWhatItHasNotReadStays(@TempDir Path dir) throws Exception {
        RollupLayout layout = RollupLayout.defaults();
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap()))) {
            CollectorSettings settings = Collectors.withoutTargets(kafka.bootstrap(), dir);
            List<String> said = new ArrayList<>();
            Topics.ensureRollups(settings, layout, said::add);
            TopicPartition plane3 = new TopicPartition(layout.planeInputs(), 3);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    kafka.bootstrap(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                    StringSerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                    StringSerializer.class))) {
                for (int i = 0; i < 10; i++) {
                    producer.send(new ProducerRecord<>(plane3.topic(), plane3.partition(), "3", "input " + i));
                }
                producer.flush();
            }
            try (PlaneInputsPurge purge = new PlaneInputsPurge(settings, layout, said::add)) {
                purge.purge();
                assertEquals(0, earliest(admin, plane3), "nothing committed yet: nothing deleted");

                // The by-plane application read the first six records of the partition.
                admin.alterConsumerGroupOffsets(layout.planesApplicationId(), Map.of(plane3, new OffsetAndMetadata(6)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
                purge.purge();
                assertEquals(6, earliest(admin, plane3), "what it committed is gone, the four after stay");
            }
            assertTrue(said.isEmpty(), "no purge failed: " + said);
        }
    }

    private static long earliest(Admin admin, TopicPartition partition) throws Exception {
        return admin.listOffsets(Map.of(partition, OffsetSpec.earliest()))
                .partitionResult(partition)
                .get(30, TimeUnit.SECONDS)
                .offset();
    }
}
