package org.planewatch.collector.publish;

import java.util.List;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * One complete endpoint exclusion decision: every leaf of {@code mrc:/events/event[seq]/state}
 * ({@link ExclusionEventRing#FIELDS}), as the agent sent them.
 *
 * @param source the target (targets-file entry) it came through
 * @param device the device whose ring holds it
 * @param leaves the decision's leaves, full paths, in the schema's field order
 */
public record ExclusionDecision(String source, String device, long seq, List<TelemetryUpdate> leaves) {
    public ExclusionDecision {
        leaves = List.copyOf(leaves);
    }

    public DecisionId id() {
        return new DecisionId(device, seq, timestampNs());
    }

    /** The agent's timestamp leaf (ns since the Unix epoch). */
    public long timestampNs() {
        TelemetryValue stamp = leaf(ExclusionEventRing.TIMESTAMP);
        return switch (stamp) {
            case TelemetryValue.Uint u -> u.value();
            case TelemetryValue.Int i -> i.value();
            case null -> throw new IllegalStateException("decision without a timestamp leaf");
            default -> Long.parseUnsignedLong(stamp.text());
        };
    }

    public TelemetryValue leaf(String field) {
        for (TelemetryUpdate update : leaves) {
            if (update.path().last().name().equals(field)) {
                return update.value();
            }
        }
        return null;
    }
}
