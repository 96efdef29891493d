package org.planewatch.collector.kafka;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.config.TopicLayout;

/**
 * Creates the collector tier's topics when they are missing and checks the ones that exist: the
 * targets topic (compacted: the latest entry per target name) and the exclusions topic must have the
 * same number of partitions, since a share's decisions live in the exclusions partition of the same
 * number (ADR 0099).
 */
public final class Topics {
    private static final long TIMEOUT_SECONDS = 30;

    private Topics() {}

    /**
     * Describes topics just created: a broker may not know them for a moment after it created them
     * (its metadata arrives from the controller), so an unknown topic is asked about again, for up to
     * the timeout.
     */
    private static Map<String, TopicDescription> describe(Admin admin, List<String> topics)
            throws ExecutionException, TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (true) {
            try {
                return admin.describeTopics(topics).allTopicNames().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    /** Creates those of {@code wanted} that do not exist yet (another collector may be creating them too). */
    private static void createMissing(Admin admin, List<NewTopic> wanted)
            throws ExecutionException, TimeoutException, InterruptedException {
        Set<String> existing = admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        List<NewTopic> missing = new ArrayList<>();
        for (NewTopic topic : wanted) {
            if (!existing.contains(topic.name())) {
                missing.add(topic);
            }
        }
        for (NewTopic topic : missing) {
            try {
                admin.createTopics(List.of(topic)).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e; // another collector may have created it first
                }
            }
        }
    }

    /**
     * How the rollup topics are compacted (ADR 0136): a segment closes after a minute, and the cleaner
     * takes one once a tenth of a topic is superseded records. With Kafka's defaults (a segment of
     * 1 GB or 7 days, cleaned at half) the links topic was never compacted in an hour at full scale:
     * 4.9 million records for 2.1 million links, all of which a new console reads.
     */
    public static final Map<String, String> ROLLUP_COMPACTION =
            Map.of(TopicConfig.SEGMENT_MS_CONFIG, "60000", TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG, "0.1");

    /**
     * How long the plane inputs topic keeps what the by-plane application has not read (ADR 0150):
     * what it read is deleted at once (its purge), so this bounds only a topic no by-plane task reads.
     */
    static final long PLANE_INPUTS_RETENTION_MS = 24L * 3600 * 1000;

    /** Segments of ten minutes, so that what was read and deleted leaves the disk as well. */
    static final long PLANE_INPUTS_SEGMENT_MS = 10L * 60 * 1000;

    /**
     * Creates the rollups' compacted output topics when missing (ADR 0100): planes, suspects and
     * alarms in one partition each (a few thousand keys at most), links in as many as the updates.
     * Topics that exist get {@link #ROLLUP_COMPACTION} where they have no value of their own (an
     * operator's setting stays); what is changed is said to {@code log}.
     */
    public static void ensureRollups(CollectorSettings settings, RollupLayout rollups, Consumer<String> log) {
        withAdmin(settings, "rollups-admin", "the rollup topics", (admin, replicas) -> {
            Map<String, String> compacted = new HashMap<>(ROLLUP_COMPACTION);
            compacted.put(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
            compacted.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(Math.max(1, replicas - 1)));
            List<String> topics =
                    List.of(rollups.planes(), rollups.links(), rollups.suspects(), rollups.alarms(), rollups.roles());
            Map<String, String> planeInputs = Map.of(
                    TopicConfig.CLEANUP_POLICY_CONFIG,
                    TopicConfig.CLEANUP_POLICY_DELETE,
                    TopicConfig.RETENTION_MS_CONFIG,
                    Long.toString(PLANE_INPUTS_RETENTION_MS),
                    TopicConfig.SEGMENT_MS_CONFIG,
                    Long.toString(PLANE_INPUTS_SEGMENT_MS),
                    TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                    Integer.toString(Math.max(1, replicas - 1)));
            createMissing(
                    admin,
                    List.of(
                            new NewTopic(rollups.planeInputs(), rollups.byPlanePartitions(), replicas)
                                    .configs(planeInputs),
                            new NewTopic(rollups.planes(), 1, replicas).configs(compacted),
                            new NewTopic(rollups.suspects(), 1, replicas).configs(compacted),
                            new NewTopic(rollups.alarms(), 1, replicas).configs(compacted),
                            new NewTopic(rollups.roles(), 1, replicas).configs(compacted),
                            new NewTopic(rollups.links(), settings.topics().updatePartitions(), replicas)
                                    .configs(compacted)));
            // Known to the brokers before the by-plane application starts: a source topic it does not
            // find stops it.
            describe(admin, List.of(rollups.planeInputs()));
            describe(admin, topics);
            compactTightly(admin, topics, log);
            return null;
        });
    }

    /** Sets {@link #ROLLUP_COMPACTION} on those of {@code topics} that have no value of their own. */
    private static void compactTightly(Admin admin, List<String> topics, Consumer<String> log)
            throws ExecutionException, TimeoutException, InterruptedException {
        List<ConfigResource> resources = topics.stream()
                .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t))
                .toList();
        Map<ConfigResource, Config> configs =
                admin.describeConfigs(resources).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        Map<ConfigResource, Collection<AlterConfigOp>> changes = new HashMap<>();
        List<String> said = new ArrayList<>();
        for (ConfigResource topic : resources) {
            for (Map.Entry<String, String> wanted : ROLLUP_COMPACTION.entrySet()) {
                ConfigEntry now = configs.get(topic).get(wanted.getKey());
                if (now == null || now.source() != ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG) {
                    changes.computeIfAbsent(topic, t -> new ArrayList<>())
                            .add(new AlterConfigOp(
                                    new ConfigEntry(wanted.getKey(), wanted.getValue()), AlterConfigOp.OpType.SET));
                    said.add("topic " + topic.name() + ": " + wanted.getKey() + " set to " + wanted.getValue()
                            + " (was " + (now == null ? "unset" : now.value() + ", the broker's") + "), so a new"
                            + " console reads the latest state, not the history");
                }
            }
        }
        if (changes.isEmpty()) {
            return;
        }
        try {
            admin.incrementalAlterConfigs(changes).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            said.forEach(log);
        } catch (ExecutionException e) {
            // A cluster whose ACLs or policy forbid it still serves the rollups, only with longer reads.
            log.accept("could not set the rollup topics' compaction ("
                    + e.getCause().getMessage() + "): a new"
                    + " console reads their history until an operator sets " + ROLLUP_COMPACTION + " on them"
                    + " (docs/scale.md)");
        }
    }

    /** What is done with an admin client, given the replication factor topics are created with. */
    private interface AdminWork<T> {
        T run(Admin admin, short replicas) throws ExecutionException, TimeoutException, InterruptedException;
    }

    /**
     * Runs {@code work} with an admin client of the cluster; a failure is an {@link
     * IllegalStateException} saying what could not be set up ({@code what}) and why.
     */
    private static <T> T withAdmin(CollectorSettings settings, String role, String what, AdminWork<T> work) {
        TopicLayout layout = settings.topics();
        try (Admin admin = Admin.create(ClientProperties.common(settings, role))) {
            int brokers = admin.describeCluster()
                    .nodes()
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .size();
            short replicas =
                    (short) (layout.replicationFactor() == 0 ? Math.min(3, brokers) : layout.replicationFactor());
            return work.run(admin, replicas);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "Kafka at " + settings.bootstrap() + ": cannot set up " + what + ": "
                            + e.getCause().getMessage(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("Kafka at " + settings.bootstrap() + " did not answer within "
                    + TIMEOUT_SECONDS + " s (is the bootstrap address right, and the broker up?)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while setting up " + what);
        }
    }

    /** Returns the number of shares (partitions of the targets topic) in use. */
    public static int ensure(CollectorSettings settings) {
        TopicLayout layout = settings.topics();
        return withAdmin(settings, "admin", "the topics", (admin, replicas) -> {
            String minIsr = Integer.toString(Math.max(1, replicas - 1));
            List<NewTopic> wanted = List.of(
                    new NewTopic(layout.targets(), layout.shares(), replicas)
                            .configs(Map.of(
                                    TopicConfig.CLEANUP_POLICY_CONFIG,
                                    TopicConfig.CLEANUP_POLICY_COMPACT,
                                    TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                    minIsr)),
                    new NewTopic(layout.exclusions(), layout.shares(), replicas)
                            .configs(Map.of(
                                    TopicConfig.RETENTION_MS_CONFIG,
                                    Long.toString(layout.exclusionsRetention().toMillis()),
                                    TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                    minIsr)),
                    new NewTopic(layout.updates(), layout.updatePartitions(), replicas)
                            .configs(Map.of(
                                    TopicConfig.RETENTION_MS_CONFIG,
                                    Long.toString(layout.updatesRetention().toMillis()),
                                    TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                    minIsr)));
            createMissing(admin, wanted);
            Map<String, TopicDescription> described = describe(admin, List.of(layout.targets(), layout.exclusions()));
            int shares = described.get(layout.targets()).partitions().size();
            int exclusionPartitions =
                    described.get(layout.exclusions()).partitions().size();
            if (shares != exclusionPartitions) {
                throw new IllegalStateException("topic " + layout.exclusions() + " has " + exclusionPartitions
                        + " partitions but " + layout.targets() + " has " + shares
                        + ": they must have the same number (a share's exclusion decisions live in the partition"
                        + " of the same number)");
            }
            return shares;
        });
    }
}
