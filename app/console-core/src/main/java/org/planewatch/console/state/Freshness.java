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
    /** Silent longer than the stale threshold: values shown are old. */
    STALE,
    /** Silent longer than the lost threshold, or never reachable: values are history. */
    LOST;

    /** The worse of two: LOST beats STALE beats CONNECTING beats LIVE. */
    public Freshness worse(Freshness other) {
        return rank() >= other.rank() ? this : other;
    }

    private int rank() {
        return switch (this) {
            case LIVE -> 0;
            case CONNECTING -> 1;
            case STALE -> 2;
            case LOST -> 3;
        };
    }
}
