package org.planewatch.console.ingest;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.EvLeaves;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.schema.QpLeaves;
import org.planewatch.telemetry.schema.QueueLeaves;
import org.planewatch.telemetry.schema.SimLeaves;

/**
 * What the console subscribes to, per path group. Counters are sampled by the agent
 * (TARGET_DEFINED), states and exclusion events arrive on change; groups may ask for SAMPLE with
 * an explicit interval instead.
 *
 * @param suppressRedundant ask the agent to send a sampled leaf only when it changed (gNMI
 *     suppress_redundant; ADR 0124): collectors of a large fabric may, the console itself does not
 */
public record SubscriptionPlan(List<PathGroup> groups, boolean suppressRedundant) {

    public enum Mode {
        TARGET_DEFINED,
        ON_CHANGE,
        SAMPLE
    }

    /** @param sampleInterval used for SAMPLE; zero lets the agent choose */
    public record PathGroup(String path, Mode mode, Duration sampleInterval) {
        public PathGroup {
            if (mode == Mode.SAMPLE && (sampleInterval.isZero() || sampleInterval.isNegative())) {
                throw new IllegalArgumentException("SAMPLE subscription to " + path + " needs a positive interval");
            }
        }

        public static PathGroup targetDefined(String path) {
            return new PathGroup(path, Mode.TARGET_DEFINED, Duration.ZERO);
        }

        public static PathGroup sampled(String path, Duration interval) {
            return new PathGroup(path, Mode.SAMPLE, interval);
        }
    }

    public SubscriptionPlan(List<PathGroup> groups) {
        this(groups, false);
    }

    /** This plan, asking for suppress_redundant on its sampled groups or not. */
    public SubscriptionPlan withSuppressRedundant(boolean suppress) {
        return new SubscriptionPlan(groups, suppress);
    }

    public SubscriptionPlan {
        groups = List.copyOf(groups);
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("a subscription plan needs at least one path group");
        }
    }

    /**
     * The fabric overview: switch ports and queues, LLDP neighbors (the topology), host planes and QPs,
     * exclusion events. Per-EV
     * state is high-cardinality and is subscribed only on drill-down.
     */
    public static SubscriptionPlan fabricOverview() {
        return new SubscriptionPlan(List.of(
                // A simulated device's clock first: the simulated instant of each sample, which its rates
                // are per second of (timestamps are wall clock, ADR 0096); other devices have none. The
                // agent writes a sample's leaves in the order of these paths and cuts it into parts of
                // 1,000 updates: listed last, the clock came in a sample's last part, so the parts before
                // it were timed with the previous sample's clock, and a drill-down that joined late
                // showed rates only from its third sample (a 2,048-host T0: 1,081 updates a sample).
                PathGroup.targetDefined(
                        SimLeaves.CLOCK_STATE.child(SimLeaves.EPOCH).toString()),
                PathGroup.targetDefined(
                        SimLeaves.CLOCK_STATE.child(SimLeaves.SIM_TIME_NS).toString()),
                // the whole interface, state and ethernet/state (port-speed): one path that agents from
                // before port-speed accept too
                PathGroup.targetDefined(everyEntry(InterfaceLeaves.STATE_TEMPLATE.parent())),
                PathGroup.targetDefined(everyEntry(QueueLeaves.STATE_TEMPLATE)),
                PathGroup.targetDefined(everyEntry(PlaneLeaves.STATE_TEMPLATE)),
                PathGroup.targetDefined(everyEntry(QpLeaves.STATE_TEMPLATE)),
                PathGroup.targetDefined(everyEntry(ExclusionEventRing.ROOT)),
                PathGroup.targetDefined(everyEntry(LldpLeaves.STATE_TEMPLATE))));
    }

    /** A schema path with its list keys left out ({@code /interfaces/interface/state}): every entry of each list. */
    private static String everyEntry(TelemetryPath template) {
        return template.withoutKeys().toString();
    }

    /** Per-EV state of every QP of one device: high cardinality, so only for the host being looked at. */
    public static SubscriptionPlan evStates() {
        return new SubscriptionPlan(List.of(PathGroup.targetDefined(everyEntry(EvLeaves.EXPLICIT_SUBTREE))));
    }

    public SubscriptionPlan with(PathGroup group) {
        return new SubscriptionPlan(
                Stream.concat(groups.stream(), Stream.of(group)).toList(), suppressRedundant);
    }
}
