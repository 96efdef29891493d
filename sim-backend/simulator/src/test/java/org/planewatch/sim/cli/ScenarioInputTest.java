package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input files that are not what they should be: a binary scenario, a scenario too large to be one,
 * a connection matrix that is some other file, values far too long to show. Each is one line on
 * stderr naming the file (and line), exit status 2, and never the content of a file that is not a
 * scenario or a matrix, nor more than a short cut of a value.
 */
class ScenarioInputTest {

    private static final String FABRIC = "fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 4, t1PerPlane: 4}\n";

    @TempDir
    Path dir;

    private String refusal(Path scenario) {
        CliHarness run = CliHarness.run("run", scenario.toString(), "--check");
        assertEquals(2, run.exitCode(), run.out() + run.err());
        String message = run.err().strip();
        assertFalse(message.contains("\n") || message.contains("Exception"), message);
        return message;
    }

    private Path scenario(String yaml) throws IOException {
        Path file = dir.resolve("scenario.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    @Test
    void aBinaryScenarioIsNotATextFileAndSaysWhere() throws IOException {
        Path file = dir.resolve("scenario.yaml");
        byte[] bytes = "name: x\nworkload: {type: permutation}\n# ".getBytes(StandardCharsets.US_ASCII);
        byte[] binary = new byte[bytes.length + 3];
        System.arraycopy(bytes, 0, binary, 0, bytes.length);
        binary[bytes.length] = (byte) 0xFF;
        binary[bytes.length + 1] = (byte) 0xFE;
        binary[bytes.length + 2] = 'x';
        Files.write(file, binary);

        assertEquals(file + ": not a text file: invalid UTF-8 at byte " + bytes.length, refusal(file));
    }

    @Test
    void aScenarioWithAControlCharacterIsNotAText() throws IOException {
        Path file = dir.resolve("scenario.yaml");
        Files.write(file, new byte[] {'n', 'a', 'm', 'e', ':', ' ', 'x', 0, 'y'});

        assertEquals(file + ": not a text file: control character 0x00 at byte 7", refusal(file));
    }

    @Test
    void aFileLargerThanAnyScenarioIsRefusedUnread() throws IOException {
        Path file = scenario("name: x\n# " + "y".repeat(3 * 1024 * 1024) + "\n");

        assertEquals(file + ": file too large: 3,145,739 bytes (the limit is 3,145,728)", refusal(file));
    }

    @Test
    void aConnectionMatrixThatIsAnotherFileIsNamedWithItsLineButNotEchoed() throws IOException {
        Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/nologin\n");
        Path file = scenario("name: x\n" + FABRIC + "workload: {type: matrix, connectionMatrix: passwd}\n");

        String message = refusal(file);

        assertEquals(
                file + ":3: workload.connectionMatrix: " + dir.resolve("passwd")
                        + ":1: not an htsim connection matrix: expected 'Nodes <count>' as its first line",
                message);
        assertFalse(message.contains("root") || message.contains("bash"), message);
    }

    @Test
    void aBinaryConnectionMatrixIsNotAText() throws IOException {
        Files.write(
                dir.resolve("m.cm"), new byte[] {'N', 'o', 'd', 'e', 's', ' ', '4', '\n', (byte) 0xC0, (byte) 0x80});
        Path file = scenario("name: x\n" + FABRIC + "workload: {type: matrix, connectionMatrix: m.cm}\n");

        assertEquals(
                file + ":3: workload.connectionMatrix: " + dir.resolve("m.cm")
                        + ": not a text file: invalid UTF-8 at byte 8",
                refusal(file));
    }

    @Test
    void aMatrixLineShowsAtMostAShortToken() throws IOException {
        Files.writeString(
                dir.resolve("m.cm"), "Nodes 16\nConnections 1\n" + "z".repeat(500) + "->1 id 1 start 0 size 10\n");
        Path file = scenario("name: x\n" + FABRIC + "workload: {type: matrix, connectionMatrix: m.cm}\n");

        assertEquals(
                file + ":3: workload.connectionMatrix: " + dir.resolve("m.cm") + ":3: expected <src>-><dst> with"
                        + " host numbers, got 'zzzzzzzzzzzzzzzz...' (503 characters)",
                refusal(file));
    }

    @Test
    void longValuesAndKeysAreCutToFortyCharacters() throws IOException {
        String longType = "broadcast".repeat(600);
        assertEquals(
                dir.resolve("scenario.yaml") + ":2: workload.type: unknown workload type '"
                        + longType.substring(0, 40) + "...' (5,400 characters) (expected permutation, incast, alltoall,"
                        + " allreduce, training or matrix)",
                refusal(scenario("name: x\nworkload: {type: " + longType + "}\n")));

        String longKey = "k".repeat(1_000);
        String message = refusal(scenario("name: x\nworkload: {type: permutation}\nfabric:\n  " + longKey + ": 1\n"));
        String shown = "'" + "k".repeat(40) + "...' (1,000 characters)";
        assertEquals(
                dir.resolve("scenario.yaml") + ":4: fabric." + shown + ": unknown key " + shown
                        + " (expected one of: planes, hostsPerT0, t0PerPlane, t1PerPlane, linkGbps, linkDelayNs, mtuBytes,"
                        + " headerBytes, queueBytes, headerQueueBytes, ecnKminBytes, ecnKmaxBytes, trimming, switchLatencyNs,"
                        + " headerBurstPackets)",
                message);
    }

    @Test
    void aLongLinkNameIsCut() throws IOException {
        String link = "p0-t0-0~" + "p".repeat(1_000);
        String message = refusal(scenario("name: x\n" + FABRIC + "workload: {type: permutation}\n"
                + "faults: [{atUs: 1, link: \"" + link + "\", action: down}]\n"));
        assertTrue(message.length() < 400, message);
        assertTrue(message.contains("(1,008 characters)"), message);
    }
}
