package org.planewatch.agent.security;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The JDK's PKIX check of client certificates against {@code --tls-client-ca}, with a refusal that says
 * what is wrong in an operator's words (expired, not yet valid, not signed by that CA) instead of a
 * PKIX path message. The refusal ({@link Rejected}) travels inside the TLS library's handshake
 * exception, where the agent's handshake log finds it.
 */
public final class ClientCertificateCheck extends X509ExtendedTrustManager {

    /** A client certificate the agent does not accept, with the reason. */
    public static final class Rejected extends CertificateException {
        Rejected(String reason, Throwable cause) {
            super(reason, cause);
        }
    }

    @FunctionalInterface
    private interface Check {
        void run() throws CertificateException;
    }

    private final X509ExtendedTrustManager pkix;
    private final Path caFile;

    private ClientCertificateCheck(X509ExtendedTrustManager pkix, Path caFile) {
        this.pkix = pkix;
        this.caFile = caFile;
    }

    /** Trusts the certificates of the PEM file {@code caFile}. */
    public static ClientCertificateCheck trusting(Path caFile) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream in = Files.newInputStream(caFile)) {
            int i = 0;
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca-" + i++, c);
            }
            if (i == 0) {
                throw new IllegalArgumentException(caFile + ": no certificate");
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(store);
        for (TrustManager m : factory.getTrustManagers()) {
            if (m instanceof X509ExtendedTrustManager x) {
                return new ClientCertificateCheck(x, caFile);
            }
        }
        throw new IllegalStateException("the JDK's PKIX trust manager factory made no X509ExtendedTrustManager");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain, () -> pkix.checkClientTrusted(chain, authType, engine));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain, () -> pkix.checkClientTrusted(chain, authType, socket));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, () -> pkix.checkClientTrusted(chain, authType));
    }

    private void check(X509Certificate[] chain, Check pkixCheck) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new Rejected("no client certificate", null);
        }
        X509Certificate leaf = chain[0];
        String subject = leaf.getSubjectX500Principal().getName();
        try {
            leaf.checkValidity();
        } catch (CertificateExpiredException e) {
            throw new Rejected(
                    "client certificate '" + subject + "' expired (NotAfter "
                            + leaf.getNotAfter().toInstant() + ")",
                    e);
        } catch (CertificateNotYetValidException e) {
            throw new Rejected(
                    "client certificate '" + subject + "' is not valid yet (NotBefore "
                            + leaf.getNotBefore().toInstant() + "; check the clocks)",
                    e);
        }
        try {
            pkixCheck.run();
        } catch (CertificateException e) {
            throw new Rejected(
                    "client certificate '" + subject + "' (issuer '"
                            + leaf.getIssuerX500Principal().getName() + "') is not signed by a CA of --tls-client-ca "
                            + caFile + ": " + innermost(e),
                    e);
        }
    }

    private static String innermost(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return String.valueOf(t.getMessage());
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        pkix.checkServerTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        pkix.checkServerTrusted(chain, authType, socket);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkServerTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }
}
