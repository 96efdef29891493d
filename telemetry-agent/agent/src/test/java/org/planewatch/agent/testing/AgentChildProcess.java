package org.planewatch.agent.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An agent started as a process of its own (listening on {@code 127.0.0.1:0}), so that its CPU time
 * and memory can be measured apart from its clients: for benchmarks and the resilience tests.
 */
public final class AgentChildProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("event=listening addr=127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path log;
    private final int port;

    private AgentChildProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Runs {@code command} (a JVM running the agent, ending with its flags), its output to {@code log}; returns once it listens. */
    public static AgentChildProcess start(List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && process.isAlive()) {
            Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return new AgentChildProcess(process, log, Integer.parseInt(m.group(1)));
            }
            Thread.sleep(50);
        }
        process.destroyForcibly();
        throw new IllegalStateException(
                "the agent did not listen within 60 s: " + Files.readString(log, StandardCharsets.UTF_8));
    }

    /** The {@code java} launcher of the running JDK. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** CPU time (user + system) the process used so far, in ns. */
    public long cpuNs() {
        return process.toHandle()
                .info()
                .totalCpuDuration()
                .orElseThrow(() -> new IllegalStateException("no CPU time"))
                .toNanos();
    }

    /** Cores the process used over the next {@code ms} milliseconds. */
    public double coresOver(long ms) throws InterruptedException {
        long c0 = cpuNs();
        long t0 = System.nanoTime();
        Thread.sleep(ms);
        return (cpuNs() - c0) / (double) (System.nanoTime() - t0);
    }

    /** Resident memory, from /proc. */
    public long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return 0;
    }

    public String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
