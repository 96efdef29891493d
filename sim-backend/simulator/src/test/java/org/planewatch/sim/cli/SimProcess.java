package org.planewatch.sim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The simulator's command line in a fresh JVM with its own max heap: what a user's {@code java -Xmx...
 * -jar planewatch-sim.jar} does, out of memory included. Bounded in time: a child still running at the
 * deadline is killed and reported as such.
 */
record SimProcess(int exitCode, String out, String err) {

    static final int KILLED = -1;

    private static final long KILL_WAIT_SECONDS = 30;

    static SimProcess run(Path workDir, String maxHeap, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(
                "-Xmx" + maxHeap,
                "-XX:+UseG1GC",
                "-cp",
                System.getProperty("java.class.path"),
                SimMain.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(workDir, "out", ".txt");
        Path err = Files.createTempFile(workDir, "err", ".txt");
        Process child = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        int exit;
        if (child.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            exit = child.exitValue();
        } else {
            // Even the kill is waited on for a bounded time: a child that will not die is reported killed.
            child.destroyForcibly().waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
            exit = KILLED;
        }
        return new SimProcess(exit, Files.readString(out), Files.readString(err));
    }
}
