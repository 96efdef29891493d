package org.planewatch.agent.security;

import java.time.Duration;

/**
 * How much password-checking work the agent does, and for whom (ADR 0084). PBKDF2 at 210,000 iterations
 * costs about 80 ms of one core per check; unbounded, a few dozen wrong passwords at once took both
 * cores of a small host away from the clients that were already authenticated.
 *
 * @param hashThreads threads that compute password hashes (and nothing else)
 * @param hashQueue password checks that may wait for one of those threads; beyond, RESOURCE_EXHAUSTED
 * @param maxChecksPerAddress password checks in progress or waiting from one client address
 * @param freeFailures failed logins in a row from one address before it must wait
 * @param backoff the first wait after {@code freeFailures}; each further failure doubles it
 * @param maxBackoff the longest wait
 * @param verifiedTtl how long a verified username/password pair is remembered (no hash on the next call)
 */
public record AuthLimits(
        int hashThreads,
        int hashQueue,
        int maxChecksPerAddress,
        int freeFailures,
        Duration backoff,
        Duration maxBackoff,
        Duration verifiedTtl) {

    /** Failure counts of an address are forgotten after this long without a new failure. */
    public static final Duration FORGET_FAILURES_AFTER = Duration.ofMinutes(15);

    public AuthLimits {
        requirePositive(hashThreads, "--auth-threads");
        requirePositive(hashQueue, "--auth-queue");
        requirePositive(maxChecksPerAddress, "--auth-max-checks-per-address");
        if (freeFailures < 0) {
            throw new IllegalArgumentException("--auth-free-failures must be >= 0, got " + freeFailures);
        }
        requirePositive(backoff.toMillis(), "--auth-backoff-ms");
        if (maxBackoff.compareTo(backoff) < 0) {
            throw new IllegalArgumentException("--auth-max-backoff-ms (" + maxBackoff.toMillis()
                    + ") must be >= --auth-backoff-ms (" + backoff.toMillis() + ")");
        }
        requirePositive(verifiedTtl.toSeconds(), "--auth-cache-seconds");
    }

    /** The defaults shown by {@code --help}: one hash thread, so a small host always keeps a core for serving. */
    public static AuthLimits defaults() {
        return new AuthLimits(1, 16, 2, 5, Duration.ofSeconds(1), Duration.ofMinutes(1), Duration.ofMinutes(10));
    }

    public AuthLimits withBackoff(int freeFailures, Duration backoff, Duration maxBackoff) {
        return new AuthLimits(
                hashThreads, hashQueue, maxChecksPerAddress, freeFailures, backoff, maxBackoff, verifiedTtl);
    }

    private static void requirePositive(long value, String flag) {
        if (value <= 0) {
            throw new IllegalArgumentException(flag + " must be > 0, got " + value);
        }
    }
}
