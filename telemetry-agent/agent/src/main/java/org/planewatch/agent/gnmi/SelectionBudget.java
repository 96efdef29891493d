package org.planewatch.agent.gnmi;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * How much selection work (index nodes visited, wildcard elements tested) one request may cost, and
 * whether its caller is still there: a cancelled stream or call stops its selection at the next check
 * instead of finishing work nobody will read.
 *
 * <p>Each leaf examined earns {@value #STEPS_PER_LEAF} steps; the limit bounds the work beyond that.
 * A plain path costs a few steps per leaf (about 2 per element of the leaf), so a subscription of a
 * few paths over every device costs in proportion to the leaves the agent serves and passes at any
 * fabric size the agent holds (a fixed total refused the console's 8 paths over 9,728 devices); a
 * request whose paths make each leaf costly (thousands of wildcard elements tested per leaf) piles up
 * the excess and is refused as before.
 */
final class SelectionBudget {

    /** Steps between two looks at cancellation (a look reads volatile state). */
    private static final int CHECK_EVERY = 1024;

    /**
     * Steps each leaf examined may cost without counting against the limit: over 3 times what a plain
     * path costs the deepest leaf of the schema, a thirtieth of what 1,000 wildcard paths cost a leaf.
     */
    static final int STEPS_PER_LEAF = 32;

    private final long limit;
    private final BooleanSupplier cancelled;
    private final Supplier<String> exceeded;
    private long used;
    private long leaves;
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
            if (used - leaves * STEPS_PER_LEAF > limit) {
                throw GnmiException.resourceExhausted(exceeded.get());
            }
        }
    }

    /** Counts one leaf examined: its first {@value #STEPS_PER_LEAF} steps are free. */
    void leaf() {
        leaves++;
    }

    void checkCancelled() {
        if (cancelled.getAsBoolean()) {
            throw Cancelled.INSTANCE;
        }
    }

    long used() {
        return used;
    }

    /** Steps counted against the limit: those beyond {@value #STEPS_PER_LEAF} per leaf examined. */
    long charged() {
        return Math.max(0, used - leaves * STEPS_PER_LEAF);
    }

    /** The caller went away: stop quietly (nobody reads an error). */
    static final class Cancelled extends RuntimeException {
        static final Cancelled INSTANCE = new Cancelled();

        private Cancelled() {
            super("the caller cancelled", null, false, false);
        }
    }
}
