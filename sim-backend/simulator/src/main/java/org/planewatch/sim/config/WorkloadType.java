package org.planewatch.sim.config;

import org.planewatch.sim.input.Echo;

/** Traffic patterns the simulator generates. */
public enum WorkloadType {
    PERMUTATION,
    INCAST,
    ALLTOALL,
    ALLREDUCE,
    TRAINING,
    MATRIX;

    public static WorkloadType parse(String text) {
        for (WorkloadType type : values()) {
            if (type.name().equalsIgnoreCase(text.replace("-", "").replace("_", ""))) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown workload type " + Echo.quoted(text)
                + " (expected permutation, incast, alltoall, allreduce, training or matrix)");
    }
}
