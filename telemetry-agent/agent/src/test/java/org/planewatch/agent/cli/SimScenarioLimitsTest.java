package org.planewatch.agent.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The agent's simulated back end refuses what the simulator refuses, the same way: a scenario past
 * a hard limit, one beyond the heap, a file that is not text, a connection matrix that is some other
 * file. One line naming the file, exit status 2, no stack trace, and nothing of the other file echoed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SimScenarioLimitsTest {

    @TempDir
    Path dir;

    private record Run(int exit, String err) {}

    private Run agent(Path scenario) {
        StringWriter err = new StringWriter();
        CommandLine cli = AgentMain.commandLine(new AgentMain(new PrintStream(PrintStream.nullOutputStream())));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(
                "--insecure", "--listen", "127.0.0.1:0", "--backend", "sim", "--scenario", scenario.toString());
        return new Run(exit, err.toString());
    }

    private Path scenario(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "name: limits\n" + yaml);
        return file;
    }

    private static void assertOneLine(Run run, Path file, String expected) {
        assertEquals(AgentMain.USAGE_ERROR, run.exit(), run.err());
        String line = run.err().strip();
        assertFalse(line.contains("\n") || line.contains("\tat ") || line.contains("Exception"), line);
        assertTrue(line.startsWith("planewatch-agent: error: --scenario " + file + ":"), line);
        assertTrue(line.contains(expected), "'" + expected + "' in: " + line);
    }

    @Test
    void aFabricPastThePortLimitIsRefused() throws IOException {
        Path file = scenario(
                "million.yaml",
                "fabric: {planes: 500, hostsPerT0: 1000, t0PerPlane: 1000, t1PerPlane: 16}\n"
                        + "workload: {type: permutation}\n");
        assertOneLine(
                agent(file),
                file,
                "2: fabric.planes: fabric too large: planes 500 x (hostsPerT0 x t0PerPlane ="
                        + " 1,000,000 hosts + t0PerPlane x t1PerPlane = 16,000 T0-T1 links) x 2 = 1,016,000,000 switch and NIC"
                        + " ports; the limit is 126,322,567");
    }

    @Test
    void aWorkloadBeyondAnyHeapIsRefusedWithTheEstimate() throws IOException {
        Path file = scenario(
                "alltoall.yaml",
                "fabric: {planes: 8, hostsPerT0: 256, t0PerPlane: 128, t1PerPlane: 256}\n"
                        + "workload: {type: alltoall}\n");
        Run run = agent(file);
        assertOneLine(run, file, "3: workload: alltoall over 32,768 hosts: 1,073,709,056 QPs");
        assertTrue(run.err().contains("of heap (") && run.err().contains("(-Xmx); the limit is 80 % of it"), run.err());
    }

    @Test
    void aBinaryScenarioIsNotText() throws IOException {
        Path file = dir.resolve("binary.yaml");
        Files.write(file, new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xC3, (byte) 0x28, 'x'});
        assertOneLine(agent(file), file, " not a text file: invalid UTF-8 at byte 6");
    }

    @Test
    void aConnectionMatrixThatIsAnotherFileIsNamedButNotEchoed() throws IOException {
        Files.writeString(dir.resolve("secrets.txt"), "admin:s3cret-token:0:0\nsecond line\n");
        Path file = scenario(
                "matrix.yaml",
                "fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2}\n"
                        + "workload: {type: matrix, connectionMatrix: secrets.txt}\n");
        Run run = agent(file);
        assertOneLine(
                run,
                file,
                "3: workload.connectionMatrix: " + dir.resolve("secrets.txt")
                        + ":1: not an htsim connection matrix: expected 'Nodes <count>' as its first line");
        assertFalse(run.err().contains("s3cret") || run.err().contains("admin"), run.err());
    }

    @Test
    void theAgentProcessExitsTwoWithTheLineAlone() throws Exception {
        Path file = scenario(
                "million.yaml",
                "fabric: {planes: 500, hostsPerT0: 1000, t0PerPlane: 1000, t1PerPlane: 16}\n"
                        + "workload: {type: permutation}\n");
        Path err = dir.resolve("err.txt");
        Process agent = new ProcessBuilder(List.of(
                        ProcessHandle.current()
                                .info()
                                .command()
                                .orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                                        .toString()),
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        AgentMain.class.getName(),
                        "--insecure",
                        "--listen",
                        "127.0.0.1:0",
                        "--backend",
                        "sim",
                        "--scenario",
                        file.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        assertTrue(agent.waitFor(50, TimeUnit.SECONDS), "the agent exits");
        assertEquals(AgentMain.USAGE_ERROR, agent.exitValue());
        List<String> lines = Files.readAllLines(err);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(
                lines.getFirst()
                        .startsWith(
                                "planewatch-agent: error: --scenario " + file + ":2: fabric.planes: fabric too large"),
                lines.toString());
    }
}
