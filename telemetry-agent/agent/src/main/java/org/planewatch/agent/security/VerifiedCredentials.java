package org.planewatch.agent.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Username/password pairs that passed PBKDF2 recently, so that the next call with them (a Subscribe, a
 * reconnecting console) is admitted without hashing, even while password checks are saturated or the
 * caller's address is backing off. Why this is safe (ADR 0084):
 * <ul>
 * <li>an entry is an HMAC-SHA256 of the pair under a random key made at start and never written
 *     anywhere, not the pair: without that key a digest cannot be tested against guesses;</li>
 * <li>only a pair that was verified produces a hit, so a hit tells a caller nothing it did not know;</li>
 * <li>entries expire after {@link AuthLimits#verifiedTtl()} and at most {@link #MAX_ENTRIES} are kept,
 *     the oldest going first; the credential file is read once at start, so nothing is revoked meanwhile.</li>
 * </ul>
 */
final class VerifiedCredentials {

    static final int MAX_ENTRIES = 1_024;

    private final SecretKeySpec key;
    private final long ttlNs;
    private final LongSupplier nanos;
    private final Map<String, Long> expiryNs = new LinkedHashMap<>();

    VerifiedCredentials(long ttlNs, LongSupplier nanos) {
        byte[] k = new byte[32];
        new SecureRandom().nextBytes(k);
        this.key = new SecretKeySpec(k, "HmacSHA256");
        this.ttlNs = ttlNs;
        this.nanos = nanos;
    }

    boolean contains(String user, String password) {
        String d = digest(user, password);
        synchronized (expiryNs) {
            Long until = expiryNs.get(d);
            if (until == null) {
                return false;
            }
            if (nanos.getAsLong() - until >= 0) {
                expiryNs.remove(d);
                return false;
            }
            return true;
        }
    }

    void remember(String user, String password) {
        String d = digest(user, password);
        synchronized (expiryNs) {
            expiryNs.remove(d);
            if (expiryNs.size() >= MAX_ENTRIES) {
                expiryNs.remove(expiryNs.keySet().iterator().next());
            }
            expiryNs.put(d, nanos.getAsLong() + ttlNs);
        }
    }

    private String digest(String user, String password) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            byte[] u = user.getBytes(StandardCharsets.UTF_8);
            // The length prefix keeps ("ab", "c") and ("a", "bc") apart.
            mac.update(new byte[] {
                (byte) (u.length >>> 24), (byte) (u.length >>> 16), (byte) (u.length >>> 8), (byte) u.length
            });
            mac.update(u);
            return HexFormat.of().formatHex(mac.doFinal(password.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks HmacSHA256", e);
        }
    }
}
