package org.planewatch.sim.limits;

import java.util.Locale;
import java.util.Optional;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.Limits;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.WorkloadType;

/**
 * The checks a whole scenario must pass before its simulation is built, beyond those of each
 * configuration record: the workload's hard limits ({@link Limits}) and the heap its simulation
 * needs ({@link ScenarioFootprint}) against a {@link HeapBudget}. The loader turns a violation into
 * an error at the key's line; {@code Simulation.build} refuses it too, for callers without a file.
 */
public final class ScenarioLimits {

    private ScenarioLimits() {}

    /** The first limit the scenario is beyond, if any: hard limits first, then the heap. */
    public static Optional<LimitViolation> check(Scenario scenario, HeapBudget budget) {
        Optional<LimitViolation> hard = workloadLimits(scenario);
        if (hard.isPresent()) {
            return hard;
        }
        MemoryEstimate estimate = ScenarioFootprint.estimate(scenario, budget);
        if (budget.fits(estimate)) {
            return Optional.empty();
        }
        MemoryEstimate.Part largest = estimate.largest();
        String[] needsAndLimit = MemoryEstimate.distinct(estimate.totalBytes(), budget.usableBytes());
        return Optional.of(new LimitViolation(
                keyOf(largest, scenario),
                subject(largest, scenario)
                        + ": needs about " + needsAndLimit[0] + " of heap (" + estimate.breakdown()
                        + "), this JVM has " + MemoryEstimate.size(budget.maxHeapBytes()) + " (-Xmx); the limit is "
                        + Math.round(HeapBudget.USABLE_SHARE * 100) + " % of it, " + needsAndLimit[1]
                        + ": run java with a larger -Xmx or make the scenario smaller"));
    }

    /** @throws IllegalArgumentException naming the key, the value and the limit */
    public static void require(Scenario scenario, HeapBudget budget) {
        check(scenario, budget).ifPresent(violation -> {
            throw new IllegalArgumentException(violation.message());
        });
    }

    private static Optional<LimitViolation> workloadLimits(Scenario scenario) {
        WorkloadShape work = WorkloadShape.of(scenario);
        if (work.qps() > Limits.MAX_QPS) {
            return violation(
                    "workload",
                    name(scenario) + " opens " + grouped(work.qps()) + " QPs; the limit is " + grouped(Limits.MAX_QPS)
                            + " (QPs are numbered by an int)");
        }
        if (work.flowRecords() > Limits.MAX_MATRIX_FLOWS) {
            return violation(
                    "workload",
                    "a matrix of " + grouped(work.flowRecords()) + " flows; the limit is "
                            + grouped(Limits.MAX_MATRIX_FLOWS)
                            + " (a flow that starts later is a timer with a 24-bit argument)");
        }
        int mtu = scenario.fabric().mtuBytes();
        double perMessage = work.packetsPerMessage(mtu);
        if (work.packetsPerQp(mtu) > Limits.MAX_PACKETS_PER_QP) {
            String key = perMessage > Limits.MAX_PACKETS_PER_QP || work.rounds() == 1
                    ? "workload.messageBytes"
                    : "workload.repeat";
            return violation(
                    key,
                    "each QP carries " + grouped(perMessage) + " packets a message (largest message "
                            + grouped(work.largestMessageBytes()) + " B / mtuBytes " + mtu + ") x "
                            + grouped(work.messagesPerQp())
                            + " messages = " + grouped(work.packetsPerQp(mtu)) + " packets; the limit is "
                            + grouped(Limits.MAX_PACKETS_PER_QP) + " a QP (PSNs are 32-bit)");
        }
        if (work.totalBytes() > Long.MAX_VALUE) {
            return violation(
                    "workload.repeat",
                    "the workload moves " + String.format(Locale.ROOT, "%.3g", work.totalBytes())
                            + " bytes in all; the limit is " + grouped(Long.MAX_VALUE) + " (byte counters are longs)");
        }
        return Optional.empty();
    }

    private static Optional<LimitViolation> violation(String key, String problem) {
        return Optional.of(new LimitViolation(key, problem));
    }

    private static String keyOf(MemoryEstimate.Part part, Scenario scenario) {
        return switch (part.name()) {
            case "fabric" -> "fabric";
            case "EV exclusion state" -> scenario.faults().isEmpty() ? "workload" : "faults";
            default -> "workload";
        };
    }

    /** What drives the largest part, with its figures. */
    private static String subject(MemoryEstimate.Part part, Scenario scenario) {
        FabricConfig fabric = scenario.fabric();
        WorkloadShape work = WorkloadShape.of(scenario);
        return switch (part.name()) {
            case "fabric" ->
                grouped((double) fabric.hostsPerT0() * fabric.t0PerPlane()) + " hosts (hostsPerT0 "
                        + grouped(fabric.hostsPerT0()) + " x t0PerPlane " + grouped(fabric.t0PerPlane()) + ") x planes "
                        + grouped(fabric.planes()) + ", "
                        + grouped(FabricConfig.portCount(
                                fabric.planes(), fabric.hostsPerT0(), fabric.t0PerPlane(), fabric.t1PerPlane()))
                        + " switch and NIC ports";
            case "QPs" ->
                name(scenario) + ": " + grouped(work.qps()) + " QPs x evsPerQp "
                        + grouped(scenario.transport().evsPerQp()) + ", messages of "
                        + grouped(work.largestMessageBytes()) + " B";
            case "packets and events" ->
                name(scenario) + ": " + grouped(work.qps()) + " QPs, each with its first window of packets in flight";
            case "EV exclusion state" ->
                name(scenario)
                        + (scenario.faults().isEmpty()
                                ? ""
                                : " with " + grouped(scenario.faults().size()) + " faults") + ": EVs retired on "
                        + grouped(work.qps())
                        + " QPs x evsPerQp " + grouped(scenario.transport().evsPerQp());
            default ->
                name(scenario) + ": " + grouped(work.flowRecords()) + " flows, repeat "
                        + grouped(scenario.workload().repeat());
        };
    }

    private static String name(Scenario scenario) {
        WorkloadType type = scenario.workload().type();
        long hosts = scenario.workload().hosts() == 0
                ? scenario.fabric().hostCount()
                : scenario.workload().hosts();
        String typeName = type.name().toLowerCase(Locale.ROOT);
        return type == WorkloadType.MATRIX ? "matrix workload" : typeName + " over " + grouped(hosts) + " hosts";
    }

    private static String grouped(double value) {
        return value < 9e18 ? Limits.grouped(Math.round(value)) : String.format(Locale.ROOT, "%.3g", value);
    }
}
