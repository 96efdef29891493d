package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
        ConsoleProcess run = ConsoleProcess.run("--smoke-test", "--headless", "--screenshot", png.toString());
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("Smoke test passed: live frame with 8 planes"), run.output());
        assertTrue(run.output().contains("screenshot written to " + png.toAbsolutePath()), run.output());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1600, image.getWidth());
        assertEquals(960, image.getHeight());
    }

    @Test
    void failsWithStatusOneAndTheReasonWhenNoLiveFrameCameInTime() throws Exception {
        ConsoleProcess run = ConsoleProcess.run("--smoke-test", "--headless", "--exit-after", "0.001");
        assertEquals(1, run.status(), run.output());
        assertTrue(
                run.output()
                        .contains(
                                "planewatch-console: smoke test failed: no frame with live data from the embedded demo within 0.001 s"),
                run.output());
    }

    @Test
    void refusesTargetsAndReplaysBecauseItChecksTheEmbeddedDemoOrAFleet() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertTrue(ConsoleOptions.parse(new String[] {"--smoke-test", "--headless"}, errStream)
                .smokeTest());
        assertNull(ConsoleOptions.parse(new String[] {"--smoke-test", "--targets", "t.yaml"}, errStream));
        assertNull(ConsoleOptions.parse(new String[] {"--smoke-test", "incident.pwrec"}, errStream));
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .contains(
                                "--smoke-test checks the console on its embedded demo or a fleet; it cannot be combined with --targets or a replay"),
                err.toString(StandardCharsets.UTF_8));
    }
}
