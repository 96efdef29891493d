package org.planewatch.packaging;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An installed program run by a test: its output is echoed to the build log and kept, a test can
 * wait for a line, and closing stops it and whatever it started.
 */
final class InstalledProcess implements AutoCloseable {
    private final Process process;
    private final StringBuilder log = new StringBuilder();
    private final Thread echo;

    private InstalledProcess(List<String> command) throws IOException {
        System.out.println("[installer test] $ " + String.join(" ", command));
        this.process = new ProcessBuilder(command).redirectErrorStream(true).start();
        this.echo = Thread.ofVirtual().start(this::echoOutput);
    }

    static InstalledProcess start(List<String> command) throws IOException {
        return new InstalledProcess(command);
    }

    /** True once the program printed a line containing the fragment; false if it ended or the wait ran out first. */
    boolean awaitOutput(String fragment, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!log().contains(fragment)) {
            if (System.nanoTime() > deadline || !echo.isAlive()) {
                return log().contains(fragment);
            }
            Thread.sleep(100);
        }
        return true;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String log() {
        synchronized (log) {
            return log.toString();
        }
    }

    private void echoOutput() {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                System.out.println("    " + line);
                synchronized (log) {
                    log.append(line).append('\n');
                }
            }
        } catch (IOException ended) {
            // the program ended and closed its output
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
        }
        echo.join(5_000);
    }
}
