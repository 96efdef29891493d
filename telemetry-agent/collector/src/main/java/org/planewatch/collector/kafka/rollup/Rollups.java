package org.planewatch.collector.kafka.rollup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.kafka.ClientProperties;
import org.planewatch.collector.kafka.Topics;
import org.planewatch.console.state.AlarmThresholds;

/**
 * The rollups' two Kafka Streams applications, run inside a collector (ADRs 0100, 0150): every
 * collector started with {@code --rollups} joins both, and Kafka Streams shares each one's tasks among
 * them. Each runs on a stream thread of its own: the per-device tasks' hand-outs, a topology learning
 * among them, take seconds at full scale, and the by-plane tasks that write the plane rollups every
 * second no longer wait behind them. The state directory holds Kafka Streams' lock files and the
 * stores on disk (ADR 0143).
 */
public final class Rollups implements AutoCloseable {
    private final KafkaStreams devices;
    private final KafkaStreams planes;
    private final PlaneInputsPurge purge;
    private final Path stateDir;
    /** Whether {@link #stateDir} is this run's own, removed when it stops; an operator's is kept. */
    private final boolean temporary;

    private final RollupCounters counters = new RollupCounters();

    private Rollups(CollectorSettings settings, RollupLayout layout, Path kept, Consumer<String> log) {
        this.temporary = kept == null;
        this.stateDir = temporary ? temporaryStateDir() : kept; // Kafka Streams makes it if missing
        this.devices = new KafkaStreams(
                RollupTopology.devices(settings.topics(), layout, counters),
                properties(
                        settings,
                        layout.applicationId(),
                        "planewatch-collector-" + settings.id(),
                        settings.timing().rollupSessionTimeout()));
        this.planes = new KafkaStreams(
                RollupTopology.planes(layout, AlarmThresholds.defaults(), counters),
                properties(
                        settings,
                        layout.planesApplicationId(),
                        "planewatch-collector-" + settings.id() + "-planes",
                        settings.timing().sessionTimeout()));
        for (KafkaStreams streams : List.of(devices, planes)) {
            streams.setUncaughtExceptionHandler(error -> {
                log.accept("rollups stopped: " + error.getMessage());
                return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
            });
        }
        this.purge = new PlaneInputsPurge(settings, layout, log);
    }

    private static Path temporaryStateDir() {
        try {
            return Files.createTempDirectory("planewatch-rollups-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the rollups' state directory", e);
        }
    }

    /**
     * One application's settings: {@code instance}, its static member id in its group, dropped from it
     * after {@code session} of silence. The per-device tasks wait the rollups' longer timeout (their
     * models are what a survivor would have to rebuild in its heap); the by-plane tasks, small, move
     * as fast as the targets, so every plane's rollup goes on (ADR 0151).
     */
    private Properties properties(CollectorSettings settings, String applicationId, String instance, Duration session) {
        Properties props = new Properties();
        props.putAll(ClientProperties.common(settings, "rollups"));
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 1_000);
        props.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedRocksDb.class);
        int replicas = settings.topics().replicationFactor();
        props.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, replicas == 0 ? -1 : replicas);
        props.put(StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG), "lz4");
        // A static member (the collector's id is unique in its group), because Kafka Streams leaves the
        // group on close only as one: a collector stopping cleanly hands its tasks on at once rather than
        // after its session times out (ADR 0118).
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG), instance);
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), (int) session.toMillis());
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), (int)
                settings.timing().heartbeatInterval().toMillis());
        return props;
    }

    /** Creates the output topics when missing and starts the application. */
    public static Rollups start(CollectorSettings settings, RollupLayout layout, Consumer<String> log) {
        return start(settings, layout, null, log);
    }

    /**
     * Creates the output topics when missing and starts the application, its stores in {@code stateDir}
     * (kept when it stops), or in a temporary directory when null.
     */
    public static Rollups start(CollectorSettings settings, RollupLayout layout, Path stateDir, Consumer<String> log) {
        Topics.ensureRollups(settings, layout, log);
        Rollups rollups = new Rollups(settings, layout, stateDir, log);
        rollups.devices.start();
        rollups.planes.start();
        rollups.purge.start();
        return rollups;
    }

    public RollupCounters counters() {
        return counters;
    }

    /** Whether both applications are running or rebalancing (neither stopped nor failed). */
    public boolean running() {
        return devices.state().isRunningOrRebalancing() && planes.state().isRunningOrRebalancing();
    }

    /**
     * How far behind the rollups' consumers are, in records: the largest lag of any partition they read
     * (Kafka's {@code records-lag-max}); 0 before they have fetched anything.
     */
    public double lagRecords() {
        return Math.max(lagRecords(devices), lagRecords(planes));
    }

    private static double lagRecords(KafkaStreams streams) {
        double lag = 0;
        for (Map.Entry<MetricName, ? extends Metric> metric : streams.metrics().entrySet()) {
            if (metric.getKey().name().equals("records-lag-max")
                    && metric.getKey().group().equals("consumer-fetch-manager-metrics")
                    && !metric.getKey().tags().getOrDefault("client-id", "").contains("restore")
                    && metric.getValue().metricValue() instanceof Double value
                    && Double.isFinite(value)) {
                lag = Math.max(lag, value);
            }
        }
        return lag;
    }

    /**
     * The share of its time each application's stream thread spent on each of Kafka Streams'
     * activities over its last metrics window (process, punctuate, poll, commit: Kafka's {@code *-ratio}
     * thread metrics), by application ({@code devices}, {@code planes}) then activity; an activity Kafka
     * does not report is left out.
     */
    public Map<String, Map<String, Double>> threadRatios() {
        return Map.of("devices", threadRatios(devices), "planes", threadRatios(planes));
    }

    private static Map<String, Double> threadRatios(KafkaStreams streams) {
        Map<String, Double> ratios = new TreeMap<>();
        for (Map.Entry<MetricName, ? extends Metric> metric : streams.metrics().entrySet()) {
            String name = metric.getKey().name();
            if (metric.getKey().group().equals("stream-thread-metrics")
                    && THREAD_ACTIVITIES.contains(name)
                    && metric.getValue().metricValue() instanceof Double value
                    && Double.isFinite(value)) {
                ratios.merge(name.substring(0, name.length() - "-ratio".length()), value, Double::sum);
            }
        }
        return ratios;
    }

    private static final Set<String> THREAD_ACTIVITIES =
            Set.of("process-ratio", "punctuate-ratio", "poll-ratio", "commit-ratio");

    @Override
    public void close() {
        // Leaving the groups hands the tasks on at once; the next instance restores them from the changelogs.
        stop(true);
    }

    /**
     * Stops as a killed process would for the groups: without leaving them, so that they wait for
     * their session timeouts before moving the tasks (tests of a collector's death within one JVM).
     */
    public void abandon() {
        stop(false);
    }

    private void stop(boolean leaveGroups) {
        purge.close();
        for (KafkaStreams streams : List.of(devices, planes)) {
            streams.close(new KafkaStreams.CloseOptions()
                    .timeout(Duration.ofSeconds(10))
                    .leaveGroup(leaveGroups));
        }
        if (!temporary) {
            return; // the operator's: the next run starts from it
        }
        try (Stream<Path> files = Files.walk(stateDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind: nothing to stop for
        }
    }
}
