package org.planewatch.agent.security;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Per client address: how many password checks it has in progress, and how many logins it failed in a
 * row. Past {@link AuthLimits#freeFailures()} failures an address waits before its next check, the
 * wait doubling with each further failure up to {@link AuthLimits#maxBackoff()}; a success clears it.
 * Refusals are immediate (no thread waits out a back-off). Time comes from the injected clock.
 */
final class LoginThrottle {

    /** Addresses tracked at once; an attacker with more addresses than this is refused as a whole. */
    static final int MAX_ADDRESSES = 10_000;

    enum Outcome {
        ACCEPTED,
        FAILED,
        NOT_CHECKED
    }

    /**
     * Why a check was not started.
     *
     * @param reason short machine-readable cause for the audit log: {@code backoff} or {@code busy}
     * @param message what the client is told
     * @param log whether this refusal is the first of its kind since the address last had one logged;
     *     later ones are only counted, so a flood of refusals costs no log lines
     * @param suppressed refusals of this address not logged since the last logged one
     */
    record Refusal(String reason, String message, boolean log, long suppressed) {}

    private static final class State {
        int inFlight;
        int failures;
        long lastFailureNs;
        long blockedUntilNs;
        String lastFailure = "";
        boolean refusalLogged;
        long refusedSilently;
    }

    private final AuthLimits limits;
    private final LongSupplier nanos;
    private final int maxAddresses;
    private final Map<String, State> states = new HashMap<>();

    LoginThrottle(AuthLimits limits, LongSupplier nanos) {
        this(limits, nanos, MAX_ADDRESSES);
    }

    LoginThrottle(AuthLimits limits, LongSupplier nanos, int maxAddresses) {
        this.limits = limits;
        this.nanos = nanos;
        this.maxAddresses = maxAddresses;
    }

    /** Reserves a check for {@code address}, or says why not; every reservation ends with {@link #release}. */
    synchronized Optional<Refusal> tryAcquire(String address) {
        long now = nanos.getAsLong();
        State s = states.get(address);
        if (s == null) {
            if (states.size() >= maxAddresses) {
                forgetIdle(now);
            }
            if (states.size() >= maxAddresses) {
                return Optional.of(new Refusal(
                        "busy",
                        "the agent is refusing password checks: " + maxAddresses
                                + " client addresses failed logins recently; retry later",
                        false,
                        0));
            }
            s = new State();
            states.put(address, s);
        } else if (s.inFlight == 0 && now - s.lastFailureNs > AuthLimits.FORGET_FAILURES_AFTER.toNanos()) {
            s.failures = 0;
        }
        if (now < s.blockedUntilNs) {
            return Optional.of(refuse(
                    s,
                    "backoff",
                    String.format(
                            Locale.ROOT,
                            "%d failed logins in a row from %s (last: %s): its next password check is allowed in %.1f s",
                            s.failures,
                            address,
                            s.lastFailure,
                            (s.blockedUntilNs - now) / 1e9)));
        }
        if (s.inFlight >= limits.maxChecksPerAddress()) {
            return Optional.of(
                    refuse(
                            s,
                            "busy",
                            s.inFlight + " password checks from " + address
                                    + " are already in progress, the limit per address (--auth-max-checks-per-address); retry later"));
        }
        s.inFlight++;
        return Optional.empty();
    }

    private static Refusal refuse(State s, String reason, String message) {
        boolean log = !s.refusalLogged;
        long suppressed = s.refusedSilently;
        if (log) {
            s.refusalLogged = true;
            s.refusedSilently = 0;
        } else {
            s.refusedSilently++;
        }
        return new Refusal(reason, message, log, suppressed);
    }

    /**
     * Ends a reservation. {@code failure} (for {@link Outcome#FAILED}) is remembered for the message of a
     * later back-off refusal, e.g. "wrong username or password".
     */
    synchronized void release(String address, Outcome outcome, String failure) {
        State s = states.get(address);
        if (s == null) {
            return;
        }
        s.inFlight--;
        long now = nanos.getAsLong();
        switch (outcome) {
            case ACCEPTED -> {
                s.failures = 0;
                s.blockedUntilNs = 0;
            }
            case FAILED -> {
                s.failures++;
                s.lastFailureNs = now;
                s.lastFailure = failure;
                int over = s.failures - limits.freeFailures();
                if (over > 0) {
                    long wait = limits.backoff().toNanos() << Math.min(over - 1, 30);
                    s.blockedUntilNs = now + Math.min(wait, limits.maxBackoff().toNanos());
                    s.refusalLogged = false;
                }
            }
            case NOT_CHECKED -> {}
        }
        if (s.inFlight == 0 && s.failures == 0) {
            states.remove(address);
        } else if (s.inFlight == 0 && now >= s.blockedUntilNs) {
            s.refusalLogged = false;
        }
    }

    /** Addresses tracked now (for tests and the bound). */
    synchronized int tracked() {
        return states.size();
    }

    private void forgetIdle(long now) {
        long forget = AuthLimits.FORGET_FAILURES_AFTER.toNanos();
        for (Iterator<State> it = states.values().iterator(); it.hasNext(); ) {
            State s = it.next();
            if (s.inFlight == 0 && now - s.lastFailureNs > forget && now >= s.blockedUntilNs) {
                it.remove();
            }
        }
    }
}
