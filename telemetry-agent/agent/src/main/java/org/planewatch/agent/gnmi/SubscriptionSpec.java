package org.planewatch.agent.gnmi;

import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LeafKind;
import org.planewatch.telemetry.schema.TelemetrySchema;

/**
 * One validated subscription of a SubscriptionList. Immutable. Which leaves it selects is answered for
 * the whole list at once ({@link RequestSelection}): a memo per subscription grew with leaves times
 * subscriptions.
 */
final class SubscriptionSpec {

    private final PathPattern pattern;
    private final SubscriptionMode mode;
    private final long sampleIntervalNs;
    private final boolean suppressRedundant;
    private final long heartbeatIntervalNs;

    /**
     * @param pattern prefix + path, wildcards kept
     * @param mode STREAM sub-mode (TARGET_DEFINED for ONCE and POLL, where it does not matter)
     * @param sampleIntervalNs sampling period of the sampled leaves
     * @param suppressRedundant send a sampled leaf only when its value changed (or a heartbeat is due)
     * @param heartbeatIntervalNs 0, or the longest time a selected leaf may go unsent
     */
    SubscriptionSpec(
            PathPattern pattern,
            SubscriptionMode mode,
            long sampleIntervalNs,
            boolean suppressRedundant,
            long heartbeatIntervalNs) {
        this.pattern = pattern;
        this.mode = mode;
        this.sampleIntervalNs = sampleIntervalNs;
        this.suppressRedundant = suppressRedundant;
        this.heartbeatIntervalNs = heartbeatIntervalNs;
    }

    PathPattern pattern() {
        return pattern;
    }

    SubscriptionMode mode() {
        return mode;
    }

    long sampleIntervalNs() {
        return sampleIntervalNs;
    }

    boolean suppressRedundant() {
        return suppressRedundant;
    }

    long heartbeatIntervalNs() {
        return heartbeatIntervalNs;
    }

    /** Whether sweeps need the last value sent per leaf (suppress_redundant, heartbeats). */
    boolean remembers() {
        return suppressRedundant || heartbeatIntervalNs > 0;
    }

    /** What makes two subscriptions select and sweep alike: equal keys may share a {@link RequestSelection}. */
    Key key() {
        return new Key(pattern, mode, sampleIntervalNs, suppressRedundant, heartbeatIntervalNs);
    }

    record Key(
            PathPattern pattern,
            SubscriptionMode mode,
            long sampleIntervalNs,
            boolean suppressRedundant,
            long heartbeatIntervalNs) {}

    @Override
    public String toString() {
        return pattern + " " + mode + (mode == SubscriptionMode.SAMPLE ? " every " + sampleIntervalNs + " ns" : "");
    }

    /** Whether this subscription samples {@code leaf} periodically (if it selects it); otherwise it streams its changes. */
    boolean samples(TelemetryPath leaf) {
        return switch (mode) {
            case SAMPLE -> true;
            case ON_CHANGE -> false;
            default ->
                TelemetrySchema.get()
                        .find(leaf)
                        .map(d -> d.kind().sampledWhenTargetDefined())
                        .orElse(LeafKind.STATE.sampledWhenTargetDefined());
        };
    }

    boolean hasSampledLeaves() {
        return mode != SubscriptionMode.ON_CHANGE;
    }

    boolean hasChangeLeaves() {
        return mode != SubscriptionMode.SAMPLE;
    }
}
