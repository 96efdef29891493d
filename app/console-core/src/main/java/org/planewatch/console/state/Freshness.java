package org.planewatch.console.state;

/**
 * How much to trust what is on screen for a target, judged on wall-clock arrival (never on the
 * agent's timestamps, which are simulated time for simulated fabrics).
 */
public enum Freshness {
    /** Never heard from it yet. */
    CONNECTING,
    /** Data arrived within the stale threshold. */
    LIVE,
    /**
     * The target streams, but the console has not applied what it sent yet: the console is behind,
     * not the target (ADR 0098). Never STALE or LOST for a target whose data is arriving.
     */
    BEHIND,
    /** Silent longer than the stale threshold: values shown are old. */
    STALE,
    /** Silent longer than the lost threshold, or never reachable: values are history. */
    LOST;

    /** "console behind by 4 s": how an operator is told that the console, not the target, lags. */
    public static String describeBehind(long behindMillis) {
        return "console behind by " + Math.max(1, Math.round(behindMillis / 1000.0)) + " s";
    }

    /** The worse of two: LOST beats STALE beats CONNECTING beats BEHIND beats LIVE. */
    public Freshness worse(Freshness other) {
        return rank() >= other.rank() ? this : other;
    }

    private int rank() {
        return switch (this) {
            case LIVE -> 0;
            case BEHIND -> 1;
            case CONNECTING -> 2;
            case STALE -> 3;
            case LOST -> 4;
        };
    }
}
