package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The console run as a process of its own, as an operator or a script runs it: its exit status and what it printed. */
record ConsoleProcess(int status, String output) {
    /** Runs the console with {@code args}, stdout and stderr together; fails the test if it has not ended in 180 s. */
    static ConsoleProcess run(String... args) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Launcher.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                process.getInputStream().transferTo(output);
            } catch (IOException e) {
                // The process ended; what was read is the output.
            }
        });
        boolean ended = process.waitFor(180, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        reader.join();
        String text = output.toString(StandardCharsets.UTF_8);
        assertTrue(ended, "the console did not end within 180 s: " + text);
        return new ConsoleProcess(process.exitValue(), text);
    }
}
