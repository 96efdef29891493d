package org.planewatch.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.TlsFiles;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.CapabilityRequest;

class SecurityTest {

    @TempDir
    Path dir;

    private static String capabilities(GnmiClient client) {
        return client.blocking()
                .capabilities(CapabilityRequest.getDefaultInstance())
                .getGNMIVersion();
    }

    private static Status.Code failure(GnmiClient client) {
        return assertThrows(StatusRuntimeException.class, () -> capabilities(client))
                .getStatus()
                .getCode();
    }

    @Test
    void generatedCertificatesChainToTheLabCaAndNameTheServer() throws Exception {
        LabCertificates.LabFiles files =
                LabCertificates.generate(dir, List.of("localhost", "127.0.0.1"), Duration.ofDays(30));
        X509Certificate ca = LabCertificates.read(files.caCert());
        X509Certificate server = LabCertificates.read(files.serverCert());
        ca.verify(ca.getPublicKey());
        server.verify(ca.getPublicKey());
        LabCertificates.read(files.clientCert()).verify(ca.getPublicKey());
        assertTrue(ca.getBasicConstraints() >= 0, "the CA is a CA");
        assertEquals(-1, server.getBasicConstraints(), "the server certificate is not");
        List<String> names = server.getSubjectAlternativeNames().stream()
                .map(n -> String.valueOf(n.get(1)))
                .toList();
        assertEquals(List.of("localhost", "127.0.0.1"), names);
        server.checkValidity();
    }

    @Test
    void tlsServesClientsThatTrustTheCaAndRejectsOthers() throws Exception {
        LabCertificates.LabFiles files =
                LabCertificates.generate(dir, List.of("localhost", "127.0.0.1"), Duration.ofDays(1));
        TlsFiles tls = new TlsFiles(files.serverCert(), files.serverKey(), null);
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c.withTls(tls))) {
            ChannelCredentials trusting = TlsChannelCredentials.newBuilder()
                    .trustManager(files.caCert().toFile())
                    .build();
            try (GnmiClient ok = new GnmiClient(fabric.server.port(), trusting, null, null);
                    GnmiClient plain = fabric.client()) {
                assertEquals("0.10.0", capabilities(ok));
                assertEquals(Status.Code.UNAVAILABLE, failure(plain));
            }
        }
    }

    @Test
    void mutualTlsRequiresAClientCertificateFromTheClientCa() throws Exception {
        LabCertificates.LabFiles files = LabCertificates.generate(dir, List.of("localhost"), Duration.ofDays(1));
        TlsFiles tls = new TlsFiles(files.serverCert(), files.serverKey(), files.caCert());
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c.withTls(tls))) {
            ChannelCredentials withCert = TlsChannelCredentials.newBuilder()
                    .trustManager(files.caCert().toFile())
                    .keyManager(files.clientCert().toFile(), files.clientKey().toFile())
                    .build();
            ChannelCredentials withoutCert = TlsChannelCredentials.newBuilder()
                    .trustManager(files.caCert().toFile())
                    .build();
            try (GnmiClient ok = new GnmiClient(fabric.server.port(), withCert, null, null);
                    GnmiClient refused = new GnmiClient(fabric.server.port(), withoutCert, null, null)) {
                assertEquals("0.10.0", capabilities(ok));
                assertEquals(Status.Code.UNAVAILABLE, failure(refused));
            }
        }
    }

    @Test
    void credentialsAreCheckedAgainstTheHashedPasswordFile() throws Exception {
        Path users = dir.resolve("users");
        Files.writeString(users, "# lab users\n" + PasswordFile.entry("ops", "s3cret".toCharArray()) + "\n");
        assertFalse(Files.readString(users).contains("s3cret"), "only the hash is stored");
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c.withUsers(users));
                GnmiClient right =
                        new GnmiClient(fabric.server.port(), InsecureChannelCredentials.create(), "ops", "s3cret");
                GnmiClient wrong =
                        new GnmiClient(fabric.server.port(), InsecureChannelCredentials.create(), "ops", "guess");
                GnmiClient none = fabric.client()) {
            assertEquals("0.10.0", capabilities(right));
            assertEquals(Status.Code.UNAUTHENTICATED, failure(wrong));
            assertEquals(Status.Code.UNAUTHENTICATED, failure(none));
        }
    }

    @Test
    void aMalformedPasswordFileNamesTheFileAndLine() throws Exception {
        Path users = dir.resolve("users");
        Files.writeString(users, "ops:plain:password\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PasswordFile.load(users));
        assertTrue(e.getMessage().contains(users + " line 1"), e.getMessage());
    }

    @Test
    void insecureIsRefusedOffLoopbackUnlessForced() throws Exception {
        InetSocketAddress any = new InetSocketAddress(InetAddress.getByName("0.0.0.0"), 9339);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new AgentConfig(any, null, true, false, null, TestFabric.options(), 8, 1 << 20));
        assertTrue(e.getMessage().contains("--force-insecure"), e.getMessage());
        new AgentConfig(any, null, true, true, null, TestFabric.options(), 8, 1 << 20);
    }
}
