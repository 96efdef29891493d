package org.planewatch.console.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.state.localize.Suspect;

/** {@code diagnose}'s answers and its one-line refusals (exit 2) of what it cannot read. */
class DiagnoseCommandTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int diagnose(String... args) {
        return DiagnoseCommand.run(
                args,
                InstantSource.system(),
                new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    private void assertOneLineRefusal(int status, String expected) {
        assertEquals(2, status, err());
        assertTrue(err().startsWith("planewatch diagnose: "), err());
        assertTrue(err().contains(expected), err());
        assertEquals(1, err().lines().filter(l -> !l.startsWith("Try ")).count(), "one line: " + err());
        assertTrue(!err().contains("Exception") && !err().contains("\tat "), "no stack trace: " + err());
    }

    @Test
    void aMissingRecordingIsOneLineAndExitTwo() {
        Path missing = dir.resolve("nowhere.pwrec");
        assertOneLineRefusal(diagnose(missing.toString()), missing.toString());
    }

    @Test
    void aFileThatIsNotARecordingIsOneLineAndExitTwo() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.pwrec"), "not a recording\n");
        assertOneLineRefusal(diagnose(text.toString(), "--json"), text.toString());
    }

    @Test
    void itNeedsARecordingOrTargetsAndOptionsThatFitThem() throws Exception {
        assertOneLineRefusal(diagnose(), "give either a recording or --targets");
        errBytes.reset();
        Path targets = Files.writeString(dir.resolve("t.yaml"), "targets: {}\n");
        assertOneLineRefusal(diagnose("--targets", targets.toString()), "--targets needs --for");
        errBytes.reset();
        assertOneLineRefusal(diagnose("x.pwrec", "--for", "5s"), "--for is for --targets");
        errBytes.reset();
        assertOneLineRefusal(diagnose("x.pwrec", "--at", "-3"), "--at must be");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void liveAgentsWithoutFaultsHaveNoSuspects() throws Exception {
        try (KilledRecorder.Agent agent = KilledRecorder.startAgent()) {
            Path targets = Files.writeString(dir.resolve("lab.yaml"), """
                    targets:
                      lab:
                        address: 127.0.0.1:%d
                        devices: ["*"]
                        insecure: true
                    """.formatted(agent.port()));
            int status = diagnose("--targets", targets.toString(), "--for", "3s", "--json");
            assertEquals(0, status, err());
            assertEquals(
                    "{\"suspects\": []}",
                    outBytes.toString(StandardCharsets.UTF_8).strip(),
                    err());
        }
    }

    @Test
    void jsonNamesEachSuspectBestFirstAndQuotesNamesSafely() {
        String json = SuspectJson.of(List.of(
                new Suspect(Suspect.Kind.LINK, "p2-t0-1~p2-t1-3", 2, 1163.64, 32, 6124101, 764, 0),
                new Suspect(Suspect.Kind.SWITCH, "spine \"b\"", 5, 12.0, 3, 7, 1, 1)));
        assertEquals(
                "{\"suspects\": [{\"kind\": \"link\", \"name\": \"p2-t0-1~p2-t1-3\", \"plane\": 2, \"score\": 1163.6,"
                        + " \"hosts\": 32, \"firstSeenNs\": 6124101}, {\"kind\": \"switch\", \"name\": \"spine \\\"b\\\"\","
                        + " \"plane\": 5, \"score\": 12.0, \"hosts\": 3, \"firstSeenNs\": 7}]}",
                json);
    }
}
