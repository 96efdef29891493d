package org.planewatch.collector.testing;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A real single-node Kafka cluster (KRaft, broker and controller combined) inside the test JVM:
 * Kafka's own test kit, pinned with every Kafka artifact to one version (shared/spec/fleet.md).
 */
public final class KafkaTestCluster implements AutoCloseable {
    private final KafkaClusterTestKit cluster;

    private KafkaTestCluster(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    public static KafkaTestCluster start() throws Exception {
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setCombined(true)
                        .setNumBrokerNodes(1)
                        .setNumControllerNodes(1)
                        .build())
                // one node: the group coordinator's topic must have one replica, or a group receives nothing
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "4")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return new KafkaTestCluster(cluster);
    }

    public String bootstrap() {
        return cluster.bootstrapServers();
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
