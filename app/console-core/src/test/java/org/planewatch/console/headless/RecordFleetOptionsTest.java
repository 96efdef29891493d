package org.planewatch.console.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code planewatch record} on a fleet refuses what it cannot record in one line and exit status 2,
 * before it creates anything: options that do not go together, a bootstrap that is not host:port, an
 * existing file (said before the cluster is asked), a cluster that does not answer within the bound
 * (given on the command line, or in a targets file's {@code kafka:} entry). A cluster that answers
 * without the topics is refused by name in the collector module's end-to-end test (it needs a broker).
 */
class RecordFleetOptionsTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    private int deadPort;

    @BeforeEach
    void findAPortNobodyListensOn() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            deadPort = socket.getLocalPort();
        }
    }

    private int record(String... args) {
        return RecordCommand.run(args, InstantSource.system(), System.out, err);
    }

    private String printed() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void optionsThatDoNotGoTogetherAreRefused() throws Exception {
        Path targets = Files.writeString(dir.resolve("t.yaml"), "targets:\n  lab:\n    address: 127.0.0.1:9\n");
        String out = dir.resolve("x.pwrec").toString();
        assertEquals(2, record("--targets", targets.toString(), "--kafka", "127.0.0.1:9092", "--out", out));
        assertTrue(printed().contains("give either --targets <file>"), printed());
        assertEquals(2, record("--out", out));
        assertEquals(2, record("--targets", targets.toString(), "--kafka-property", "a=b", "--out", out));
        assertTrue(printed().contains("--kafka-property and --kafka-properties go with --kafka"), printed());
        assertEquals(2, record("--targets", targets.toString(), "--lookback", "60s", "--out", out));
        assertTrue(printed().contains("--lookback and --kafka-timeout are for recording a fleet"), printed());
        assertEquals(2, record("--kafka", "localhost", "--out", out));
        assertTrue(printed().contains("bootstrap server 'localhost' is not host:port"), printed());
        assertEquals(2, record("--kafka", "127.0.0.1:9092", "--kafka-property", "group.id=x", "--out", out));
        assertTrue(printed().contains("group.id"), printed());
        assertTrue(Files.notExists(Path.of(out)), "nothing created");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void anExistingFileIsRefusedBeforeTheClusterIsAsked() throws Exception {
        Path out = Files.writeString(dir.resolve("old.pwrec"), "keep me");
        long started = System.nanoTime();
        int status = record(
                "--kafka", "127.0.0.1:" + deadPort, "--kafka-timeout", "30s", "--out", out.toString(), "--for", "1s");
        assertEquals(2, status, printed());
        assertTrue(printed().contains("old.pwrec: already exists"), printed());
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10), "without waiting for the cluster");
        assertEquals("keep me", Files.readString(out));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aClusterThatDoesNotAnswerIsRefusedAfterTheBoundAndNoFileIsLeft() throws Exception {
        Path out = dir.resolve("fleet.pwrec");
        int status = record("--kafka", "127.0.0.1:" + deadPort, "--kafka-timeout", "1s", "--out", out.toString());
        assertEquals(2, status, printed());
        assertEquals(
                "planewatch record: the Kafka cluster at 127.0.0.1:" + deadPort + " did not answer within 1 s (is a"
                        + " broker listening there, and do the TLS/SASL properties match its listener?)\n",
                printed());
        assertTrue(Files.notExists(out), "no file left behind");

        errBytes.reset();
        Path targets =
                Files.writeString(dir.resolve("fleet.yaml"), "kafka:\n  bootstrap: 127.0.0.1:" + deadPort + "\n");
        status = record("--targets", targets.toString(), "--kafka-timeout", "1s", "--out", out.toString());
        assertEquals(2, status, printed());
        assertTrue(
                printed().contains("did not answer within 1 s"),
                "a targets file's kafka: entry is a fleet: " + printed());
    }
}
