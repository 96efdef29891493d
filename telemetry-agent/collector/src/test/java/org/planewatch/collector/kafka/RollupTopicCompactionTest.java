package org.planewatch.collector.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;

/**
 * The rollup topics on a real broker are compacted tightly enough that a new console reads the
 * latest state rather than the history (ADR 0136): created so, and set so when they exist from an
 * earlier version, except where an operator gave a topic a value of its own.
 */
class RollupTopicCompactionTest {
    private static final String SEGMENT_MS = TopicConfig.SEGMENT_MS_CONFIG;
    private static final String DIRTY_RATIO = TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG;

    @Test
    @Timeout(120)
    void topicsCreatedOrLeftByAnEarlierVersionGetTheSettingsAndAnOperatorsOwnValueStays(@TempDir Path dir)
            throws Exception {
        RollupLayout layout = RollupLayout.defaults();
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap()))) {
            CollectorSettings settings = Collectors.withoutTargets(kafka.bootstrap(), dir);
            // As an earlier version made them: compacted with the broker's segments; the operator then
            // gave the alarms topic segments of five minutes.
            Map<String, String> before = Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
            admin.createTopics(List.of(
                            new NewTopic(layout.links(), 3, (short) 1).configs(before),
                            new NewTopic(layout.alarms(), 1, (short) 1)
                                    .configs(Map.of(
                                            TopicConfig.CLEANUP_POLICY_CONFIG,
                                            TopicConfig.CLEANUP_POLICY_COMPACT,
                                            SEGMENT_MS,
                                            "300000"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);

            List<String> said = new ArrayList<>();
            Topics.ensureRollups(settings, layout, said::add);

            Map<String, Config> configs = configs(admin, layout);
            assertEquals("60000", configs.get(layout.links()).get(SEGMENT_MS).value(), "an earlier link topic");
            assertEquals("0.1", configs.get(layout.links()).get(DIRTY_RATIO).value());
            assertEquals("300000", configs.get(layout.alarms()).get(SEGMENT_MS).value(), "the operator's value");
            assertEquals("0.1", configs.get(layout.alarms()).get(DIRTY_RATIO).value());
            for (String created : List.of(layout.planes(), layout.suspects(), layout.roles())) {
                assertEquals("60000", configs.get(created).get(SEGMENT_MS).value(), created + " created so");
                assertEquals("0.1", configs.get(created).get(DIRTY_RATIO).value(), created);
            }
            assertEquals(3, said.size(), "two settings of the links topic and one of the alarms topic: " + said);
            assertTrue(
                    said.contains("topic " + layout.links() + ": segment.ms set to 60000 (was 604800000, the"
                            + " broker's), so a new console reads the latest state, not the history"),
                    said.toString());

            said.clear();
            Topics.ensureRollups(settings, layout, said::add);
            assertEquals(List.of(), said, "a second collector finds nothing to change");
        }
    }

    private static Map<String, Config> configs(Admin admin, RollupLayout layout) throws Exception {
        List<ConfigResource> topics =
                List.of(layout.planes(), layout.links(), layout.suspects(), layout.alarms(), layout.roles()).stream()
                        .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t))
                        .toList();
        Map<String, Config> byName = new HashMap<>();
        admin.describeConfigs(topics).all().get(30, TimeUnit.SECONDS).forEach((r, c) -> byName.put(r.name(), c));
        return byName;
    }
}
