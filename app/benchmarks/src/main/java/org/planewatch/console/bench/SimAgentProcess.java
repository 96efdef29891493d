package org.planewatch.console.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real agent ({@code planewatch-agent.jar}, simulated back end, its default limits) as a process of
 * its own on loopback, serving a fabric of 8 planes with a permutation workload and one T0-T1 link down
 * from the start: what {@link DirectScaleBench} and the soak tests point the console at.
 */
public final class SimAgentProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("event=listening addr=127\\.0\\.0\\.1:(\\d+)");

    /** The fabric of a size: 8 planes, hosts per T0, T0 and T1 per plane. */
    public record Fabric(int hosts, int hostsPerT0, int t0PerPlane, int t1PerPlane) {
        public int devices() {
            return hosts + 8 * (t0PerPlane + t1PerPlane);
        }

        public static Fabric of(int hosts) {
            return switch (hosts) {
                case 2048 -> new Fabric(2048, 32, 64, 32);
                case 8192 -> new Fabric(8192, 64, 128, 64);
                default -> throw new IllegalArgumentException("hosts must be 2048 or 8192, got " + hosts);
            };
        }

        String scenario() {
            return String.join(
                    "\n",
                    "# issue 20 item 3: the console pointed straight at " + hosts + " hosts",
                    "name: direct-scale-" + hosts,
                    "seed: 20",
                    "fabric: {planes: 8, hostsPerT0: " + hostsPerT0 + ", t0PerPlane: " + t0PerPlane + ", t1PerPlane: "
                            + t1PerPlane + "}",
                    "transport: {mode: mrc, evsPerQp: 128}",
                    "workload: {type: permutation, messageBytes: 1048576, repeat: 1000}",
                    "faults:",
                    "  - {atUs: 2, link: \"p0-t0-0~p0-t1-0\", action: down}",
                    "");
        }
    }

    /** A bench's command line: {@code <hosts: 2048|8192> [seconds] [agent jar]}. */
    public record BenchArgs(Fabric fabric, int seconds, Path agentJar) {
        public static BenchArgs parse(String[] args, int defaultHosts, int defaultSeconds) {
            return new BenchArgs(
                    Fabric.of(args.length > 0 ? Integer.parseInt(args[0]) : defaultHosts),
                    args.length > 1 ? Integer.parseInt(args[1]) : defaultSeconds,
                    Path.of(args.length > 2 ? args[2] : "telemetry-agent/agent/target/planewatch-agent.jar"));
        }
    }

    private final Process process;
    private final Path scenario;
    private final Path log;
    private final int port;

    private SimAgentProcess(Process process, Path scenario, Path log, int port) {
        this.process = process;
        this.scenario = scenario;
        this.log = log;
        this.port = port;
    }

    /**
     * Starts the agent and waits (at most 120 s) until it listens.
     *
     * @param maxHeap the agent's -Xmx ({@code 6g} for 8,192 hosts)
     */
    public static SimAgentProcess start(Fabric fabric, Path agentJar, String maxHeap)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(agentJar)) {
            throw new IllegalArgumentException(
                    "no agent jar at " + agentJar.toAbsolutePath() + " (build telemetry-agent/agent first)");
        }
        Path scenario = Files.createTempFile("direct-scale-" + fabric.hosts(), ".yaml");
        Files.writeString(scenario, fabric.scenario(), StandardCharsets.UTF_8);
        Path log = Files.createTempFile("direct-scale-agent", ".log");
        Process agent = new ProcessBuilder(
                        java(),
                        "-Xmx" + maxHeap,
                        "-jar",
                        agentJar.toString(),
                        "--backend",
                        "sim",
                        "--scenario",
                        scenario.toString(),
                        "--listen",
                        "127.0.0.1:0",
                        // the agent's default limits: the console's default subscription must pass them
                        "--insecure")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            return new SimAgentProcess(agent, scenario, log, awaitListening(agent, log));
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(agent);
            throw e;
        }
    }

    public int port() {
        return port;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stop(process);
        Files.deleteIfExists(scenario);
        Files.deleteIfExists(log);
    }

    private static void stop(Process agent) throws InterruptedException {
        agent.destroy();
        if (!agent.waitFor(10, TimeUnit.SECONDS)) {
            agent.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static int awaitListening(Process agent, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && agent.isAlive()) {
            Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the agent did not listen within 120 s: " + Files.readString(log));
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
