package org.planewatch.console.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.demo.EmbeddedDemo;
import org.planewatch.console.headless.DiagnoseCommand;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.session.RecordingControl;
import org.planewatch.console.session.RecordingInfo;
import org.planewatch.console.state.localize.Suspect;

/**
 * The acceptance test of {@code diagnose}: the console records the embedded demo through
 * its first two incidents (a T0 uplink of plane 2 down from ~6 s to ~16 s, a spine of plane 5
 * rebooting from ~24 s for ~6 s), and {@code diagnose} run as a process of its own on the file
 * names the uplink during the first and the spine during the second, at instants the live console
 * named them too.
 */
class DemoDiagnoseTest {
    private static final String FAILED_LINK = "p2-t0-1~p2-t1-3";
    private static final String REBOOTED_SPINE = "p5-t1-2";
    private static final Pattern FIRST_NAME = Pattern.compile("\\{\"kind\": \"(link|switch)\", \"name\": \"([^\"]+)\"");

    @TempDir
    Path dir;

    /** When the live console's top suspect was a given element: first and last time seen. */
    private static final class Window {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        void saw(long atMillis) {
            first = Math.min(first, atMillis);
            last = Math.max(last, atMillis);
        }

        boolean seen() {
            return first <= last;
        }

        long middle() {
            return first + (last - first) / 2;
        }
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void diagnoseNamesTheFailedUplinkDuringTheFirstIncidentAndTheSpineDuringTheReboot() throws Exception {
        Path file = dir.resolve("demo.pwrec");
        Window link = new Window();
        Window spine = new Window();
        long started = System.nanoTime();
        try (LiveSession session = new LiveSession(InstantSource.system());
                EmbeddedDemo demo = EmbeddedDemo.start();
                RecordingControl recording = session.recording(
                        new RecordingInfo("embedded demo", EmbeddedDemo.SCENARIO, 1000, "test"), (f, reason) -> {})) {
            recording.start(file, 0);
            session.add(demo.target());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(100);
            // Until the spine has been named for two seconds (or it came back): both incidents are in the file.
            while (System.nanoTime() < deadline && !(spine.seen() && spine.last - spine.first >= 2_000)) {
                var snapshot = session.snapshots().latest();
                if (!snapshot.suspects().isEmpty()) {
                    Suspect top = snapshot.suspects().getFirst();
                    if (top.name().equals(FAILED_LINK)) {
                        link.saw(snapshot.atMillis());
                    } else if (top.name().equals(REBOOTED_SPINE)) {
                        spine.saw(snapshot.atMillis());
                    }
                }
                Thread.sleep(100);
            }
            recording.stop();
        }
        long recordedNanos = System.nanoTime() - started;
        assertTrue(link.seen(), "the live console named " + FAILED_LINK);
        assertTrue(spine.seen(), "the live console named " + REBOOTED_SPINE);

        long start;
        try (RecordingReader reader = RecordingReader.open(file)) {
            start = reader.timeRange()[0];
        }
        long diagnoseStarted = System.nanoTime();
        assertEquals(
                "link " + FAILED_LINK,
                topSuspect(file, (link.middle() - start) / 1000.0),
                "diagnose during the first incident");
        assertEquals(
                "switch " + REBOOTED_SPINE,
                topSuspect(file, (spine.middle() - start) / 1000.0),
                "diagnose during the reboot");
        System.out.printf(
                "demo diagnose: recorded %.1f s, link named live %d..%d ms, spine %d..%d ms after the start; two diagnose processes %.1f s%n",
                recordedNanos / 1e9,
                link.first - start,
                link.last - start,
                spine.first - start,
                spine.last - start,
                (System.nanoTime() - diagnoseStarted) / 1e9);
    }

    /** Runs {@code diagnose <file> --at <seconds> --json} as a process; "kind name" of its first suspect. */
    private static String topSuspect(Path file, double atSeconds) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                DiagnoseCommand.class.getName(),
                file.toString(),
                "--at",
                Double.toString(atSeconds),
                "--json"));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!child.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("diagnose did not answer within 60 s");
            }
            String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, child.exitValue(), output);
            Files.writeString(file.resolveSibling("diagnose-" + atSeconds + ".json"), output);
            Matcher first = FIRST_NAME.matcher(output);
            return first.find() ? first.group(1) + " " + first.group(2) : "none in " + output;
        } finally {
            child.destroyForcibly();
        }
    }
}
