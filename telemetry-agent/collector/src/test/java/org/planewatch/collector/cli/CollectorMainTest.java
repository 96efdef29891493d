package org.planewatch.collector.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.SimAgent;

/**
 * The command line refuses bad input with one line that says what is wrong and where (file and
 * line, target and field, the flag and the value), exit code 2 and no stack trace; and with an
 * embedded broker it starts by itself and publishes a simulated fabric's updates.
 */
class CollectorMainTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CollectorMain main = new CollectorMain(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new CountDownLatch(1));
        int code = CollectorMain.run(main, args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private void assertRefused(String expected, String... args) {
        Run run = run(args);
        assertEquals(CollectorMain.USAGE_ERROR, run.code(), run.err());
        assertTrue(run.err().contains(expected), "'" + expected + "' in: " + run.err());
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), "no stack trace: " + run.err());
    }

    private Path targets() throws Exception {
        return Files.writeString(
                dir.resolve("targets.yaml"), "targets:\n  h0:\n    address: 127.0.0.1:9339\n    insecure: true\n");
    }

    @Test
    @Timeout(30)
    void badFlagsAndFilesAreRefusedWithWhatAndWhere() throws Exception {
        Path good = targets();
        assertRefused("--targets FILE is required", "--bootstrap", "k:9092");
        assertRefused(
                "--rollups-only subscribes to no target: give it no --targets",
                "--rollups-only",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092");
        assertRefused("give exactly one of --bootstrap", "--targets", good.toString());
        assertRefused(
                "--state-dir holds the rollups' stores: give it with --rollups",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--state-dir",
                dir.resolve("state").toString());
        assertRefused(
                "--state-dir " + good + ": not a directory",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--rollups",
                "--state-dir",
                good.toString());
        assertRefused(
                "give exactly one of --bootstrap",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--embedded-broker",
                dir.toString());
        assertRefused(
                "missing.yaml: targets file not found",
                "--targets",
                dir.resolve("missing.yaml").toString(),
                "--bootstrap",
                "k:9092");
        Path unknownField = Files.writeString(
                dir.resolve("field.yaml"), "targets:\n  h0:\n    address: 127.0.0.1:9339\n    adress: x\n");
        assertRefused(
                "field.yaml: target 'h0': unknown field 'adress'",
                "--targets",
                unknownField.toString(),
                "--bootstrap",
                "k:9092");
        Path badPort = Files.writeString(dir.resolve("port.yaml"), "targets:\n  h0:\n    address: 127.0.0.1:99999\n");
        assertRefused(
                "port.yaml: target 'h0': address '127.0.0.1:99999': port '99999'",
                "--targets",
                badPort.toString(),
                "--bootstrap",
                "k:9092");
        Path notYaml = Files.writeString(dir.resolve("broken.yaml"), "targets: [\n");
        assertRefused("broken.yaml: not valid YAML", "--targets", notYaml.toString(), "--bootstrap", "k:9092");
        assertRefused("--bootstrap: 'kafka' is not host:port", "--targets", good.toString(), "--bootstrap", "kafka");
        assertRefused(
                "--kafka-property 'sasl.mechanism': expected key=value",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--kafka-property",
                "sasl.mechanism");
        assertRefused(
                "'acks' is set by the collector",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--kafka-property",
                "acks=1");
        Path properties = Files.writeString(
                dir.resolve("client.properties"), "# TLS\nsecurity.protocol=SSL\nssl.truststore.password\n");
        assertRefused(
                "client.properties:3: expected key=value",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--kafka-properties",
                properties.toString());
        assertRefused(
                "client.properties: cannot read",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--kafka-properties",
                dir.resolve("none").resolve("client.properties").toString());
        assertRefused(
                "--session-timeout must be 6..300 seconds",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--session-timeout",
                "2");
        assertRefused(
                "--rollup-session-timeout must be 6..300 seconds",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--rollup-session-timeout",
                "400");
        assertRefused(
                "shares (--shares) must be 1..10000, got 0",
                "--targets",
                good.toString(),
                "--bootstrap",
                "k:9092",
                "--shares",
                "0");
        assertRefused("--broker-only runs the embedded broker: give --embedded-broker DIR", "--broker-only");
        assertRefused(
                "--broker-only runs the broker alone: give it no --targets",
                "--broker-only",
                "--embedded-broker",
                dir.resolve("kafka-alone").toString(),
                "--targets",
                good.toString());
        assertRefused("collector id 'a b'", "--targets", good.toString(), "--bootstrap", "k:9092", "--id", "a b");
        assertRefused(
                "Invalid value for option '--broker-port'",
                "--targets",
                good.toString(),
                "--embedded-broker",
                dir.toString(),
                "--broker-port",
                "x");
    }

    @Test
    @Timeout(30)
    void anEmbeddedBrokerWhosePortIsTakenIsRefused() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertRefused(
                    "--broker-port 127.0.0.1:" + taken.getLocalPort() + " is in use",
                    "--targets",
                    targets().toString(),
                    "--embedded-broker",
                    dir.resolve("kafka").toString(),
                    "--broker-port",
                    Integer.toString(taken.getLocalPort()));
        }
    }

    @Test
    @Timeout(90)
    void withAnEmbeddedBrokerTheCollectorStartsByItselfPublishesTheFabricAndKeepsItsRollupStores() throws Exception {
        Path state = dir.resolve("rollup-state");
        try (SimAgent agent = SimAgent.start()) {
            Path targets = agent.writeTargetsFile(dir.resolve("fabric.yaml"));
            int port = Collectors.freePortPair();
            long started = System.nanoTime();
            RunningCli collector = RunningCli.start(
                    "--targets",
                    targets.toString(),
                    "--embedded-broker",
                    dir.resolve("kafka").toString(),
                    "--broker-port",
                    Integer.toString(port),
                    "--id",
                    "demo",
                    "--rollups",
                    "--state-dir",
                    state.toString(),
                    "--status-every",
                    "1");
            int code;
            try {
                String bootstrap = "127.0.0.1:" + port;
                Collectors.await(
                        () -> collector.printed().contains("collector demo: 16 targets listed"),
                        Duration.ofSeconds(45),
                        () -> "the collector did not start: " + collector.printed());
                awaitEveryDevicesUpdates(
                        bootstrap,
                        agent,
                        Duration.ofSeconds(30),
                        "the updates of every device did not reach the embedded broker");
                System.out.println("embedded broker and collector: every device's updates in Kafka "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms after start");
                System.out.println(collector.printed());
            } finally {
                code = collector.stopAndWait();
            }
            assertEquals(0, code, "the collector stopped cleanly");
            // Kafka Streams keeps a task's stores under <state dir>/<application id>/<task>/rocksdb: the
            // next start on this directory reads only what the changelogs gained since (ADR 0153).
            try (Stream<Path> files = Files.walk(state)) {
                List<Path> stores = files.filter(p -> p.getFileName().toString().equals("rocksdb"))
                        .toList();
                assertFalse(stores.isEmpty(), "the rollups' stores were kept in --state-dir " + state);
            }
        }
    }

    @Test
    @Timeout(120)
    void aBrokerStartedAloneServesCollectorsInOtherProcessesAndStopsCleanly() throws Exception {
        try (SimAgent agent = SimAgent.start()) {
            Path targets = agent.writeTargetsFile(dir.resolve("fabric.yaml"));
            int port = Collectors.freePortPair();
            String bootstrap = "127.0.0.1:" + port;
            RunningCli broker = RunningCli.start(
                    "--broker-only",
                    "--embedded-broker",
                    dir.resolve("kafka").toString(),
                    "--broker-port",
                    Integer.toString(port));
            RunningCli collector = null;
            int collectorCode = -1;
            int brokerCode;
            try {
                Collectors.await(
                        () -> broker.printed().contains("no collector in this process"),
                        Duration.ofSeconds(45),
                        () -> "the broker did not start alone: " + broker.printed());
                assertTrue(broker.printed().contains("embedded Kafka broker at " + bootstrap), broker.printed());
                collector =
                        RunningCli.start("--targets", targets.toString(), "--bootstrap", bootstrap, "--id", "apart");
                RunningCli started = collector;
                awaitEveryDevicesUpdates(
                        bootstrap,
                        agent,
                        Duration.ofSeconds(45),
                        "the updates of every device did not reach the broker running alone: " + started.printed());
            } finally {
                if (collector != null) {
                    collectorCode = collector.stopAndWait();
                }
                brokerCode = broker.stopAndWait();
            }
            assertEquals(0, collectorCode, "the collector stopped cleanly");
            assertEquals(0, brokerCode, "the broker stopped cleanly");
        }
    }

    /** A {@link CollectorMain} run on a thread of its own, as its process runs it, stopped as its service stops it. */
    private record RunningCli(ByteArrayOutputStream out, CountDownLatch stop, AtomicInteger code, Thread thread) {
        static RunningCli start(String... args) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CountDownLatch stop = new CountDownLatch(1);
            AtomicInteger code = new AtomicInteger(-1);
            CollectorMain main =
                    new CollectorMain(new PrintStream(out, true, StandardCharsets.UTF_8), System.err, stop);
            Thread thread = Thread.ofPlatform().start(() -> code.set(CollectorMain.run(main, args)));
            return new RunningCli(out, stop, code, thread);
        }

        String printed() {
            return out.toString(StandardCharsets.UTF_8);
        }

        /** Stops it and waits for it; its exit code (-1: still running after 30 s). */
        int stopAndWait() throws InterruptedException {
            stop.countDown();
            thread.join(30_000);
            return code.get();
        }
    }

    /** Until the updates topic at {@code bootstrap} holds a record of every device {@code agent} serves. */
    private static void awaitEveryDevicesUpdates(String bootstrap, SimAgent agent, Duration bound, String failure)
            throws InterruptedException {
        List<String> devices = new ArrayList<>();
        Collectors.await(
                () -> {
                    devices.clear();
                    Collectors.readAll(bootstrap, "planewatch.updates").forEach(r -> devices.add(r.key()));
                    return devices.containsAll(agent.devices());
                },
                bound,
                failure);
    }
}
