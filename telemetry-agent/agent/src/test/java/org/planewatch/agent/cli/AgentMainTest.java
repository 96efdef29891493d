package org.planewatch.agent.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.TlsChannelCredentials;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planewatch.agent.security.LabCertificates;
import org.planewatch.agent.security.PasswordFile;
import org.planewatch.agent.server.TlsFiles;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.CapabilityRequest;
import picocli.CommandLine;

class AgentMainTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {}

    private Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = AgentMain.commandLine(new AgentMain(new PrintStream(PrintStream.nullOutputStream())));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--bogus|Unknown option",
                "--backend quantum|--backend",
                "--listen nonsense|is not HOST:PORT",
                "--listen 127.0.0.1:99999|outside 0..65535",
                "--insecure --listen 0.0.0.0:9339|--force-insecure",
                "--listen 127.0.0.1:0|--tls-cert and --tls-key",
                "--tls-cert /nonexistent/cert.pem --tls-key /nonexistent/key.pem|--tls-cert /nonexistent/cert.pem: no such file",
                "--insecure --listen 127.0.0.1:0 --users /nonexistent/users|--users /nonexistent/users: no such file",
                "--insecure --listen 127.0.0.1:0 --sysfs-root /nonexistent|/nonexistent has no 'class' directory",
                "--insecure --listen 127.0.0.1:0 --scenario x.yaml|need --backend sim",
                "--insecure --listen 127.0.0.1:0 --max-clients 0|--max-clients must be > 0",
                "--insecure --listen 127.0.0.1:0 --max-paths-per-request 0|--max-paths-per-request must be > 0",
                "--insecure --listen 127.0.0.1:0 --max-selection-steps -5|--max-selection-steps must be > 0",
                "--insecure --listen 127.0.0.1:0 --backend sim --scenario ../../sim-backend/scenarios/link-failure-demo.yaml --dilation 1e-300|got 1.0E-300",
                "--insecure --listen 127.0.0.1:0 --backend sim|--backend sim needs --scenario FILE",
                "--insecure --listen 127.0.0.1:0 --backend sim --scenario /nonexistent.yaml|--scenario /nonexistent.yaml: no such file",
                "--insecure --listen 127.0.0.1:0 --backend sim --scenario ../../sim-backend/scenarios/link-failure-demo.yaml --dilation -1|dilation must be a finite number from 1 to 1000000",
                "--insecure --listen 127.0.0.1:0 --backend sim --scenario ../../sim-backend/scenarios/link-failure-demo.yaml --target nobody|--target 'nobody' is not a device",
                "--insecure --listen 127.0.0.1:0 --min-sample-interval-ms abc|--min-sample-interval-ms",
                "--insecure --listen 127.0.0.1:0 --auth-threads 0|--auth-threads must be > 0, got 0",
                "--insecure --listen 127.0.0.1:0 --auth-backoff-ms 5000 --auth-max-backoff-ms 10|--auth-max-backoff-ms (10) must be >= --auth-backoff-ms (5000)",
                "--insecure --listen 127.0.0.1:0 --auth-free-failures -1|--auth-free-failures must be >= 0, got -1"
            })
    void badFlagsAndFilesExitTwoWithAClearMessageAndNoStackTrace(String args, String expected) {
        Run r = run(args.split(" "));
        assertEquals(AgentMain.USAGE_ERROR, r.exit(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    private Path twoRoCePorts() throws Exception {
        Path sys = dir.resolve("sys");
        for (String dev : new String[] {"mlx5_0", "mlx5_1"}) {
            Path port = Files.createDirectories(sys.resolve("class/infiniband/" + dev + "/ports/1"));
            Files.writeString(port.resolve("rate"), "400 Gb/sec (4X NDR)\n");
            Files.writeString(port.resolve("link_layer"), "Ethernet\n");
        }
        Files.createDirectories(sys.resolve("class/net"));
        return sys;
    }

    @ParameterizedTest(name = "--planes {0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "mlx5_0,mlx5_99|planewatch-agent: error: --planes: no RDMA port 'mlx5_99' in SYS/class/infiniband (there: mlx5_0/1, mlx5_1/1)",
                "mlx5_1,mlx5_0,mlx5_1/1|planewatch-agent: error: --planes: RDMA port mlx5_1/1 is named twice ('mlx5_1' and 'mlx5_1/1'); each plane needs a port of its own"
            })
    void aBadPlaneListIsOneLineNamingThePortAndTheFlag(String planes, String expected) throws Exception {
        Path sys = twoRoCePorts();
        Run r = run("--insecure", "--listen", "127.0.0.1:0", "--sysfs-root", sys.toString(), "--planes", planes);
        assertEquals(AgentMain.USAGE_ERROR, r.exit(), r.err());
        assertEquals(expected.replace("SYS", sys.toString()), r.err().strip());
    }

    @Test
    void planesNeedTheLinuxBackend() {
        Run r = run(
                "--insecure",
                "--listen",
                "127.0.0.1:0",
                "--backend",
                "sim",
                "--scenario",
                "../../sim-backend/scenarios/link-failure-demo.yaml",
                "--planes",
                "mlx5_0");
        assertEquals(AgentMain.USAGE_ERROR, r.exit(), r.err());
        assertEquals(
                "planewatch-agent: error: --planes needs --backend linux",
                r.err().strip());
    }

    @Test
    void helpDescribesThePlanesAndTheirDefault() {
        String help = run("--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("--planes=PORT[,PORT...]"), help);
        assertTrue(help.contains("largest group of Ethernet RDMA ports of one driver and link rate"), help);
    }

    @Test
    void helpShowsTheRequestLimitsAndTheirDefaults() {
        StringWriter text = new StringWriter();
        AgentMain.usage(new PrintWriter(text));
        String help = text.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains("--max-paths-per-request=N"), help);
        assertTrue(help.contains("(default: 1000)"), help);
        assertTrue(help.contains("--max-selection-steps=N"), help);
        assertTrue(help.contains("(default: 50000000)"), help);
    }

    @Test
    void aBadCredentialFileIsReportedWithItsLine() throws Exception {
        Path users = dir.resolve("users");
        Files.writeString(users, "ops:md5:abc\n");
        Run r = run("--insecure", "--listen", "127.0.0.1:0", "--users", users.toString(), "--sysfs-root", "/sys");
        assertEquals(AgentMain.USAGE_ERROR, r.exit(), r.err());
        assertTrue(r.err().contains("line 1"), r.err());
    }

    @Test
    void helpShowsTheAuthenticationLimitsWithTheirDefaults() {
        Run r = run("--help");
        assertEquals(0, r.exit(), r.err());
        for (String option : new String[] {
            "--auth-threads=N",
            "--auth-queue=N",
            "--auth-max-checks-per-address=N",
            "--auth-free-failures=N",
            "--auth-backoff-ms=MS",
            "--auth-max-backoff-ms=MS",
            "--auth-cache-seconds=S",
            "--audit-log=FILE"
        }) {
            assertTrue(r.out().contains(option), option + " missing from:\n" + r.out());
        }
        String flat = r.out().replaceAll("\\s+", " ");
        for (String shown : new String[] {
            "(default: 1)",
            "(default: 16)",
            "(default: 2)",
            "(default: 5)",
            "(default: 1000)",
            "(default: 60000)",
            "(default: 600)"
        }) {
            assertTrue(flat.contains(shown), shown + " missing from:\n" + r.out());
        }
    }

    @Test
    void genCertsWritesTheLabCertificates() {
        Run r = run("gen-certs", "--out", dir.toString(), "--host", "agent.lab", "--host", "10.0.0.7");
        assertEquals(0, r.exit(), r.err());
        for (String f : new String[] {"ca.pem", "ca.key", "server.pem", "server.key", "client.pem", "client.key"}) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertTrue(r.out().contains("--tls-cert"), r.out());
    }

    @Test
    void genCertsForANameAlsoCoversTheLoopbackAddresses() throws Exception {
        Run r = run("gen-certs", "--out", dir.toString(), "--host", "localhost");
        assertEquals(0, r.exit(), r.err());
        List<String> names = LabCertificates.read(dir.resolve("server.pem")).getSubjectAlternativeNames().stream()
                .map(n -> String.valueOf(n.get(1)))
                .toList();
        assertEquals(List.of("localhost", "127.0.0.1", "0:0:0:0:0:0:0:1"), names);

        TlsFiles tls = new TlsFiles(dir.resolve("server.pem"), dir.resolve("server.key"), null);
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c.withTls(tls));
                GnmiClient client = GnmiClient.to(
                        "127.0.0.1",
                        fabric.server.port(),
                        TlsChannelCredentials.newBuilder()
                                .trustManager(dir.resolve("ca.pem").toFile())
                                .build())) {
            assertEquals(
                    "0.10.0",
                    client.blocking()
                            .capabilities(CapabilityRequest.getDefaultInstance())
                            .getGNMIVersion());
        }
    }

    @Test
    void genCertsNamesAnIpHostAsAnAddress() throws Exception {
        Run r = run("gen-certs", "--out", dir.toString(), "--host", "10.0.0.7");
        assertEquals(0, r.exit(), r.err());
        List<Integer> kinds = LabCertificates.read(dir.resolve("server.pem")).getSubjectAlternativeNames().stream()
                .map(n -> (Integer) n.get(0))
                .toList();
        assertEquals(List.of(7, 7, 7), kinds, "10.0.0.7, 127.0.0.1 and ::1 are all iPAddress names");
    }

    @Test
    void aCertificateGivenAsTheKeyIsNamedWithTheFile() {
        run("gen-certs", "--out", dir.toString());
        Path cert = dir.resolve("server.pem");
        Run r = run("--listen", "127.0.0.1:0", "--tls-cert", cert.toString(), "--tls-key", cert.toString());
        assertEquals(AgentMain.USAGE_ERROR, r.exit(), r.err());
        assertEquals(
                "planewatch-agent: error: --tls-key " + cert
                        + ": holds a CERTIFICATE, not a private key (gen-certs writes the key as server.key)",
                r.err().strip());
    }

    @Test
    void aKeyFileWithoutPemIsNamedWithTheFile() throws Exception {
        run("gen-certs", "--out", dir.toString());
        Path key = dir.resolve("garbage.key");
        Files.writeString(key, "not a key\n");
        Run r = run(
                "--listen",
                "127.0.0.1:0",
                "--tls-cert",
                dir.resolve("server.pem").toString(),
                "--tls-key",
                key.toString());
        assertEquals(AgentMain.USAGE_ERROR, r.exit(), r.err());
        assertEquals(
                "planewatch-agent: error: --tls-key " + key
                        + ": not a PEM private key (no '-----BEGIN PRIVATE KEY-----' "
                        + "block; gen-certs writes the key as server.key)",
                r.err().strip());
    }

    @Test
    void aKeyGivenAsTheCertificateIsNamedWithTheFile() {
        run("gen-certs", "--out", dir.toString());
        Path key = dir.resolve("server.key");
        Run r = run("--listen", "127.0.0.1:0", "--tls-cert", key.toString(), "--tls-key", key.toString());
        assertEquals(AgentMain.USAGE_ERROR, r.exit(), r.err());
        assertTrue(
                r.err().startsWith("planewatch-agent: error: --tls-cert " + key + ": not a PEM certificate"), r.err());
    }

    @Test
    void hashPasswordPrintsALineThePasswordFileAccepts() throws Exception {
        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream("hunter2\n".getBytes(StandardCharsets.UTF_8)));
            Run r = run("hash-password", "--user", "ops");
            assertEquals(0, r.exit(), r.err());
            Path users = dir.resolve("users");
            Files.writeString(users, r.out());
            PasswordFile file = PasswordFile.load(users);
            assertTrue(file.check("ops", "hunter2"));
            assertFalse(file.check("ops", "hunter3"));
        } finally {
            System.setIn(stdin);
        }
    }
}
