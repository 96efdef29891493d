package org.planewatch.collector.broker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A single-node Apache Kafka broker in KRaft mode (broker and controller in one process) inside the
 * collector's JVM, for a demo on one machine: {@code planewatch-collector --embedded-broker DIR}.
 * Listens on loopback only: the client port given and the controller port one above it. The
 * directory is formatted on first use and reused after that (its topics survive a restart).
 * Production fabrics point collectors at a real cluster instead (docs/scale.md).
 */
public final class EmbeddedBroker implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final int NODE_ID = 1;

    private final KafkaRaftServer server;
    private final int port;
    private boolean closed;

    private EmbeddedBroker(KafkaRaftServer server, int port) {
        this.server = server;
        this.port = port;
    }

    /** Formats {@code dir} when it is new and starts the broker; a clear error when the port or directory is unusable. */
    public static EmbeddedBroker start(Path dir, int port) {
        if (port < 1 || port > 65534) {
            throw new IllegalArgumentException(
                    "broker port must be 1..65534 (the controller takes the next), got " + port);
        }
        requirePortFree(port, "--broker-port");
        requirePortFree(port + 1, "the controller port (--broker-port + 1)");
        Path logDir = dir.toAbsolutePath();
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new IllegalArgumentException(dir + ": cannot create the broker directory (" + e.getMessage() + ")");
        }
        if (!Files.isWritable(logDir)) {
            throw new IllegalArgumentException(dir + ": the broker directory is not writable");
        }
        Map<String, String> props = properties(logDir, port);
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format(logDir);
        }
        KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(props, false), Time.SYSTEM);
        server.startup();
        return new EmbeddedBroker(server, port);
    }

    private static Map<String, String> properties(Path logDir, int port) {
        int controllerPort = port + 1;
        Map<String, String> props = new HashMap<>();
        props.put("process.roles", "broker,controller");
        props.put("node.id", Integer.toString(NODE_ID));
        props.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        props.put("listeners", "PLAINTEXT://" + HOST + ":" + port + ",CONTROLLER://" + HOST + ":" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + port);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        // One node: every internal topic with one replica, or a consumer group receives nothing.
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "4");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("transaction.state.log.num.partitions", "4");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("auto.create.topics.enable", "false");
        return props;
    }

    private static void format(Path logDir) {
        Formatter formatter = new Formatter()
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .setNodeId(NODE_ID)
                .setClusterId(Uuid.randomUuid().toString())
                .setDirectories(List.of(logDir.toString()))
                .setReleaseVersion(MetadataVersion.latestProduction())
                .setControllerListenerName("CONTROLLER")
                .setMetadataLogDirectory(logDir.toString())
                .setIgnoreFormatted(true);
        try {
            formatter.run();
        } catch (Exception e) {
            throw new IllegalStateException(logDir + ": cannot format the broker directory: " + e.getMessage(), e);
        }
    }

    private static void requirePortFree(int port, String what) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    what + " " + HOST + ":" + port + " is in use (another broker?); choose another with --broker-port");
        }
    }

    /** {@code 127.0.0.1:port}, for clients. */
    public String bootstrap() {
        return HOST + ":" + port;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.shutdown();
        server.awaitShutdown();
    }
}
