package org.planewatch.agent.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The credential file: one user per line, {@code name:pbkdf2-sha256:iterations:salt:hash} (salt and
 * hash in Base64), {@code #} comments. Passwords are checked with PBKDF2-HMAC-SHA256 from the JDK,
 * in constant time: a user name that is not in the file costs the same hash as one that is (against a
 * dummy entry), so the time of a refusal does not tell which user names exist.
 */
public final class PasswordFile {

    public static final String SCHEME = "pbkdf2-sha256";
    public static final int DEFAULT_ITERATIONS = 210_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;

    private record Entry(int iterations, byte[] salt, byte[] hash) {}

    /** What a check found; only the agent's audit log tells an unknown user from a wrong password. */
    public enum Verdict {
        ACCEPTED,
        UNKNOWN_USER,
        WRONG_PASSWORD
    }

    private final Map<String, Entry> users;
    /** Hashed for unknown users: random salt and hash, the iterations most entries use. */
    private final Entry dummy;

    private PasswordFile(Map<String, Entry> users) {
        this.users = Map.copyOf(users);
        this.dummy = new Entry(usualIterations(users), randomBytes(SALT_BYTES), randomBytes(HASH_BITS / 8));
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
                Entry e = new Entry(
                        iterations,
                        Base64.getDecoder().decode(f[3]),
                        Base64.getDecoder().decode(f[4]));
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
        byte[] salt = randomBytes(SALT_BYTES);
        byte[] hash = pbkdf2(password, salt, DEFAULT_ITERATIONS);
        Base64.Encoder b64 = Base64.getEncoder();
        return user + ":" + SCHEME + ":" + DEFAULT_ITERATIONS + ":" + b64.encodeToString(salt) + ":"
                + b64.encodeToString(hash);
    }

    public boolean check(String user, String password) {
        return verify(user, password) == Verdict.ACCEPTED;
    }

    /** One PBKDF2 whether or not the user exists; the hashes are compared with {@link MessageDigest#isEqual}. */
    public Verdict verify(String user, String password) {
        Entry known = users.get(user);
        Entry e = known != null ? known : dummy;
        char[] chars = password == null ? new char[0] : password.toCharArray();
        boolean equal = MessageDigest.isEqual(e.hash(), pbkdf2(chars, e.salt(), e.iterations()));
        Arrays.fill(chars, '\0');
        if (known == null) {
            return Verdict.UNKNOWN_USER;
        }
        return equal && password != null ? Verdict.ACCEPTED : Verdict.WRONG_PASSWORD;
    }

    private static int usualIterations(Map<String, Entry> users) {
        Map<Integer, Integer> counts = new HashMap<>();
        users.values().forEach(e -> counts.merge(e.iterations(), 1, Integer::sum));
        return counts.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse(DEFAULT_ITERATIONS);
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new SecureRandom().nextBytes(b);
        return b;
    }

    private static byte[] pbkdf2(char[] password, byte[] salt, int iterations) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(spec)
                    .getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks PBKDF2WithHmacSHA256", e);
        }
    }
}
