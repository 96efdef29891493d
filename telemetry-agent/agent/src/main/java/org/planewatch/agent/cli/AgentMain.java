package org.planewatch.agent.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.backend.TelemetryClock;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.linux.LinuxHostBackend;
import org.planewatch.agent.linux.LldpNeighbors;
import org.planewatch.agent.log.LibraryLogBridge;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.security.AuthLimits;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.server.TlsFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Entry point of {@code planewatch-agent.jar}: the gNMI telemetry agent. */
@Command(
        name = "planewatch-agent",
        mixinStandardHelpOptions = true,
        version = "planewatch-agent 0.1.0",
        description = "gNMI telemetry agent for MRC hosts and switches, simulated or real.",
        subcommands = {GenCertsCommand.class, HashPasswordCommand.class},
        sortOptions = false)
public final class AgentMain implements Callable<Integer> {

    /** Exit code for bad flags and files (picocli uses it for parse errors too). */
    public static final int USAGE_ERROR = 2;

    enum Backend {
        sim,
        linux
    }

    @Option(
            names = "--backend",
            description = "Data source: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            defaultValue = "linux")
    Backend backend;

    @Option(names = "--scenario", paramLabel = "FILE", description = "Scenario file of the simulated back end (YAML).")
    Path scenario;

    @Option(
            names = "--listen",
            paramLabel = "HOST:PORT",
            defaultValue = "0.0.0.0:9339",
            description = "Address to serve gNMI on (default: ${DEFAULT-VALUE}; port 9339 is gNMI's).")
    String listen;

    @Option(
            names = "--target",
            paramLabel = "NAME",
            description = "Linux: the target name (default: the host name). Sim: serve only this device.")
    String target;

    @Option(names = "--tls-cert", paramLabel = "PEM", description = "Server certificate chain.")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "Server private key (PKCS#8).")
    Path tlsKey;

    @Option(
            names = "--tls-client-ca",
            paramLabel = "PEM",
            description = "Require client certificates signed by this CA (mutual TLS).")
    Path tlsClientCa;

    @Option(
            names = "--users",
            paramLabel = "FILE",
            description = "Credential file (lines from 'hash-password'): clients must send username/password metadata.")
    Path users;

    @Option(
            names = "--auth-threads",
            defaultValue = "1",
            paramLabel = "N",
            description =
                    "Threads that check passwords (PBKDF2, ~80 ms of a core each) and do nothing else (default: ${DEFAULT-VALUE}).")
    int authThreads;

    @Option(
            names = "--auth-queue",
            defaultValue = "16",
            paramLabel = "N",
            description =
                    "Password checks that may wait for those threads; more are refused with RESOURCE_EXHAUSTED (default: ${DEFAULT-VALUE}).")
    int authQueue;

    @Option(
            names = "--auth-max-checks-per-address",
            defaultValue = "2",
            paramLabel = "N",
            description =
                    "Password checks in progress or waiting from one client IP address (default: ${DEFAULT-VALUE}).")
    int authPerAddress;

    @Option(
            names = "--auth-free-failures",
            defaultValue = "5",
            paramLabel = "N",
            description =
                    "Failed logins in a row from one IP address before it must wait between attempts (default: ${DEFAULT-VALUE}).")
    int authFreeFailures;

    @Option(
            names = "--auth-backoff-ms",
            defaultValue = "1000",
            paramLabel = "MS",
            description =
                    "First wait after those failures, doubled by each further failure (default: ${DEFAULT-VALUE}).")
    long authBackoffMs;

    @Option(
            names = "--auth-max-backoff-ms",
            defaultValue = "60000",
            paramLabel = "MS",
            description = "Longest wait between attempts of a failing address (default: ${DEFAULT-VALUE}).")
    long authMaxBackoffMs;

    @Option(
            names = "--auth-cache-seconds",
            defaultValue = "600",
            paramLabel = "S",
            description =
                    "How long a verified username/password is admitted without a new hash (default: ${DEFAULT-VALUE}).")
    long authCacheSeconds;

    @Option(
            names = "--audit-log",
            paramLabel = "FILE",
            description =
                    "Append the audit lines (Sets, failed logins and TLS handshakes; component=audit) to FILE instead of the agent's log.")
    Path auditLog;

    @Option(names = "--insecure", description = "Plaintext, no TLS: allowed only on a loopback address.")
    boolean insecure;

    @Option(names = "--force-insecure", description = "Allow --insecure on a non-loopback address.")
    boolean forceInsecure;

    @Option(
            names = "--dilation",
            defaultValue = "1000",
            paramLabel = "N",
            description =
                    "Sim: wall seconds per simulated second (default: ${DEFAULT-VALUE} = one simulated ms per wall second).")
    double dilation;

    @Option(
            names = "--allow-fault-injection",
            description =
                    "Sim: let gNMI Set inject faults and pause, resume or re-pace the clock (sim:/ config paths).")
    boolean allowFaultInjection;

    @Option(
            names = "--publish-interval-ms",
            defaultValue = "100",
            paramLabel = "MS",
            description = "Sim: wall time between snapshots of every device (default: ${DEFAULT-VALUE}).")
    long publishIntervalMs;

    @Option(
            names = "--ev-leaves",
            description = "Sim: also serve per-EV leaves (mrc:/qps/qp/evs/...; high cardinality).")
    boolean evLeaves;

    @Option(
            names = "--list-targets",
            description =
                    "Print the name of every target the back end serves, one per line, and exit: the devices of a collectors' targets file (planewatch-collector targets-file --devices).")
    boolean listTargets;

    @Option(
            names = "--sysfs-root",
            defaultValue = "/sys",
            paramLabel = "DIR",
            description = "Linux: sysfs mount to read (default: ${DEFAULT-VALUE}).")
    Path sysfsRoot;

    @Option(
            names = "--planes",
            split = ",",
            paramLabel = "PORT",
            description =
                    "Linux: the RDMA ports that are MRC planes, plane 0 first, as DEVICE or DEVICE/PORT (e.g. mlx5_0,mlx5_1,mlx5_2). "
                            + "Default: the largest group of Ethernet RDMA ports of one driver and link rate, in natural order (mlx5_2 before mlx5_10).")
    List<String> planes = new ArrayList<>();

    @Option(
            names = "--poll-interval-ms",
            defaultValue = "1000",
            paramLabel = "MS",
            description = "Linux: how often on-change leaves are checked (default: ${DEFAULT-VALUE}).")
    long pollIntervalMs;

    @Option(
            names = "--min-sample-interval-ms",
            defaultValue = "100",
            paramLabel = "MS",
            description = "Smallest SAMPLE interval accepted (default: ${DEFAULT-VALUE}).")
    long minSampleMs;

    @Option(
            names = "--target-defined-interval-ms",
            defaultValue = "1000",
            paramLabel = "MS",
            description =
                    "How often counters are sampled for TARGET_DEFINED subscriptions, what collectors and the console ask for (default: ${DEFAULT-VALUE}; e.g. 60000 for the full-scale fabric).")
    long targetDefinedMs;

    @Option(
            names = "--max-clients",
            defaultValue = "64",
            paramLabel = "N",
            description = "Client connections served at once (default: ${DEFAULT-VALUE}).")
    int maxClients;

    @Option(
            names = "--max-subscriptions-per-client",
            defaultValue = "16",
            paramLabel = "N",
            description =
                    "Subscribe streams of every target per connection: a connection's streams may cover N x the targets served in all, e.g. N streams of '*' or a stream per device N times over (default: ${DEFAULT-VALUE}).")
    int maxSubscriptions;

    @Option(
            names = "--max-message-bytes",
            defaultValue = "4194304",
            paramLabel = "N",
            description = "Largest request accepted (default: ${DEFAULT-VALUE}).")
    int maxMessageBytes;

    @Option(
            names = "--max-buffered-paths",
            defaultValue = "1000000",
            paramLabel = "N",
            description = "Per-subscription bound of the coalescing buffer (default: ${DEFAULT-VALUE}).")
    int maxBufferedPaths;

    @Option(
            names = "--max-paths-per-request",
            defaultValue = "" + GnmiOptions.DEFAULT_MAX_PATHS_PER_REQUEST,
            paramLabel = "N",
            description =
                    "Subscriptions in one SubscriptionList, paths in one Get, updates in one Set; more is RESOURCE_EXHAUSTED (default: ${DEFAULT-VALUE}).")
    int maxPathsPerRequest;

    @Option(
            names = "--max-selection-steps",
            defaultValue = "" + GnmiOptions.DEFAULT_MAX_SELECTION_STEPS,
            paramLabel = "N",
            description =
                    "Work one request may cost finding the leaves its paths select, beyond 32 index steps per leaf examined (per initial state, Poll, Get, sample or change); more is RESOURCE_EXHAUSTED (default: ${DEFAULT-VALUE}).")
    long maxSelectionSteps;

    private final PrintStream logStream;

    public AgentMain() {
        this(System.err);
    }

    AgentMain(PrintStream logStream) {
        this.logStream = logStream;
    }

    public static void main(String[] args) {
        System.exit(commandLine(new AgentMain()).execute(args));
    }

    /** The command line with the project's error handling: bad input exits 2 with one clear line. */
    static CommandLine commandLine(Object command) {
        CommandLine cli = new CommandLine(command);
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof IllegalArgumentException || e instanceof IOException) {
                line.getErr().println("planewatch-agent: error: " + e.getMessage());
                return USAGE_ERROR;
            }
            throw e;
        });
        return cli;
    }

    @Override
    public Integer call() throws Exception {
        if (listTargets) {
            return listTargets();
        }
        AgentConfig config = config();
        StructuredLog log = new StructuredLog(logStream, "agent");
        LibraryLogBridge.install(log);
        TelemetryBackend source = backend();
        if (source instanceof LinuxHostBackend linux) {
            log.info("planes", "ports", String.join(",", linux.planePorts()));
            linux.readLldpFrom(LldpNeighbors.lldpcli(note -> log.warn("lldp", "problem", note)));
        }
        AgentServer server;
        try {
            server = new AgentServer(config, source, log).start();
        } catch (IOException e) {
            source.close();
            throw new IllegalArgumentException("cannot listen on " + listen + ": " + e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            log.info("shutdown", "reason", "signal");
            server.close();
            stopped.countDown();
        }));
        stopped.await();
        return 0;
    }

    /** {@code --list-targets}: the back end's target names on stdout, nothing else (no server, no log). */
    private int listTargets() throws IOException {
        try (TelemetryBackend source = backend();
                PrintStream names = new PrintStream(
                        new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                        false,
                        StandardCharsets.UTF_8)) {
            source.targets().forEach(t -> names.println(t.name()));
        }
        return 0;
    }

    AgentConfig config() throws IOException {
        InetSocketAddress address = parseListen(listen);
        TlsFiles tls = null;
        if (tlsCert != null || tlsKey != null || tlsClientCa != null) {
            if (tlsCert == null || tlsKey == null) {
                throw new IllegalArgumentException("--tls-cert and --tls-key go together");
            }
            tls = new TlsFiles(
                    readable(tlsCert, "--tls-cert"),
                    readable(tlsKey, "--tls-key"),
                    tlsClientCa == null ? null : readable(tlsClientCa, "--tls-client-ca"));
            TlsFileCheck.certificates(tlsCert, "--tls-cert");
            TlsFileCheck.privateKey(tlsKey, "--tls-key");
            if (tlsClientCa != null) {
                TlsFileCheck.certificates(tlsClientCa, "--tls-client-ca");
            }
        }
        if (users != null) {
            readable(users, "--users");
        }
        requirePositive(minSampleMs, "--min-sample-interval-ms");
        requirePositive(maxClients, "--max-clients");
        requirePositive(targetDefinedMs, "--target-defined-interval-ms");
        if (targetDefinedMs < minSampleMs) {
            throw new IllegalArgumentException("--target-defined-interval-ms " + targetDefinedMs
                    + " is below --min-sample-interval-ms " + minSampleMs);
        }
        requirePositive(maxSubscriptions, "--max-subscriptions-per-client");
        requirePositive(maxMessageBytes, "--max-message-bytes");
        requirePositive(maxBufferedPaths, "--max-buffered-paths");
        requirePositive(maxPathsPerRequest, "--max-paths-per-request");
        requirePositive(maxSelectionSteps, "--max-selection-steps");
        GnmiOptions gnmi = GnmiOptions.defaults()
                .withMinSampleIntervalNs(minSampleMs * 1_000_000L)
                .withTargetDefinedIntervalNs(targetDefinedMs * 1_000_000L)
                .withMaxSubscriptionsPerClient(maxSubscriptions)
                .withMaxBufferedPaths(maxBufferedPaths)
                .withMaxPathsPerRequest(maxPathsPerRequest)
                .withMaxSelectionSteps(maxSelectionSteps)
                .withAllowConfigWrites(allowFaultInjection);
        AuthLimits auth = new AuthLimits(
                authThreads,
                authQueue,
                authPerAddress,
                authFreeFailures,
                Duration.ofMillis(authBackoffMs),
                Duration.ofMillis(authMaxBackoffMs),
                Duration.ofSeconds(authCacheSeconds));
        return new AgentConfig(
                address, tls, insecure, forceInsecure, users, gnmi, maxClients, maxMessageBytes, auth, auditLog);
    }

    TelemetryBackend backend() throws IOException {
        return switch (backend) {
            case linux -> {
                if (scenario != null || allowFaultInjection || evLeaves) {
                    throw new IllegalArgumentException(
                            "--scenario, --allow-fault-injection and --ev-leaves need --backend sim");
                }
                requirePositive(pollIntervalMs, "--poll-interval-ms");
                String name = target != null ? target : hostName();
                yield new LinuxHostBackend(
                        sysfsRoot, name, TelemetryClock.system(), Duration.ofMillis(pollIntervalMs), planes);
            }
            case sim -> {
                if (!planes.isEmpty()) {
                    throw new IllegalArgumentException("--planes needs --backend linux");
                }
                requirePositive(publishIntervalMs, "--publish-interval-ms");
                yield SimBackendFactory.create(scenario, target, dilation, publishIntervalMs, evLeaves);
            }
        };
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    static InetSocketAddress parseListen(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("--listen '" + text + "' is not HOST:PORT (e.g. 127.0.0.1:9339)");
        }
        String host = text.substring(0, colon).replace("[", "").replace("]", "");
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--listen '" + text + "': port '" + text.substring(colon + 1) + "' is not a number");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--listen '" + text + "': port " + port + " is outside 0..65535");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--listen '" + text + "': unknown host '" + host + "'");
        }
    }

    static Path readable(Path file, String flag) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(flag + " " + file + ": no such file");
        }
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException(flag + " " + file + ": not readable");
        }
        return file;
    }

    private static void requirePositive(long value, String flag) {
        if (value <= 0) {
            throw new IllegalArgumentException(flag + " must be > 0, got " + value);
        }
    }

    /** For picocli's usage output in tests. */
    static void usage(PrintWriter out) {
        commandLine(new AgentMain()).usage(out);
    }
}
