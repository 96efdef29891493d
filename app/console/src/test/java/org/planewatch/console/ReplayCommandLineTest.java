package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.DamagedRecordings;

/**
 * The console given a recording on the command line, in a process of its own as a script runs it. One
 * it cannot open: one line saying which file and what is wrong, exit status 2, and never the live demo
 * in its place (it used to print the problem, start the embedded demo and exit 0, its screenshot a
 * live fabric). One that opens with something wrong with it: a line each on stderr.
 */
@Timeout(200)
class ReplayCommandLineTest {
    @TempDir
    Path dir;

    @Test
    void aFileThatIsNotARecordingIsRefusedWithStatus2AndNeitherDemoNorScreenshot() throws Exception {
        Path notes = Files.writeString(dir.resolve("incident.pwrec"), "my notes on the incident, not a recording\n");
        Path png = dir.resolve("shot.png");
        ConsoleProcess run =
                ConsoleProcess.run(notes.toString(), "--headless", "--screenshot", png.toString(), "--exit-after", "5");
        assertRefused(run, notes + ": is not a Planewatch recording (not an SQLite database)");
        assertFalse(Files.exists(png), "no screenshot of anything else");
    }

    @Test
    void aTruncatedRecordingIsRefusedTheSameWay() throws Exception {
        Path file = dir.resolve("cut.pwrec");
        DamagedRecordings.recorded(file, 120);
        long size = Files.size(file);
        try (var raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(size / 2);
        }
        ConsoleProcess run = ConsoleProcess.run(file.toString(), "--headless", "--exit-after", "5");
        assertRefused(
                run,
                file + ": is damaged (truncated or corrupted): it holds " + size / 2 + " bytes of the " + size
                        + " its header announces");
    }

    @Test
    void theSmokeTestIsNotRunOnARecording() throws Exception {
        ConsoleProcess run = ConsoleProcess.run(
                "--smoke-test", "--headless", dir.resolve("missing.pwrec").toString());
        assertEquals(2, run.status(), run.output());
        assertTrue(
                run.output()
                        .contains(
                                "--smoke-test checks the console on its embedded demo or a fleet; it cannot be combined with --targets or a replay"),
                run.output());
        assertFalse(run.output().contains("Smoke test passed"), run.output());
    }

    @Test
    void aRecordingThatEndedAbruptlyWithAGapReplaysAndSaysSoALineEach() throws Exception {
        Path file = DamagedRecordings.abandoned(dir, "killed.pwrec", 40, 0, 30);
        Path png = dir.resolve("killed.png");
        ConsoleProcess run = ConsoleProcess.run(
                file.toString(), "--at", "7.5", "--headless", "--screenshot", png.toString(), "--exit-after", "2");
        assertEquals(0, run.status(), run.output());
        assertTrue(
                run.output()
                        .contains("planewatch-console: " + file
                                + ": recording ended abruptly at 2026-09-21 14:13:30.000 UTC;"
                                + " the last 250 ms may be missing"),
                run.output());
        assertTrue(
                run.output()
                        .contains("planewatch-console: " + file
                                + ": batch 30 is damaged (a data block is not valid deflate data"),
                run.output());
        assertTrue(
                run.output()
                        .contains("): gap of 1.0 s from 2026-09-21 14:13:27.000 UTC to 2026-09-21 14:13:28.000 UTC,"
                                + " replay resumes there"),
                run.output());
        assertTrue(Files.size(png) > 0);
    }

    /** Status 2, exactly one line from the console (the one expected), no demo, no stack trace. */
    private static void assertRefused(ConsoleProcess run, String problem) {
        assertEquals(PlanewatchApp.EXIT_RECORDING_REFUSED, run.status(), run.output());
        List<String> lines = run.output()
                .lines()
                .filter(line -> line.startsWith("planewatch-console"))
                .toList();
        assertEquals(List.of("planewatch-console: " + problem), lines, run.output());
        for (String never : List.of("Embedded demo", "First live frame", "Exception", "\tat ")) {
            assertFalse(run.output().contains(never), "printed '" + never + "': " + run.output());
        }
    }
}
