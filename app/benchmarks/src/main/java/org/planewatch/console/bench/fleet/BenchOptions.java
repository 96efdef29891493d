package org.planewatch.console.bench.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planewatch.console.bench.fleet.PipelineProcess.BenchFailure;

/** {@link FleetPipelineBench}'s command line, checked: a bad value says which flag and why. */
record BenchOptions(
        Path scenario,
        Path agentJar,
        Path collectorJar,
        String agentHeap,
        String collectorHeap,
        int measureSeconds,
        int readySeconds,
        int publishIntervalMs,
        int counterIntervalMs,
        Path consoleJar,
        Path screenshots,
        Path work,
        boolean suppressRedundant,
        String collectorGc,
        boolean nativeMemory,
        boolean brokerApart,
        String brokerHeap,
        java.util.List<String> agentJvm,
        java.util.List<String> collectorJvm) {

    static final String USAGE = "usage: FleetPipelineBench [--scenario FILE] [--agent-jar JAR] [--collector-jar JAR]"
            + " [--agent-heap 2g] [--collector-heap 2g] [--measure-seconds 120] [--ready-seconds 900]"
            + " [--publish-interval-ms 15000] [--counter-interval-ms 60000] [--console-jar JAR]"
            + " [--screenshots DIR (run under a display, e.g. xvfb-run)] [--work DIR] [--suppress-redundant on|off]"
            + " [--collector-gc g1|parallel] [--native-memory on|off] [--broker apart|in-col-a] [--broker-heap 1g]"
            + " [--agent-jvm \"OPTIONS\"] [--collector-jvm \"OPTIONS\"] (JVM options added, e.g. \"-XX:ConcGCThreads=2\")";

    static BenchOptions parse(String[] args) throws IOException {
        Path scenario = Path.of("sim-backend/scenarios/scale/full-scale-incident.yaml");
        Path agentJar = Path.of("telemetry-agent/agent/target/planewatch-agent.jar");
        Path collectorJar = Path.of("telemetry-agent/collector/target/planewatch-collector.jar");
        String agentHeap = null;
        String collectorHeap = null;
        int measure = 120;
        int ready = 900;
        int publish = 15_000;
        int counters = 60_000;
        Path consoleJar = Path.of("app/target/planewatch-console.jar");
        Path screenshots = null;
        Path work = null;
        boolean suppress = false;
        String collectorGc = "g1";
        boolean nativeMemory = false;
        boolean brokerApart = true;
        String brokerHeap = "1g";
        java.util.List<String> agentJvm = java.util.List.of();
        java.util.List<String> collectorJvm = java.util.List.of();
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (i + 1 >= args.length) {
                throw new BenchFailure(flag + " needs a value; " + USAGE);
            }
            String value = args[++i];
            switch (flag) {
                case "--scenario" -> scenario = Path.of(value);
                case "--agent-jar" -> agentJar = Path.of(value);
                case "--collector-jar" -> collectorJar = Path.of(value);
                case "--agent-heap" -> agentHeap = heap(flag, value);
                case "--collector-heap" -> collectorHeap = heap(flag, value);
                case "--measure-seconds" -> measure = positive(flag, value);
                case "--ready-seconds" -> ready = positive(flag, value);
                case "--publish-interval-ms" -> publish = positive(flag, value);
                case "--counter-interval-ms" -> counters = positive(flag, value);
                case "--console-jar" -> consoleJar = Path.of(value);
                case "--screenshots" -> screenshots = Path.of(value);
                case "--work" -> work = Path.of(value);
                case "--suppress-redundant" -> suppress = onOff(flag, value);
                case "--collector-gc" -> collectorGc = gc(flag, value);
                case "--native-memory" -> nativeMemory = onOff(flag, value);
                case "--broker" -> brokerApart = broker(flag, value);
                case "--broker-heap" -> brokerHeap = heap(flag, value);
                case "--agent-jvm" -> agentJvm = jvmOptions(flag, value);
                case "--collector-jvm" -> collectorJvm = jvmOptions(flag, value);
                default -> throw new BenchFailure("unknown option " + flag + "; " + USAGE);
            }
        }
        if (!Files.isRegularFile(scenario)) {
            throw new BenchFailure("--scenario: no file " + scenario.toAbsolutePath());
        }
        if (screenshots != null && !Files.isRegularFile(consoleJar)) {
            throw new BenchFailure("--screenshots: no console jar at " + consoleJar.toAbsolutePath()
                    + " (build it: ./mvnw -o -pl app/console -am package -DskipTests, or give --console-jar)");
        }
        Fabric fabric = Fabric.of(scenario);
        boolean big = fabric.hosts() > 16_384;
        return new BenchOptions(
                scenario,
                agentJar,
                collectorJar,
                agentHeap != null ? agentHeap : big ? "8g" : "2g",
                collectorHeap != null ? collectorHeap : big ? "4g" : "2g",
                measure,
                ready,
                publish,
                counters,
                consoleJar,
                screenshots != null ? Files.createDirectories(screenshots) : null,
                work != null ? Files.createDirectories(work) : Files.createTempDirectory("fleet-pipeline-bench"),
                suppress,
                collectorGc,
                nativeMemory,
                brokerApart,
                brokerHeap,
                agentJvm,
                collectorJvm);
    }

    /** JVM options given as one argument, separated by spaces: each must be an option ({@code -X...}). */
    private static java.util.List<String> jvmOptions(String flag, String value) {
        java.util.List<String> options = java.util.Arrays.stream(value.trim().split("\\s+"))
                .filter(o -> !o.isEmpty())
                .toList();
        for (String option : options) {
            if (!option.startsWith("-")) {
                throw new BenchFailure(
                        flag + ": '" + option + "' is not a JVM option (they start with -), in '" + value + "'");
            }
        }
        return options;
    }

    /**
     * Where the embedded broker runs: {@code apart}, a process of its own ({@code planewatch-collector
     * --broker-only}, ADR 0152), or {@code in-col-a}, inside the first collector (runs 1 to 34).
     */
    private static boolean broker(String flag, String value) {
        return switch (value) {
            case "apart" -> true;
            case "in-col-a" -> false;
            default -> throw new BenchFailure(flag + ": '" + value + "' is neither apart nor in-col-a");
        };
    }

    private static String heap(String flag, String value) {
        if (!value.matches("\\d+[mMgG]")) {
            throw new BenchFailure(flag + ": '" + value + "' is not a heap size such as 2g or 1536m");
        }
        return value;
    }

    private static String gc(String flag, String value) {
        if (!value.equals("g1") && !value.equals("parallel")) {
            throw new BenchFailure(flag + ": '" + value + "' is neither g1 nor parallel");
        }
        return value;
    }

    /** The collectors' JVM options for their garbage collector: G1 (the JVM's default) or the parallel one. */
    java.util.List<String> collectorGcOptions() {
        return collectorGc.equals("parallel") ? java.util.List.of("-XX:+UseParallelGC") : java.util.List.of();
    }

    /**
     * JVM options of the agent and the collectors beside their heap and GC log: native memory
     * tracking when asked for ({@code --native-memory on}; the bench then reports it with each
     * process line).
     */
    java.util.List<String> trackingOptions() {
        return nativeMemory ? java.util.List.of(NativeMemory.TRACKING) : java.util.List.of();
    }

    private static boolean onOff(String flag, String value) {
        return switch (value) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new BenchFailure(flag + ": '" + value + "' is neither on nor off");
        };
    }

    private static int positive(String flag, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new BenchFailure(flag + ": '" + value + "' is not a positive whole number");
    }

    /** The scenario's fabric, from its {@code fabric:} line. */
    record Fabric(int planes, int hostsPerT0, int t0PerPlane, int t1PerPlane) {
        private static final Pattern LINE = Pattern.compile(
                "fabric:\\s*\\{\\s*planes:\\s*(\\d+),\\s*hostsPerT0:\\s*(\\d+),\\s*t0PerPlane:\\s*(\\d+),\\s*t1PerPlane:\\s*(\\d+)\\s*}");

        static Fabric of(Path scenario) throws IOException {
            Matcher m = LINE.matcher(Files.readString(scenario));
            if (!m.find()) {
                throw new BenchFailure(scenario + ": no line 'fabric: {planes: P, hostsPerT0: H, t0PerPlane: T0,"
                        + " t1PerPlane: T1}' (the bench needs the fabric's size to know when it is whole)");
            }
            return new Fabric(
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)));
        }

        int hosts() {
            return hostsPerT0 * t0PerPlane;
        }

        int switches() {
            return planes * (t0PerPlane + t1PerPlane);
        }

        int devices() {
            return hosts() + switches();
        }

        /** Host links (a host has one in every plane) and T0-T1 links (every T0 to every T1 of its plane). */
        long links() {
            return (long) planes * hosts() + (long) planes * t0PerPlane * t1PerPlane;
        }
    }
}
