package org.planewatch.sim.config;

import java.util.List;

/**
 * A whole simulation run as read from a scenario file.
 *
 * @param name scenario name (reports and telemetry carry it)
 * @param seed root of every component's random source: same seed, same event trace
 * @param fabric topology and physics
 * @param transport endpoint behaviour
 * @param workload traffic
 * @param faults faults in time order
 * @param durationNs simulated time to run; 0 = until the workload completes
 * @param names how devices are named ({@link DeviceNaming#DEFAULT}: {@code host-<n>}, {@code p<plane>-t0-<i>}, ...)
 */
public record Scenario(
        String name,
        long seed,
        FabricConfig fabric,
        TransportConfig transport,
        WorkloadConfig workload,
        List<FaultSpec> faults,
        long durationNs,
        DeviceNaming names) {

    /** A scenario with the default device names. */
    public Scenario(
            String name,
            long seed,
            FabricConfig fabric,
            TransportConfig transport,
            WorkloadConfig workload,
            List<FaultSpec> faults,
            long durationNs) {
        this(name, seed, fabric, transport, workload, faults, durationNs, DeviceNaming.DEFAULT);
    }

    public Scenario {
        java.util.Objects.requireNonNull(names, "names");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name is required");
        }
        faults = List.copyOf(faults);
        FabricConfig.requireNonNegative("durationNs", durationNs);
        Limits.requireTime("durationNs", durationNs);
    }
}
