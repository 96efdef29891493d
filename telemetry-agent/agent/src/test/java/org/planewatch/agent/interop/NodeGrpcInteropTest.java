package org.planewatch.agent.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.security.LabCertificates;
import org.planewatch.agent.security.PasswordFile;
import org.planewatch.agent.server.TlsFiles;
import org.planewatch.agent.sim.EmbeddedSimAgent;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.testing.SimScenarios;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.yang.ModelLeaves;

/**
 * The agent driven by an independent gRPC stack: Node's @grpc/grpc-js with @grpc/proto-loader, loading
 * the project's gnmi.proto, over TLS with username/password metadata. The npm packages are installed
 * into target/interop by this test. Skipped only where node is absent.
 */
class NodeGrpcInteropTest {

    private static final Path INTEROP = Path.of("target/interop");
    private static final Path PROTO_ROOT = Path.of("../gnmi-contract/src/main/protobuf");

    private static String exec(Path dir, Duration timeout, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in " + timeout);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + text);
        }
        return text;
    }

    private static boolean nodePresent() {
        try {
            return new ProcessBuilder("node", "--version").start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Installs the npm packages (once) and the client script into target/interop. */
    private static void installClient() throws IOException, InterruptedException {
        Assumptions.assumeTrue(
                nodePresent(), "skipped: node is not installed, so the Node gRPC interop client cannot run");
        Files.createDirectories(INTEROP);
        if (!Files.isDirectory(INTEROP.resolve("node_modules/@grpc/grpc-js"))) {
            exec(
                    INTEROP,
                    Duration.ofMinutes(5),
                    "npm",
                    "install",
                    "--prefix",
                    ".",
                    "--no-audit",
                    "--no-fund",
                    "@grpc/grpc-js@~1.14.0",
                    "@grpc/proto-loader@~0.8.0");
        }
        Files.copy(
                NodeGrpcInteropTest.class.getResourceAsStream("/interop/gnmi-interop.js"),
                INTEROP.resolve("gnmi-interop.js"),
                StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void nodeGrpcClientRunsCapabilitiesGetOncePollSampleAndIsRefusedWithAWrongPassword() throws Exception {
        installClient();
        Path certs = INTEROP.resolve("certs");
        LabCertificates.LabFiles tls =
                LabCertificates.generate(certs, List.of("localhost", "127.0.0.1"), Duration.ofDays(1));
        Path users = INTEROP.resolve("users");
        Files.writeString(users, PasswordFile.entry("interop", "correct horse".toCharArray()) + "\n");

        try (TestFabric fabric = new TestFabric(
                TestFabric.options(),
                c -> c.withTls(new TlsFiles(tls.serverCert(), tls.serverKey(), null))
                        .withUsers(users))) {
            String output = exec(
                    INTEROP,
                    Duration.ofMinutes(1),
                    "node",
                    "gnmi-interop.js",
                    Integer.toString(fabric.server.port()),
                    tls.caCert().toAbsolutePath().toString(),
                    PROTO_ROOT.toAbsolutePath().normalize().toString(),
                    "interop",
                    "correct horse",
                    "host-0001");
            Map<String, String> checks = new LinkedHashMap<>();
            for (String line : output.lines().filter(l -> l.startsWith("{")).toList()) {
                String check = line.replaceAll(".*\"check\":\"([^\"]+)\".*", "$1");
                checks.put(check, line);
            }
            assertTrue(checks.get("capabilities").contains("\"version\":\"0.10.0\""), output);
            assertTrue(
                    checks.get("capabilities").contains("\"JSON_IETF\"")
                            && checks.get("capabilities").contains("\"PROTO\""),
                    output);
            assertTrue(checks.get("capabilities").contains("planewatch-mrc"), output);
            assertEquals("{\"check\":\"get\",\"target\":\"host-0001\",\"value\":\"100\"}", checks.get("get"));
            assertEquals("{\"check\":\"once\",\"messages\":[\"100\",\"sync\"],\"end\":\"ended\"}", checks.get("once"));
            assertEquals(
                    "{\"check\":\"poll\",\"messages\":[\"100\",\"sync\",\"100\",\"sync\",\"100\",\"sync\"]}",
                    checks.get("poll"));
            assertEquals("{\"check\":\"stream-sample\",\"samplesAfterSync\":3}", checks.get("stream-sample"));
            assertTrue(checks.get("wrong-password").contains("\"code\":\"UNAUTHENTICATED\""), output);
        }
    }

    @Test
    @Timeout(120)
    void everyPathTheNodeClientFindsOnASimulatedAgentIsInOurYangModulesOrThePublishedOpenConfigModels()
            throws Exception {
        installClient();
        ModelLeaves models = ModelLeaves.load(INTEROP.resolve("yang"));
        try (EmbeddedSimAgent agent = EmbeddedSimAgent.start(
                SimScenarios.small(), SimOptions.defaults().withPublishIntervalMs(20), true)) {
            String output = exec(
                    INTEROP,
                    Duration.ofMinutes(1),
                    "node",
                    "gnmi-interop.js",
                    "list-paths",
                    Integer.toString(agent.port()),
                    PROTO_ROOT.toAbsolutePath().normalize().toString(),
                    "p0-t0-0~p0-t1-0");
            String line = output.lines()
                    .filter(l -> l.startsWith("{\"check\":\"served-paths\""))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no served-paths line:\n" + output));
            List<TelemetryPath> served = Pattern.compile("\"((?:[a-z]+:)?/[^\"]+)\"")
                    .matcher(line)
                    .results()
                    .map(m -> TelemetryPath.parse(m.group(1)))
                    .toList();
            assertEquals(List.of(), models.undefined(served), output);
            System.out.println("the Node client listed " + served.size() + " leaf paths, each in a module");
            Set<String> origins = new TreeSet<>();
            served.forEach(p -> origins.add(p.origin()));
            assertEquals(Set.of("", "mrc", "sim"), origins, output);
            for (String leaf : List.of(
                    "mrc:/qps/qp/evs/ev/state/state",
                    "mrc:/events/event/state/reason",
                    "/qos/interfaces/interface/output/queues/queue/state/trim-pkts")) {
                assertTrue(served.contains(TelemetryPath.parse(leaf)), leaf + " listed: " + output);
            }
        }
    }
}
