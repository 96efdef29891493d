package org.planewatch.collector.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.config.GroupTiming;
import org.planewatch.collector.config.TopicLayout;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * The targets topic on a real broker: the entries of a targets file are listed in shares that carry
 * about as many devices each (ADR 0133), and a topic written before (Kafka's hash of the names) ends
 * with every entry listed in exactly one share.
 */
class TargetListTest {
    private static final int SHARES = 6;

    @Test
    @Timeout(120)
    void entriesPlacedByTheirHashBeforeEndListedOnceInSharesOfEvenDevices(@TempDir Path dir) throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start()) {
            List<TargetConfig> entries = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                int devices = i == 11 ? 50 : 100;
                List<String> names =
                        IntStream.range(0, devices).mapToObj(d -> "dev-" + d).toList();
                entries.add(TargetConfig.insecure("fabric-%04d".formatted(i), "127.0.0.1", 9339, names));
            }
            CollectorSettings settings = new CollectorSettings(
                    "c1",
                    CollectorSettings.DEFAULT_GROUP,
                    kafka.bootstrap(),
                    Map.of(),
                    TopicLayout.defaults().withShares(SHARES).withReplicationFactor(1),
                    GroupTiming.defaults(),
                    CollectorTargets.of(dir.resolve("targets.yaml"), entries));
            Topics.ensure(settings);
            String topic = settings.topics().targets();
            // The list as collectors wrote it before: each name in the partition its hash picks.
            try (KafkaProducer<String, String> before = producer(kafka.bootstrap())) {
                for (TargetConfig entry : entries) {
                    int hashed =
                            Utils.toPositive(Utils.murmur2(entry.name().getBytes(StandardCharsets.UTF_8))) % SHARES;
                    before.send(new ProducerRecord<>(topic, hashed, entry.name(), entry.address()));
                }
                before.flush();
            }

            TargetList.publish(settings);
            Map<String, List<Integer>> listed = listed(kafka.bootstrap(), topic);
            long[] devices = new long[SHARES];
            for (TargetConfig entry : entries) {
                List<Integer> in = listed.get(entry.name());
                assertEquals(1, in.size(), entry.name() + " is listed in one share, not " + in);
                devices[in.getFirst()] += entry.targets().size();
            }
            // 1,150 devices in 12 entries over 6 shares: two entries a share, one of them 150.
            assertEquals("[200, 200, 200, 200, 200, 150]", java.util.Arrays.toString(sortedDescending(devices)));

            TargetList.publish(settings);
            assertEquals(listed, listed(kafka.bootstrap(), topic), "the same list written again lists the same");
        }
    }

    private static long[] sortedDescending(long[] values) {
        return java.util.Arrays.stream(values)
                .boxed()
                .sorted(java.util.Comparator.reverseOrder())
                .mapToLong(Long::longValue)
                .toArray();
    }

    /** Each name with the partitions whose newest record for it is not a tombstone, read from the topic. */
    private static Map<String, List<Integer>> listed(String bootstrap, String topic) {
        Map<String, Map<Integer, Boolean>> newest = new TreeMap<>();
        for (ConsumerRecord<String, byte[]> record : Collectors.readAll(bootstrap, topic)) {
            newest.computeIfAbsent(record.key(), k -> new TreeMap<>()).put(record.partition(), record.value() != null);
        }
        Map<String, List<Integer>> listed = new HashMap<>();
        newest.forEach((name, partitions) -> listed.put(
                name,
                partitions.entrySet().stream()
                        .filter(Map.Entry::getValue)
                        .map(Map.Entry::getKey)
                        .toList()));
        assertTrue(!listed.isEmpty(), "the topic lists something");
        return listed;
    }

    private static KafkaProducer<String, String> producer(String bootstrap) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return new KafkaProducer<>(props);
    }
}
