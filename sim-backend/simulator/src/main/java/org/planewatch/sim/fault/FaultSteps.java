package org.planewatch.sim.fault;

import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * The actions one fault takes, in time order: a link down is one step, a switch reboot two (down,
 * then up), a flap of count n is 2n steps (down, up, down, up...). Steps are computed one at a time,
 * so a flap of two billion periods holds no more memory than a flap of one.
 *
 * @param count how many steps the fault takes
 * @param timePs when step k is due, or {@link #NEVER}; never decreasing with k
 * @param apply takes step k
 */
record FaultSteps(long count, LongUnaryOperator timePs, LongConsumer apply) {

    /** Time of a step past the last representable picosecond: it never happens. */
    static final long NEVER = Long.MAX_VALUE;

    /** One action at one time. */
    static FaultSteps once(long atPs, Runnable action) {
        return new FaultSteps(1, step -> atPs, step -> action.run());
    }

    /** Down at {@code atPs}, up {@code downPs} later (a switch reboot). */
    static FaultSteps downThenUp(long atPs, long downPs, Runnable down, Runnable up) {
        return new FaultSteps(2, step -> step == 0 ? atPs : plus(atPs, downPs), step -> (step == 0 ? down : up).run());
    }

    /** Down at {@code atPs + k * periodPs} and up {@code downPs} later, for k = 0 .. count - 1 (a link flap). */
    static FaultSteps periodic(long atPs, long periodPs, long downPs, long count, Runnable down, Runnable up) {
        return new FaultSteps(
                2 * count,
                step -> {
                    long period = step / 2;
                    long downAt = period > (NEVER - atPs) / periodPs ? NEVER : atPs + period * periodPs;
                    return step % 2 == 0 ? downAt : plus(downAt, downPs);
                },
                step -> (step % 2 == 0 ? down : up).run());
    }

    /** Picoseconds of a figure in nanoseconds, saturating at {@link #NEVER} rather than wrapping. */
    static long picos(long nanos) {
        return nanos > NEVER / 1000 ? NEVER : nanos * 1000;
    }

    private static long plus(long timePs, long offsetPs) {
        return offsetPs > NEVER - timePs ? NEVER : timePs + offsetPs;
    }
}
