package org.planewatch.console.ingest;

import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * Says which TLS check failed. gRPC's status reads "io exception" and its handshake exception "General
 * OpenSslEngine problem" for every certificate problem; the JDK's trust manager below it says what
 * is wrong, so the cause chain is walked for the JDK's exception (or the TLS alert the agent sent).
 */
final class TlsFailures {
    /** The JDK names the certificate's names in its message: "… subjectAlternativeNames=[DNS:localhost], CN=…". */
    private static final Pattern CERTIFICATE_NAMES = Pattern.compile("subjectAlternativeNames=\\[([^\\]]*)\\]");

    private static final Pattern TLS_ALERT = Pattern.compile("TLSV1_ALERT_([A-Z_]+)");

    private TlsFailures() {}

    static Optional<String> describe(TargetConfig target, Throwable error) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable cause = error; cause != null && chain.size() < 32; cause = cause.getCause()) {
            chain.add(cause);
        }
        String where = "TLS with " + target.address() + ": ";
        // Most specific first: an expired certificate also fails path validation, which reads like a wrong CA.
        if (find(chain, c -> c.getClass().getSimpleName().equals("NotSslRecordException"))
                .isPresent()) {
            return Optional.of(
                    where + "the agent does not speak TLS (it answered in plaintext): it runs with --insecure;"
                            + " set 'insecure: true' for this target (loopback only) or serve TLS");
        }
        Optional<Throwable> validity = find(
                chain, c -> c instanceof CertificateExpiredException || c instanceof CertificateNotYetValidException);
        if (validity.isPresent()) {
            return Optional.of(where + "the agent's certificate is outside its validity period ("
                    + validity.get().getMessage()
                    + "); make a new one (planewatch-agent gen-certs) or check the clocks");
        }
        Optional<Throwable> name = find(
                chain,
                c -> c instanceof CertificateException
                        && String.valueOf(c.getMessage()).contains(" matching "));
        if (name.isPresent()) {
            return Optional.of(where + "the agent's certificate does not name " + target.host()
                    + namesIn(name.get().getMessage())
                    + "; dial a name the certificate holds, or make it again with this one (gen-certs --host "
                    + target.host() + ")");
        }
        if (find(
                        chain,
                        c -> c instanceof CertPathValidatorException
                                || c.getClass().getSimpleName().equals("SunCertPathBuilderException"))
                .isPresent()) {
            return Optional.of(where + "the agent's certificate is not signed by a trusted CA ("
                    + target.tls()
                            .flatMap(TargetConfig.TlsFiles::caFile)
                            .map(ca -> "tls-ca " + ca)
                            .orElse("no tls-ca given: the system's CAs")
                    + "); set tls-ca to the CA that signed it (ca.pem from the same gen-certs run)");
        }
        Optional<Matcher> alert = chain.stream()
                .map(c -> TLS_ALERT.matcher(String.valueOf(c.getMessage())))
                .filter(Matcher::find)
                .findFirst();
        if (alert.isPresent()) {
            String kind = alert.get().group(1);
            return Optional.of(
                    kind.equals("CERTIFICATE_REQUIRED")
                            ? where
                                    + "the agent asked for a client certificate (it runs with --tls-client-ca); give tls-cert and tls-key"
                            : where + "the agent refused the handshake (TLS alert '"
                                    + kind.toLowerCase(Locale.ROOT).replace('_', ' ')
                                    + "'); if it requires client certificates, tls-cert must be signed by the agent's --tls-client-ca");
        }
        return find(
                        chain,
                        c -> c instanceof SSLException
                                || c.getClass().getName().contains("Ssl")
                                || String.valueOf(c.getMessage()).contains("SSL"))
                .map(c -> where + "handshake failed: " + firstLine(c.getMessage())
                        + " (check the CA file, the server certificate, and that the agent serves TLS)");
    }

    private static Optional<Throwable> find(List<Throwable> chain, Predicate<Throwable> condition) {
        return chain.stream().filter(condition).findFirst();
    }

    private static String namesIn(String message) {
        Matcher names = CERTIFICATE_NAMES.matcher(message);
        return names.find() ? " (it names " + names.group(1) + ")" : "";
    }

    static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
