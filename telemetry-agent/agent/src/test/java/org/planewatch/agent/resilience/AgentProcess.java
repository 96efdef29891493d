package org.planewatch.agent.resilience;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The agent as its own process (this test's classpath, {@code AgentMain}) on 127.0.0.1 and a free
 * port, so its CPU time and memory are its own. Its log goes to a file.
 */
final class AgentProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("event=listening addr=127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");

    private final Process process;
    private final Path log;
    private final int port;

    private AgentProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts the agent with {@code args} after the listen flags; returns once it listens. */
    static AgentProcess start(Path dir, String heap, String... args) throws Exception {
        Path log = dir.resolve("agent.log");
        List<String> command = new ArrayList<>(List.of(javaTool("java"), "-Xmx" + heap, "-XX:+UseSerialGC",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "org.planewatch.agent.cli.AgentMain", "--listen", "127.0.0.1:0", "--insecure"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return new AgentProcess(process, log, Integer.parseInt(m.group(1)));
            }
            if (!process.isAlive()) {
                throw new AssertionError("the agent exited " + process.exitValue() + ": " + Files.readString(log));
            }
            Thread.sleep(50);
        }
        process.destroyForcibly();
        throw new AssertionError("the agent did not listen within 60 s: " + Files.readString(log));
    }

    private static String javaTool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name).toString();
    }

    int port() {
        return port;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** CPU time the process used so far (user + system). */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElseThrow(() -> new AssertionError("no CPU time for the agent"));
    }

    /** Cores the process uses over {@code window}. */
    double coresOver(Duration window) throws InterruptedException {
        Duration before = cpu();
        long start = System.nanoTime();
        Thread.sleep(window.toMillis());
        return (cpu().toNanos() - before.toNanos()) / (double) (System.nanoTime() - start);
    }

    /** Resident memory, from /proc. */
    long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new AssertionError("no VmRSS for the agent");
    }

    /** Heap in use right after a full collection ({@code jcmd GC.run}, then {@code GC.heap_info}). */
    long heapAfterGcBytes() throws Exception {
        jcmd("GC.run");
        Matcher m = HEAP_USED.matcher(jcmd("GC.heap_info"));
        long used = 0;
        if (m.find()) {
            used = Long.parseLong(m.group(1)) * 1024; // the first "used" is the whole heap's
        }
        return used;
    }

    private String jcmd(String command) throws Exception {
        Process p = new ProcessBuilder(javaTool("jcmd"), Long.toString(process.pid()), command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("jcmd " + command + " failed: " + out);
        }
        return out;
    }

    String log() throws IOException {
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
