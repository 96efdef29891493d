package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --smoke-test --headless} in a console process of its own, as an installer's test runs it:
 * the exit status and the message are the contract.
 */
class SmokeTestOptionTest {
    @TempDir
    Path dir;

    @Test
    void passesWithAScreenshotOfLiveDemoDataAndExitsZero() throws Exception {
        Path png = dir.resolve("smoke.png");
        Run run = console("--smoke-test", "--headless", "--screenshot", png.toString());
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("Smoke test passed: live frame with 8 planes"), run.output());
        assertTrue(run.output().contains("screenshot written to " + png.toAbsolutePath()), run.output());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1600, image.getWidth());
        assertEquals(960, image.getHeight());
    }

    @Test
    void failsWithStatusOneAndTheReasonWhenNoLiveFrameCameInTime() throws Exception {
        Run run = console("--smoke-test", "--headless", "--exit-after", "0.001");
        assertEquals(1, run.status(), run.output());
        assertTrue(run.output().contains(
                "planewatch-console: smoke test failed: no frame with live data from the embedded demo within 0.001 s"),
                run.output());
    }

    @Test
    void refusesTargetsAndReplaysBecauseItChecksTheEmbeddedDemo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertTrue(ConsoleOptions.parse(new String[] {"--smoke-test", "--headless"}, errStream).smokeTest());
        assertNull(ConsoleOptions.parse(new String[] {"--smoke-test", "--targets", "t.yaml"}, errStream));
        assertNull(ConsoleOptions.parse(new String[] {"--smoke-test", "incident.pwrec"}, errStream));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains(
                "--smoke-test checks the console on its embedded demo; it cannot be combined with --targets or a replay"),
                err.toString(StandardCharsets.UTF_8));
    }

    private record Run(int status, String output) {}

    private static Run console(String... args) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Launcher.class.getName()));
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
        return new Run(process.exitValue(), text);
    }
}
