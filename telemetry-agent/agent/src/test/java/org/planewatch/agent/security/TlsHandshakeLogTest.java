package org.planewatch.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ChannelCredentials;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.server.TlsFiles;
import org.planewatch.agent.testing.CapturedLog;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.LibraryLogRouting;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.CapabilityRequest;

/**
 * Issue 16: a failed mutual-TLS handshake is one log line with the client's address and the reason,
 * over real gRPC on loopback with the lab certificates; gRPC's own records go to the same log, as in
 * the agent, so that any other line it adds (a stack trace, a NullPointerException) shows too.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsHandshakeLogTest {

    @TempDir
    Path dir;

    private final CapturedLog log = new CapturedLog();
    private LibraryLogRouting libraryLogs;

    @BeforeEach
    void routeLibraryLogs() {
        libraryLogs = new LibraryLogRouting(log.log);
    }

    @AfterEach
    void restoreLibraryLogs() {
        libraryLogs.close();
    }

    /** Calls an agent that requires client certificates from {@code clientCa}; returns its handshake line. */
    private String refusedHandshake(LabCertificates.LabFiles agent, Path clientCa, ChannelCredentials client)
            throws Exception {
        TlsFiles tls = new TlsFiles(agent.serverCert(), agent.serverKey(), clientCa);
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c.withTls(tls), log.log)) {
            // Closed at once: a channel left open dials again after its back-off, a second handshake.
            try (GnmiClient refused = new GnmiClient(fabric.server.port(), client, null, null)) {
                StatusRuntimeException e = assertThrows(
                        StatusRuntimeException.class,
                        () -> refused.blocking().capabilities(CapabilityRequest.getDefaultInstance()));
                assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (log.audit("tls-handshake-failed").isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        }
        List<String> lines = log.audit("tls-handshake-failed");
        assertEquals(1, lines.size(), "exactly one handshake line expected:\n" + log.text());
        String line = lines.getFirst();
        assertTrue(
                line.matches(
                        ".* level=WARN component=audit event=tls-handshake-failed peer=127\\.0\\.0\\.1:[0-9]+ reason=.*"),
                line);
        assertFalse(log.text().contains("\tat "), "a stack trace:\n" + log.text());
        assertFalse(log.text().contains("Exception"), "a library line with an exception:\n" + log.text());
        return line;
    }

    @Test
    void aClientCertificateFromAnotherCaIsLoggedWithTheAddressAndTheReason() throws Exception {
        LabCertificates.LabFiles lab =
                LabCertificates.generate(dir.resolve("lab"), List.of("localhost"), Duration.ofDays(1));
        LabCertificates.LabFiles other =
                LabCertificates.generate(dir.resolve("other"), List.of("localhost"), Duration.ofDays(1));
        ChannelCredentials wrongCertificate = TlsChannelCredentials.newBuilder()
                .trustManager(lab.caCert().toFile())
                .keyManager(other.clientCert().toFile(), other.clientKey().toFile())
                .build();

        String line = refusedHandshake(lab, lab.caCert(), wrongCertificate);

        assertTrue(
                line.contains("reason=\"client certificate 'CN=planewatch-client' (issuer 'CN=Planewatch lab CA') "
                        + "is not signed by a CA of --tls-client-ca " + lab.caCert()),
                line);
    }

    @Test
    void aClientWithoutCertificateIsLoggedAsSuch() throws Exception {
        LabCertificates.LabFiles lab =
                LabCertificates.generate(dir.resolve("lab"), List.of("localhost"), Duration.ofDays(1));
        ChannelCredentials noCertificate = TlsChannelCredentials.newBuilder()
                .trustManager(lab.caCert().toFile())
                .build();

        String line = refusedHandshake(lab, lab.caCert(), noCertificate);

        assertTrue(line.contains("reason=\"no client certificate"), line);
    }

    @Test
    void anExpiredClientCertificateIsLoggedAsExpired() throws Exception {
        LabCertificates.LabFiles lab =
                LabCertificates.generate(dir.resolve("lab"), List.of("localhost"), Duration.ofDays(1));
        LabCertificates.LabFiles expired =
                LabCertificates.generate(dir.resolve("expired"), List.of("localhost"), Duration.ofDays(-1));
        ChannelCredentials expiredCertificate = TlsChannelCredentials.newBuilder()
                .trustManager(lab.caCert().toFile())
                .keyManager(expired.clientCert().toFile(), expired.clientKey().toFile())
                .build();

        String line = refusedHandshake(lab, expired.caCert(), expiredCertificate);

        assertTrue(line.contains("reason=\"client certificate 'CN=planewatch-client' expired (NotAfter "), line);
    }

    @Test
    void aPlaintextClientIsLoggedAndABareTcpProbeIsNot() throws Exception {
        LabCertificates.LabFiles lab =
                LabCertificates.generate(dir.resolve("lab"), List.of("localhost"), Duration.ofDays(1));
        TlsFiles tls = new TlsFiles(lab.serverCert(), lab.serverKey(), null);
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c.withTls(tls), log.log)) {
            try (Socket probe = new Socket("127.0.0.1", fabric.server.port())) {
                probe.getOutputStream().flush();
            }
            try (GnmiClient plain = fabric.client()) {
                assertThrows(
                        StatusRuntimeException.class,
                        () -> plain.blocking().capabilities(CapabilityRequest.getDefaultInstance()));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (log.audit("tls-handshake-failed").isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(200);
        }
        List<String> lines = log.audit("tls-handshake-failed");
        assertEquals(1, lines.size(), "one line, for the plaintext client:\n" + log.text());
        assertTrue(
                lines.getFirst()
                        .contains(
                                "reason=\"not a TLS client (plaintext or another protocol on the agent's TLS port)\""),
                lines.getFirst());
    }
}
