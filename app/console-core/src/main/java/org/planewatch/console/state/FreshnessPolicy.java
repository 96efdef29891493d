package org.planewatch.console.state;

import java.time.Duration;

/** Silence thresholds after which a target turns STALE, then LOST. */
public record FreshnessPolicy(Duration staleAfter, Duration lostAfter) {
    public FreshnessPolicy {
        if (staleAfter.isNegative() || staleAfter.isZero() || lostAfter.compareTo(staleAfter) <= 0) {
            throw new IllegalArgumentException(
                    "freshness needs 0 < staleAfter < lostAfter, got " + staleAfter + ", " + lostAfter);
        }
    }

    public static FreshnessPolicy standard() {
        return new FreshnessPolicy(Duration.ofSeconds(3), Duration.ofSeconds(10));
    }

    /**
     * How long data may wait for the state owner before the console reports itself behind: a third
     * of the stale threshold (1 s by default), well before a target would look stale.
     */
    public Duration behindAfter() {
        return staleAfter.dividedBy(3);
    }

    /** Freshness of something last heard at {@code lastSeenMillis} (0 = never) at {@code nowMillis}. */
    public Freshness judge(long lastSeenMillis, long nowMillis, boolean streaming, boolean everFailed) {
        if (lastSeenMillis == 0) {
            return everFailed ? Freshness.LOST : Freshness.CONNECTING;
        }
        long silence = nowMillis - lastSeenMillis;
        if (silence <= staleAfter.toMillis() && streaming) {
            return Freshness.LIVE;
        }
        return silence <= lostAfter.toMillis() ? Freshness.STALE : Freshness.LOST;
    }
}
