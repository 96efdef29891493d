package org.planewatch.console.state;

/**
 * The latest value of a numeric leaf and its rate per second of the agent's clock. Owned by the
 * state thread. A counter that goes backwards was cleared: the rate restarts from the new value
 * instead of turning into a huge negative spike.
 */
final class Counter {
    private long value;
    private long timestampNs;
    private double rate;
    private boolean hasValue;
    private boolean hasRate;
    private long resets;

    void update(long newValue, long newTimestampNs) {
        if (hasValue && newTimestampNs > timestampNs) {
            if (Long.compareUnsigned(newValue, value) >= 0) {
                rate = (newValue - value) * 1e9 / (newTimestampNs - timestampNs);
                hasRate = true;
            } else {
                resets++;
                hasRate = false;
            }
        }
        if (!hasValue || newTimestampNs >= timestampNs) {
            value = newValue;
            timestampNs = newTimestampNs;
            hasValue = true;
        }
    }

    long value() {
        return value;
    }

    /** The agent's timestamp of {@link #value()}. */
    long timestampNs() {
        return timestampNs;
    }

    /** Per-second rate, NaN until two samples at distinct times have arrived. */
    double rate() {
        return hasRate ? rate : Double.NaN;
    }

    boolean hasValue() {
        return hasValue;
    }

    long resets() {
        return resets;
    }
}
