package org.planewatch.console.ingest;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Asks an agent whether it speaks TLS: a plaintext client sees a TLS agent close or reset the
 * connection, exactly as it sees an agent killed while it dials, so the console tries a TLS
 * handshake before it hints at TLS (ADR 0087). The handshake trusts any certificate and sends
 * nothing after it: it only learns whether the agent answers in TLS.
 */
final class TlsProbe {
    private TlsProbe() {}

    /** True when {@code host:port} completes a TLS handshake, or answers one with a TLS alert. */
    static boolean answersTls(String host, int port, Duration timeout) {
        int millis = (int) Math.max(1, timeout.toMillis());
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(host, port), millis);
            plain.setSoTimeout(millis);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new AnyCertificate()}, null);
            try (SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, host, port, false)) {
                tls.startHandshake();
                return true;
            } catch (SSLException e) {
                // An alert from the agent (it wants a client certificate, say) is TLS too; a plaintext
                // agent answers with bytes that are no TLS record, or hangs up.
                String message = String.valueOf(e.getMessage());
                return message.startsWith("Received fatal alert");
            }
        } catch (IOException | GeneralSecurityException e) {
            return false;
        }
    }

    /** Accepts every certificate: the probe reads nothing the agent sends and sends nothing to it. */
    private static final class AnyCertificate implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
