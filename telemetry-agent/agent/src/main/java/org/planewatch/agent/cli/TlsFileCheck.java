package org.planewatch.agent.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the TLS files before gRPC loads them: gRPC's own errors ("Input stream does not contain valid
 * private key.") name neither the file nor what is wrong with it. The agent's TLS stack reads unencrypted
 * PKCS#8 keys only (a PKCS#1 or SEC1 key fails there too), so that is what is accepted here.
 */
final class TlsFileCheck {
    private static final Pattern PEM_BLOCK =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([\\s\\S]*?)-----END \\1-----");
    private static final List<String> KEY_ALGORITHMS = List.of("EC", "RSA", "Ed25519", "Ed448");

    private TlsFileCheck() {}

    static void privateKey(Path file, String flag) throws IOException {
        String text = Files.readString(file, StandardCharsets.ISO_8859_1);
        Matcher block = PEM_BLOCK.matcher(text);
        if (!block.find()) {
            throw new IllegalArgumentException(
                    flag + " " + file
                            + ": not a PEM private key (no '-----BEGIN PRIVATE KEY-----' block; gen-certs writes the key as server.key)");
        }
        String firstLabel = block.group(1);
        do {
            if (block.group(1).equals("PRIVATE KEY")) {
                requirePkcs8(file, flag, block.group(2));
                return;
            }
        } while (block.find());
        throw new IllegalArgumentException(flag + " " + file + ": " + wrongKeyKind(file, firstLabel));
    }

    private static String wrongKeyKind(Path file, String label) {
        return switch (label) {
            case "RSA PRIVATE KEY", "EC PRIVATE KEY" ->
                "holds an " + label + " block (" + (label.startsWith("RSA") ? "PKCS#1" : "SEC1")
                        + "); the agent reads unencrypted PKCS#8 keys: convert it with 'openssl pkcs8 -topk8 -nocrypt -in "
                        + file + " -out server.key'";
            case "ENCRYPTED PRIVATE KEY" ->
                "the key is encrypted with a passphrase; the agent reads unencrypted PKCS#8 keys: "
                        + "decrypt it with 'openssl pkcs8 -in " + file
                        + " -out server.key' (and keep that file at mode 0640)";
            default -> "holds a " + label + ", not a private key (gen-certs writes the key as server.key)";
        };
    }

    private static void requirePkcs8(Path file, String flag, String base64) {
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + " " + file + ": the PRIVATE KEY block is not valid base64");
        }
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
                return;
            } catch (GeneralSecurityException notThisAlgorithm) {
                // try the next one
            }
        }
        throw new IllegalArgumentException(flag + " " + file + ": the PRIVATE KEY block is not a PKCS#8 "
                + String.join(", ", KEY_ALGORITHMS) + " key");
    }

    static void certificates(Path file, String flag) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            if (CertificateFactory.getInstance("X.509").generateCertificates(in).isEmpty()) {
                throw new IllegalArgumentException(
                        flag + " " + file + ": no certificate in it (expected PEM '-----BEGIN CERTIFICATE-----')");
            }
        } catch (CertificateException e) {
            throw new IllegalArgumentException(
                    flag + " " + file
                            + ": not a PEM certificate (expected '-----BEGIN CERTIFICATE-----' blocks; gen-certs writes server.pem and ca.pem)");
        }
    }
}
