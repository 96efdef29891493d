package org.planewatch.agent.sim;

import java.util.function.LongSupplier;

/**
 * A queue's average depth over the time between the last two reads, from the simulator's running
 * integral of the depth (octet-picoseconds): what {@code avg-queue-len} means, where the depth at the
 * moment of a sample would be noise. A read at the same simulated time as the last one gives the same
 * value (one publish may read a device more than once). Owned by the simulation's thread.
 */
final class QueueAverage implements LongSupplier {
    private final LongSupplier integralOctetPs;
    private final LongSupplier nowPs;
    private long lastIntegral;
    private long lastPs;
    private long average;

    QueueAverage(LongSupplier integralOctetPs, LongSupplier nowPs) {
        this.integralOctetPs = integralOctetPs;
        this.nowPs = nowPs;
        this.lastIntegral = integralOctetPs.getAsLong();
        this.lastPs = nowPs.getAsLong();
    }

    @Override
    public long getAsLong() {
        long now = nowPs.getAsLong();
        if (now > lastPs) {
            long integral = integralOctetPs.getAsLong();
            // The integral wraps modulo 2^64: the difference is right in unsigned arithmetic.
            average = Long.divideUnsigned(integral - lastIntegral, now - lastPs);
            lastIntegral = integral;
            lastPs = now;
        }
        return average;
    }
}
