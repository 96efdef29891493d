package org.planewatch.agent.security;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Certificates for a lab, made with the JDK alone (no openssl): a self-signed CA, a server certificate
 * for the given names and addresses, and a client certificate for mutual TLS. EC P-256 keys, ECDSA
 * with SHA-256. The DER is written here because the JDK has no public certificate builder.
 */
public final class LabCertificates {

    private static final String EC_P256 = "secp256r1";
    private static final String ECDSA_SHA256 = "1.2.840.10045.4.3.2";
    private static final String COMMON_NAME = "2.5.4.3";
    private static final String BASIC_CONSTRAINTS = "2.5.29.19";
    private static final String KEY_USAGE = "2.5.29.15";
    private static final String EXT_KEY_USAGE = "2.5.29.37";
    private static final String SUBJECT_ALT_NAME = "2.5.29.17";
    private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
    private static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";

    /** The files written into the output directory. */
    public record LabFiles(Path caCert, Path caKey, Path serverCert, Path serverKey, Path clientCert, Path clientKey) {}

    private LabCertificates() {}

    /**
     * Writes {@code ca.pem ca.key server.pem server.key client.pem client.key} into {@code dir}.
     *
     * @param hosts DNS names and IP addresses the server certificate is valid for
     */
    public static LabFiles generate(Path dir, List<String> hosts, Duration validity) throws IOException {
        try {
            Files.createDirectories(dir);
            SecureRandom random = new SecureRandom();
            KeyPair ca = keyPair();
            KeyPair server = keyPair();
            KeyPair client = keyPair();
            ZonedDateTime from = ZonedDateTime.now().minusMinutes(5);
            ZonedDateTime to = from.plus(validity);
            String caName = "Planewatch lab CA";
            byte[] caCert =
                    certificate(caName, caName, ca, ca.getPrivate(), from, to, random, true, List.of(), List.of());
            byte[] serverCert = certificate(
                    caName,
                    hosts.isEmpty() ? "planewatch-agent" : hosts.getFirst(),
                    server,
                    ca.getPrivate(),
                    from,
                    to,
                    random,
                    false,
                    hosts,
                    List.of(SERVER_AUTH));
            byte[] clientCert = certificate(
                    caName,
                    "planewatch-client",
                    client,
                    ca.getPrivate(),
                    from,
                    to,
                    random,
                    false,
                    List.of(),
                    List.of(CLIENT_AUTH));
            LabFiles out = new LabFiles(
                    dir.resolve("ca.pem"),
                    dir.resolve("ca.key"),
                    dir.resolve("server.pem"),
                    dir.resolve("server.key"),
                    dir.resolve("client.pem"),
                    dir.resolve("client.key"));
            writePem(out.caCert(), "CERTIFICATE", caCert, false);
            writePem(out.caKey(), "PRIVATE KEY", ca.getPrivate().getEncoded(), true);
            writePem(out.serverCert(), "CERTIFICATE", serverCert, false);
            writePem(out.serverKey(), "PRIVATE KEY", server.getPrivate().getEncoded(), true);
            writePem(out.clientCert(), "CERTIFICATE", clientCert, false);
            writePem(out.clientKey(), "PRIVATE KEY", client.getPrivate().getEncoded(), true);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK cannot make EC P-256 keys or ECDSA signatures", e);
        }
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec(EC_P256));
        return g.generateKeyPair();
    }

    private static byte[] certificate(
            String issuer,
            String subject,
            KeyPair subjectKeys,
            PrivateKey signer,
            ZonedDateTime from,
            ZonedDateTime to,
            SecureRandom random,
            boolean isCa,
            List<String> hosts,
            List<String> extendedUsages)
            throws GeneralSecurityException {
        byte[] algorithm = Der.sequence(Der.oid(ECDSA_SHA256));
        List<byte[]> extensions = new ArrayList<>();
        extensions.add(extension(BASIC_CONSTRAINTS, true, isCa ? Der.sequence(Der.bool(true)) : Der.sequence()));
        extensions.add(extension(
                KEY_USAGE,
                true,
                isCa
                        ? Der.bits(new byte[] {0x06}, 1) // keyCertSign, cRLSign
                        : Der.bits(new byte[] {(byte) 0x80}, 7))); // digitalSignature
        if (!extendedUsages.isEmpty()) {
            extensions.add(extension(
                    EXT_KEY_USAGE,
                    false,
                    Der.sequence(extendedUsages.stream().map(Der::oid).toArray(byte[][]::new))));
        }
        if (!hosts.isEmpty()) {
            List<byte[]> names = new ArrayList<>();
            for (String h : hosts) {
                names.add(
                        isIpLiteral(h)
                                ? Der.context(7, false, ipBytes(h))
                                : Der.context(2, false, h.getBytes(StandardCharsets.US_ASCII)));
            }
            extensions.add(extension(SUBJECT_ALT_NAME, false, Der.sequence(names.toArray(byte[][]::new))));
        }
        byte[] tbs = Der.sequence(
                Der.context(0, true, Der.integer(BigInteger.TWO)),
                Der.integer(new BigInteger(64, random).setBit(63)),
                algorithm,
                name(issuer),
                Der.sequence(Der.time(from), Der.time(to)),
                name(subject),
                subjectKeys.getPublic().getEncoded(),
                Der.context(3, true, Der.sequence(extensions.toArray(byte[][]::new))));
        Signature sig = Signature.getInstance("SHA256withECDSA");
        sig.initSign(signer);
        sig.update(tbs);
        byte[] der = Der.sequence(tbs, algorithm, Der.bits(sig.sign(), 0));
        // Parse it back: a malformed encoding fails here, not in a client's TLS handshake.
        CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
        return der;
    }

    private static byte[] name(String commonName) {
        return Der.sequence(Der.set(Der.sequence(Der.oid(COMMON_NAME), Der.utf8(commonName))));
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical
                ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octets(value))
                : Der.sequence(Der.oid(oid), Der.octets(value));
    }

    static boolean isIpLiteral(String host) {
        return host.matches("[0-9.]+") || host.contains(":");
    }

    private static byte[] ipBytes(String literal) {
        try {
            return InetAddress.getByName(literal).getAddress(); // a literal: no lookup happens
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + literal + "' is not an IP address");
        }
    }

    private static void writePem(Path file, String type, byte[] der, boolean secret) throws IOException {
        String pem = "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(der)
                + "\n-----END " + type + "-----\n";
        Files.writeString(file, pem, StandardCharsets.US_ASCII);
        if (secret) {
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: keep the default permissions
            }
        }
    }

    /** Reads a PEM certificate (for tests and diagnostics). */
    public static X509Certificate read(Path pem) throws IOException, GeneralSecurityException {
        try (var in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }
}
