package org.planewatch.agent.gnmi;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * How much selection work (index nodes visited, wildcard elements tested) one request may cost, and
 * whether its caller is still there: a cancelled stream or call stops its selection at the next check
 * instead of finishing work nobody will read.
 */
final class SelectionBudget {

    /** Steps between two looks at cancellation (a look reads volatile state). */
    private static final int CHECK_EVERY = 1024;

    private final long limit;
    private final BooleanSupplier cancelled;
    private final Supplier<String> exceeded;
    private long used;
    private long nextCheck = CHECK_EVERY;

    /**
     * @param limit steps allowed
     * @param cancelled whether the caller went away
     * @param exceeded the RESOURCE_EXHAUSTED message when the limit is passed (what, the limit, the option)
     */
    SelectionBudget(long limit, BooleanSupplier cancelled, Supplier<String> exceeded) {
        this.limit = limit;
        this.cancelled = cancelled;
        this.exceeded = exceeded;
    }

    /** Counts {@code steps}; RESOURCE_EXHAUSTED past the limit, {@link Cancelled} once the caller left. */
    void charge(long steps) {
        used += steps;
        if (used >= nextCheck) {
            nextCheck = used + CHECK_EVERY;
            checkCancelled();
            if (used > limit) {
                throw GnmiException.resourceExhausted(exceeded.get());
            }
        }
    }

    void checkCancelled() {
        if (cancelled.getAsBoolean()) {
            throw Cancelled.INSTANCE;
        }
    }

    long used() {
        return used;
    }

    /** The caller went away: stop quietly (nobody reads an error). */
    static final class Cancelled extends RuntimeException {
        static final Cancelled INSTANCE = new Cancelled();

        private Cancelled() {
            super("the caller cancelled", null, false, false);
        }
    }
}
