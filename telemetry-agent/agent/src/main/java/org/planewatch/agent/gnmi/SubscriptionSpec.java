package org.planewatch.agent.gnmi;

import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LeafKind;
import org.planewatch.telemetry.schema.TelemetrySchema;

/**
 * One validated subscription of a SubscriptionList.
 *
 * @param pattern prefix + path, wildcards kept
 * @param mode STREAM sub-mode (TARGET_DEFINED for ONCE and POLL, where it does not matter)
 * @param sampleIntervalNs sampling period of the sampled leaves
 * @param suppressRedundant send a sampled leaf only when its value changed (or a heartbeat is due)
 * @param heartbeatIntervalNs 0, or the longest time a selected leaf may go unsent
 */
record SubscriptionSpec(
        PathPattern pattern,
        SubscriptionMode mode,
        long sampleIntervalNs,
        boolean suppressRedundant,
        long heartbeatIntervalNs) {

    /** Whether this subscription samples {@code leaf} periodically; otherwise it streams its changes. */
    boolean samples(TelemetryPath leaf) {
        return switch (mode) {
            case SAMPLE -> true;
            case ON_CHANGE -> false;
            default -> TelemetrySchema.get().find(leaf).map(d -> d.kind().sampledWhenTargetDefined())
                    .orElse(LeafKind.STATE.sampledWhenTargetDefined());
        };
    }

    boolean hasSampledLeaves() {
        return mode != SubscriptionMode.ON_CHANGE;
    }

    boolean hasChangeLeaves() {
        return mode != SubscriptionMode.SAMPLE;
    }

    boolean selects(TelemetryPath leaf) {
        return TelemetrySchema.get().selects(pattern, leaf);
    }
}
