package org.planewatch.collector.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.planewatch.collector.broker.EmbeddedBroker;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.config.GroupTiming;
import org.planewatch.collector.config.KafkaProperties;
import org.planewatch.collector.config.TopicLayout;
import org.planewatch.collector.node.Collector;
import org.planewatch.collector.node.CollectorNode;
import org.planewatch.collector.node.CollectorStatus;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Entry point of {@code planewatch-collector.jar}. */
@Command(
        name = "planewatch-collector",
        mixinStandardHelpOptions = true,
        version = "planewatch-collector 0.1.0",
        description = "Subscribes with gNMI to a share of the targets in a targets file and publishes what they"
                + " stream to Apache Kafka. Collectors given the same file and group share the targets among"
                + " themselves (docs/scale.md).",
        sortOptions = false)
public final class CollectorMain implements Callable<Integer> {
    /** Exit code for bad flags and files (picocli uses it for parse errors too). */
    public static final int USAGE_ERROR = 2;
    /** Exit code when the cluster cannot be reached or set up. */
    public static final int KAFKA_ERROR = 3;

    @Option(
            names = "--targets",
            paramLabel = "FILE",
            description = "Targets file (YAML, as the console's); required but with --rollups-only. For one agent"
                    + " serving many devices, write it with the targets-file command.")
    Path targets;

    @Option(
            names = "--bootstrap",
            paramLabel = "HOST:PORT[,...]",
            description = "An existing Kafka cluster's bootstrap servers.")
    String bootstrap;

    @Option(
            names = "--embedded-broker",
            paramLabel = "DIR",
            description = "Start a single-node Kafka broker (KRaft) in this process, its data in DIR: a demo on one"
                    + " machine.")
    Path embeddedBroker;

    @Option(
            names = "--broker-port",
            paramLabel = "PORT",
            defaultValue = "9092",
            description = "The embedded broker's client port on 127.0.0.1; its controller takes the next"
                    + " (default: ${DEFAULT-VALUE}).")
    int brokerPort;

    @Option(
            names = "--id",
            paramLabel = "NAME",
            description = "This collector's name, unique among the collectors of a group, and the same after a"
                    + " restart, so that it takes its rollup tasks back (default: the host name; give each of several"
                    + " collectors on one host its own).")
    String id;

    @Option(
            names = "--group",
            paramLabel = "NAME",
            defaultValue = CollectorSettings.DEFAULT_GROUP,
            description = "Consumer group the collectors share targets in (default: ${DEFAULT-VALUE}).")
    String group;

    @Option(
            names = "--kafka-property",
            paramLabel = "KEY=VALUE",
            description = "A Kafka client property for every client (TLS, SASL: security.protocol=SSL, ...);"
                    + " repeatable.")
    List<String> kafkaProperty = new ArrayList<>();

    @Option(
            names = "--kafka-properties",
            paramLabel = "FILE",
            description = "A file of Kafka client properties (key=value lines), as Kafka's own tools take.")
    Path kafkaPropertiesFile;

    @Option(
            names = "--shares",
            paramLabel = "N",
            defaultValue = "12",
            description = "Partitions of the targets and exclusions topics when this collector creates them: at most"
                    + " this many collectors hold targets (default: ${DEFAULT-VALUE}).")
    int shares;

    @Option(
            names = "--update-partitions",
            paramLabel = "N",
            defaultValue = "12",
            description = "Partitions of the updates topic when this collector creates it (default: ${DEFAULT-VALUE}).")
    int updatePartitions;

    @Option(
            names = "--replication-factor",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "Replicas of each topic this collector creates; 0: min(3, brokers) (default: ${DEFAULT-VALUE}).")
    int replicationFactor;

    @Option(
            names = "--session-timeout",
            paramLabel = "SECONDS",
            defaultValue = "10",
            description = "How long the group waits for a silent collector before moving its targets (default:"
                    + " ${DEFAULT-VALUE}; heartbeats every third of it).")
    int sessionTimeoutSeconds;

    @Option(
            names = "--rollup-session-timeout",
            paramLabel = "SECONDS",
            defaultValue = "60",
            description = "How long the rollups wait for a silent collector before moving its per-device tasks, whose"
                    + " models a survivor rebuilds in its heap (default: ${DEFAULT-VALUE}: a collector its service"
                    + " restarts finds them where it left them; until then the plane rollups count its devices as"
                    + " not heard from).")
    int rollupSessionTimeoutSeconds;

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description = "Where the rollups keep their stores (made if missing, kept when the collector stops): a"
                    + " collector restarted on it reads only what their changelogs gained since, not all of them;"
                    + " one directory per collector (default: a temporary one, removed when it stops; ADR 0153).")
    Path stateDir;

    @Option(
            names = "--status-every",
            paramLabel = "SECONDS",
            defaultValue = "10",
            description = "Print a status line this often; 0: never (default: ${DEFAULT-VALUE}).")
    int statusEverySeconds;

    @Option(
            names = "--suppress-redundant",
            description = "Ask agents to send a sampled counter only when it changed (gNMI suppress_redundant; a"
                    + " counter that stops is sent once more, so rates fall to zero): far fewer updates from a quiet"
                    + " fabric. A console's drill-down from Kafka then shows no value for a counter unchanged over its"
                    + " look-back (docs/scale.md).")
    boolean suppressRedundant;

    @Option(
            names = "--rollups",
            description = "Run the rollups (per plane, link, suspect, and alarms, to compacted topics once a second) in"
                    + " this process; collectors started with it share the work (docs/scale.md).")
    boolean rollups;

    @Option(
            names = "--rollups-only",
            description = "Run the rollups and subscribe to no target: a node of a rollup tier apart from the"
                    + " collectors (started without --rollups), so that killing a collector moves only its"
                    + " subscriptions and the rollups' memory never stalls them (docs/scale.md).")
    boolean rollupsOnly;

    @Option(
            names = "--broker-only",
            description = "With --embedded-broker: run the broker alone, no collector and no rollups, so that the"
                    + " collectors' own memory and pauses never stall the bus of a demo on one machine (ADR 0152).")
    boolean brokerOnly;

    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            description = "Serve Prometheus /metrics on this port (0: any free port, printed); default: not served.")
    Integer metricsPort;

    @Option(
            names = "--metrics-address",
            paramLabel = "ADDRESS",
            defaultValue = "0.0.0.0",
            description = "The address /metrics listens on (default: ${DEFAULT-VALUE}, every interface).")
    String metricsAddress;

    private final PrintStream out;
    private final PrintStream err;
    private final CountDownLatch stop;

    public CollectorMain() {
        this(System.out, System.err, new CountDownLatch(1));
    }

    /** For tests: output streams, and a latch whose release stops a running collector. */
    CollectorMain(PrintStream out, PrintStream err, CountDownLatch stop) {
        this.out = out;
        this.err = err;
        this.stop = stop;
    }

    public static void main(String[] args) {
        System.exit(run(new CollectorMain(), args));
    }

    static int run(CollectorMain main, String... args) {
        CommandLine line = new CommandLine(main);
        line.addSubcommand(new CommandLine(new TargetsFileCommand(main.out, main.err)));
        line.setOut(new PrintWriter(main.out, true));
        line.setErr(new PrintWriter(main.err, true));
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            main.err.println("planewatch-collector: " + e.getMessage());
            return e instanceof IllegalArgumentException ? USAGE_ERROR : KAFKA_ERROR;
        });
        return line.execute(args);
    }

    @Override
    public Integer call() {
        if (brokerOnly) {
            return brokerAlone();
        }
        Settings checked;
        try {
            checked = settings();
        } catch (IllegalArgumentException e) {
            err.println("planewatch-collector: " + e.getMessage());
            return USAGE_ERROR;
        }
        long started = System.nanoTime();
        EmbeddedBroker broker = null;
        CollectorNode node = null;
        try {
            String servers = bootstrap;
            if (embeddedBroker != null) {
                broker = EmbeddedBroker.start(embeddedBroker, brokerPort);
                servers = broker.bootstrap();
                out.printf(
                        Locale.ROOT,
                        "embedded Kafka broker at %s (data in %s), up in %.1f s%n",
                        servers,
                        embeddedBroker,
                        (System.nanoTime() - started) / 1e9);
            }
            CollectorSettings settings = new CollectorSettings(
                    checked.id(),
                    group,
                    servers,
                    checked.kafkaProperties(),
                    checked.topics(),
                    checked.timing(),
                    checked.targets(),
                    suppressRedundant);
            node = CollectorNode.start(settings, checked.node(), err::println);
            Collector collector = node.collector();
            if (collector != null) {
                out.printf(
                        Locale.ROOT,
                        "collector %s: %d targets listed in %s, group %s at %s; started in %.1f s%n",
                        settings.id(),
                        checked.targets().size(),
                        settings.topics().targets(),
                        settings.group(),
                        servers,
                        (System.nanoTime() - started) / 1e9);
            } else {
                out.printf(
                        Locale.ROOT,
                        "rollups node %s: no target subscribed, Kafka at %s; started in %.1f s%n",
                        settings.id(),
                        servers,
                        (System.nanoTime() - started) / 1e9);
            }
            if (rollups || rollupsOnly) {
                out.println("rollups running: planewatch.rollup.{planes,links,suspects,alarms}");
            }
            if (node.metricsPort() >= 0) {
                out.printf(Locale.ROOT, "metrics at http://%s:%d/metrics%n", metricsAddress, node.metricsPort());
            }
            CollectorNode running = node;
            EmbeddedBroker runningBroker = broker;
            Thread hook = Thread.ofPlatform().unstarted(() -> {
                stop.countDown();
                running.close();
                if (runningBroker != null) {
                    runningBroker.close();
                }
            });
            Runtime.getRuntime().addShutdownHook(hook);
            CollectorStatus status = new CollectorStatus(settings.id(), collector, node.rollups());
            while (!stop.await(
                    statusEverySeconds > 0 ? statusEverySeconds : 3600, java.util.concurrent.TimeUnit.SECONDS)) {
                if (collector != null && collector.failure() != null) {
                    err.println("planewatch-collector: " + collector.failure().getMessage());
                    return KAFKA_ERROR;
                }
                if (statusEverySeconds > 0) {
                    out.println(status.line());
                }
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                return 0; // the hook closes everything
            }
            return 0;
        } catch (IllegalArgumentException | IllegalStateException e) {
            return failed(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } finally {
            if (node != null) {
                node.close();
            }
            if (broker != null) {
                broker.close();
            }
        }
    }

    /**
     * Says why it stops and returns the exit code: a usage error for what the flags or files got wrong
     * ({@link IllegalArgumentException}), else Kafka's (the cluster could not be reached or set up).
     */
    private int failed(RuntimeException e) {
        err.println("planewatch-collector: " + e.getMessage());
        return e instanceof IllegalArgumentException ? USAGE_ERROR : KAFKA_ERROR;
    }

    /** {@code --broker-only}: the embedded broker in this process and nothing else, until stopped. */
    private int brokerAlone() {
        if (embeddedBroker == null) {
            err.println("planewatch-collector: --broker-only runs the embedded broker: give --embedded-broker DIR");
            return USAGE_ERROR;
        }
        if (targets != null || bootstrap != null || rollups || rollupsOnly || stateDir != null) {
            err.println("planewatch-collector: --broker-only runs the broker alone: give it no --targets, --bootstrap,"
                    + " --rollups, --rollups-only or --state-dir (start collectors with --bootstrap pointing at it)");
            return USAGE_ERROR;
        }
        long started = System.nanoTime();
        EmbeddedBroker broker;
        try {
            broker = EmbeddedBroker.start(embeddedBroker, brokerPort);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return failed(e);
        }
        out.printf(
                Locale.ROOT,
                "embedded Kafka broker at %s (data in %s), up in %.1f s; no collector in this process%n",
                broker.bootstrap(),
                embeddedBroker,
                (System.nanoTime() - started) / 1e9);
        Thread hook = Thread.ofPlatform().unstarted(() -> {
            stop.countDown();
            broker.close();
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return 0; // the hook closes the broker
        }
        broker.close();
        return 0;
    }

    private record Settings(
            String id,
            Map<String, String> kafkaProperties,
            TopicLayout topics,
            GroupTiming timing,
            CollectorTargets targets,
            CollectorNode.Options node) {}

    /** Every flag and file checked before anything starts. */
    private Settings settings() {
        if (rollupsOnly && targets != null) {
            throw new IllegalArgumentException(
                    "--rollups-only subscribes to no target: give it no --targets (or run a collector without"
                            + " --rollups-only)");
        }
        if (targets == null && !rollupsOnly) {
            throw new IllegalArgumentException("--targets FILE is required (a targets file: docs/scale.md)");
        }
        if ((bootstrap == null) == (embeddedBroker == null)) {
            throw new IllegalArgumentException(
                    "give exactly one of --bootstrap HOST:PORT (an existing cluster) and --embedded-broker DIR (a demo"
                            + " broker in this process)");
        }
        if (bootstrap != null) {
            for (String server : bootstrap.split(",")) {
                if (!server.strip().matches("[^\\s:]+:\\d{1,5}|\\[[0-9a-fA-F:.]+\\]:\\d{1,5}")) {
                    throw new IllegalArgumentException(
                            "--bootstrap: '" + server.strip() + "' is not host:port (e.g. kafka-1.example.net:9092)");
                }
            }
        }
        Map<String, String> properties = new LinkedHashMap<>();
        if (kafkaPropertiesFile != null) {
            properties.putAll(KafkaProperties.fromFile(kafkaPropertiesFile));
        }
        properties.putAll(KafkaProperties.fromOptions(kafkaProperty));
        TopicLayout topics = TopicLayout.defaults()
                .withShares(shares)
                .withUpdatePartitions(updatePartitions)
                .withReplicationFactor(replicationFactor);
        if (sessionTimeoutSeconds < 6 || sessionTimeoutSeconds > 300) {
            throw new IllegalArgumentException(
                    "--session-timeout must be 6..300 seconds (a broker's default bounds), got "
                            + sessionTimeoutSeconds);
        }
        if (rollupSessionTimeoutSeconds < 6 || rollupSessionTimeoutSeconds > 300) {
            throw new IllegalArgumentException(
                    "--rollup-session-timeout must be 6..300 seconds (a broker's default bounds), got "
                            + rollupSessionTimeoutSeconds);
        }
        if (statusEverySeconds < 0) {
            throw new IllegalArgumentException("--status-every must be 0 or more seconds, got " + statusEverySeconds);
        }
        Duration session = Duration.ofSeconds(sessionTimeoutSeconds);
        GroupTiming timing = new GroupTiming(
                session,
                session.dividedBy(3),
                GroupTiming.defaults().pollInterval(),
                Duration.ofSeconds(rollupSessionTimeoutSeconds));
        CollectorTargets file =
                rollupsOnly ? CollectorTargets.of(Path.of("none"), List.of()) : CollectorTargets.read(targets);
        String name = id != null ? id : defaultId();
        // Checked here so that a bad id is a usage error, not a failure after the broker started.
        new CollectorSettings(
                name,
                group,
                bootstrap == null ? "127.0.0.1:" + brokerPort : bootstrap,
                properties,
                topics,
                timing,
                file);
        return new Settings(
                name,
                properties,
                topics,
                timing,
                file,
                new CollectorNode.Options(
                        !rollupsOnly, rollups || rollupsOnly, metricsPort, metricsAddress, checkedStateDir()));
    }

    /** The --state-dir, made if missing; only with the rollups, whose stores it holds. */
    private Path checkedStateDir() {
        if (stateDir == null) {
            return null;
        }
        if (!rollups && !rollupsOnly) {
            throw new IllegalArgumentException(
                    "--state-dir holds the rollups' stores: give it with --rollups or --rollups-only");
        }
        if (Files.exists(stateDir) && !Files.isDirectory(stateDir)) {
            throw new IllegalArgumentException("--state-dir " + stateDir + ": not a directory");
        }
        try {
            Files.createDirectories(stateDir);
        } catch (IOException e) {
            throw new IllegalArgumentException("--state-dir " + stateDir + ": cannot make it (" + e + ")");
        }
        if (!Files.isWritable(stateDir)) {
            throw new IllegalArgumentException("--state-dir " + stateDir + ": not a directory this user can write");
        }
        return stateDir;
    }

    /**
     * The host name: the same when the service restarts the collector, so that the rollups' group
     * waits for it and gives its tasks back (ADRs 0151, 0153); with the process id in it, as before,
     * every restart was a new member and its tasks moved after the timeout.
     */
    private static String defaultId() {
        try {
            return InetAddress.getLocalHost().getHostName().replaceAll("[^a-zA-Z0-9._-]", "-");
        } catch (UnknownHostException e) {
            return "collector";
        }
    }
}
