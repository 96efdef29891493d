package org.planewatch.agent.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The credential file: one user per line, {@code name:pbkdf2-sha256:iterations:salt:hash} (salt and
 * hash in Base64), {@code #} comments. Passwords are checked with PBKDF2-HMAC-SHA256 from the JDK,
 * in constant time.
 */
public final class PasswordFile {

    public static final String SCHEME = "pbkdf2-sha256";
    public static final int DEFAULT_ITERATIONS = 210_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;

    private record Entry(int iterations, byte[] salt, byte[] hash) {}

    private final Map<String, Entry> users;

    private PasswordFile(Map<String, Entry> users) {
        this.users = Map.copyOf(users);
    }

    /** Loads the file; {@link IllegalArgumentException} names the file and line of any bad entry. */
    public static PasswordFile load(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Map<String, Entry> users = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = file + " line " + (i + 1);
            String[] f = line.split(":");
            if (f.length != 5 || !f[1].equals(SCHEME)) {
                throw new IllegalArgumentException(where + ": expected 'user:" + SCHEME
                        + ":iterations:salt:hash' (make entries with 'planewatch-agent hash-password')");
            }
            try {
                int iterations = Integer.parseInt(f[2]);
                if (iterations < 1) {
                    throw new NumberFormatException();
                }
                Entry e = new Entry(iterations, Base64.getDecoder().decode(f[3]), Base64.getDecoder().decode(f[4]));
                if (users.put(f[0], e) != null) {
                    throw new IllegalArgumentException(where + ": user '" + f[0] + "' appears twice");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + ": iterations '" + f[2] + "' is not a positive number");
            } catch (IllegalArgumentException e) {
                if (e.getMessage() != null && e.getMessage().startsWith(where)) {
                    throw e;
                }
                throw new IllegalArgumentException(where + ": salt or hash is not valid Base64");
            }
        }
        if (users.isEmpty()) {
            throw new IllegalArgumentException(file + ": no user entries");
        }
        return new PasswordFile(users);
    }

    /** A line for the file, with a fresh random salt. */
    public static String entry(String user, char[] password) {
        if (user.isEmpty() || user.contains(":")) {
            throw new IllegalArgumentException("user name must be non-empty and must not contain ':'");
        }
        byte[] salt = new byte[SALT_BYTES];
        new SecureRandom().nextBytes(salt);
        byte[] hash = pbkdf2(password, salt, DEFAULT_ITERATIONS);
        Base64.Encoder b64 = Base64.getEncoder();
        return user + ":" + SCHEME + ":" + DEFAULT_ITERATIONS + ":" + b64.encodeToString(salt) + ":" + b64.encodeToString(hash);
    }

    public boolean check(String user, String password) {
        Entry e = users.get(user);
        if (e == null || password == null) {
            return false;
        }
        return MessageDigest.isEqual(e.hash(), pbkdf2(password.toCharArray(), e.salt(), e.iterations()));
    }

    private static byte[] pbkdf2(char[] password, byte[] salt, int iterations) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks PBKDF2WithHmacSHA256", e);
        }
    }
}
