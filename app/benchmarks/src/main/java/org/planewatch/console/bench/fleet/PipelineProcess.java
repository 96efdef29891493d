package org.planewatch.console.bench.fleet;

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
 * One process of the pipeline (the agent, a collector) launched as an operator would, its output in
 * a log file; its CPU time and RSS read from {@code /proc}. Every process made is also remembered so
 * that a shutdown hook kills whatever is left, also when the bench fails.
 */
final class PipelineProcess {
    private static final List<PipelineProcess> STARTED = new ArrayList<>();
    private static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux
    private static boolean hooked;

    private final String name;
    private final Process process;
    private final Path log;

    private PipelineProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code java <jvmArgs> -jar jar <args>} with its output in {@code log}. */
    /** glibc's malloc arenas of the started JVMs: what the packages' units set. */
    static final String MALLOC_ARENAS = "2";

    static PipelineProcess startJar(String name, List<String> jvmArgs, Path jar, List<String> args, Path log)
            throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new BenchFailure("no " + name + " jar at " + jar.toAbsolutePath()
                    + " (build it first: ./mvnw -o -pl telemetry-agent/agent,telemetry-agent/collector -am package"
                    + " -DskipTests)");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(args);
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        // As the packages' systemd units run the agent and the collector (ADR 0134).
        builder.environment().put("MALLOC_ARENA_MAX", MALLOC_ARENAS);
        Process p = builder.start();
        PipelineProcess started = new PipelineProcess(name, p, log);
        synchronized (STARTED) {
            STARTED.add(started);
            if (!hooked) {
                hooked = true;
                Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(PipelineProcess::killAll));
            }
        }
        return started;
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits until the log has a match of {@code pattern}; a process that exits or a bound that passes
     * first is an error naming the process, the bound and the end of its log.
     */
    Matcher await(Pattern pattern, Duration bound, String what) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            Matcher m = pattern.matcher(logText());
            if (m.find()) {
                return m;
            }
            if (!process.isAlive()) {
                throw new BenchFailure(name + " exited (status " + process.exitValue() + ") before " + what
                        + "; its log " + log + " ends:\n" + tail());
            }
            if (System.nanoTime() > deadline) {
                throw new BenchFailure(name + " did not " + what + " within " + bound.toSeconds() + " s; its log " + log
                        + " ends:\n" + tail());
            }
            Thread.sleep(200);
        }
    }

    /** Waits for the process to end by itself; its status. */
    int awaitExit(Duration bound, String what) throws IOException, InterruptedException {
        if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new BenchFailure(
                    name + " did not " + what + " within " + bound.toSeconds() + " s; its log ends:\n" + tail());
        }
        return process.exitValue();
    }

    String logText() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    String tail() throws IOException {
        String text = logText();
        return text.substring(Math.max(0, text.length() - 2_000));
    }

    /** User + system CPU seconds the process used so far (0 once it is gone). */
    double cpuSeconds() {
        return cpuSecondsOf(String.valueOf(process.pid()));
    }

    /** Resident set size now, in MiB (0 once gone). */
    long rssMb() {
        return statusKb(String.valueOf(process.pid()), "VmRSS:") >> 10;
    }

    /** The most resident memory it had, in MiB (0 once gone). */
    long peakRssMb() {
        return statusKb(String.valueOf(process.pid()), "VmHWM:") >> 10;
    }

    /** SIGKILL: no goodbye to anyone. */
    void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGTERM, then SIGKILL after 10 s. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            kill9();
        }
    }

    static double cpuSecondsOf(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            // fields after the command (which may hold spaces) start after the last ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / (double) CLOCK_TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    static long statusKb(String pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone
        }
        return 0;
    }

    static void killAll() {
        List<PipelineProcess> all;
        synchronized (STARTED) {
            all = List.copyOf(STARTED);
        }
        for (PipelineProcess p : all) {
            p.process.descendants().forEach(ProcessHandle::destroyForcibly);
            p.process.destroyForcibly();
        }
        for (PipelineProcess p : all) {
            try {
                p.process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** What went wrong, said in one line (or a few, with a log's end). */
    static final class BenchFailure extends RuntimeException {
        BenchFailure(String message) {
            super(message);
        }
    }
}
