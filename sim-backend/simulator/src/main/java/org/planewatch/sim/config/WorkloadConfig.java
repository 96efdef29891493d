package org.planewatch.sim.config;

import java.util.List;

/**
 * What the hosts send.
 *
 * @param type permutation, incast, alltoall, allreduce (ring), training (step loop) or matrix
 * @param messageBytes bytes per message (per flow for permutation and incast, per peer chunk for
 *     all-to-all, whole buffer for ring all-reduce)
 * @param repeat rounds (permutation, incast, all-to-all, all-reduce) or steps (training)
 * @param senders incast only: number of senders (0 = every other host)
 * @param receiver incast only: the receiving host
 * @param computeGapNs training only: compute phase between collectives
 * @param collective training only: the collective each step runs (alltoall or allreduce)
 * @param hosts hosts taking part (0 = all)
 * @param flows matrix only: explicit flows (from an htsim connection matrix)
 * @param ringStride ring all-reduce only: how far apart, in host numbers, ring neighbours sit. With 1
 *     (the default) the ring runs host 0, 1, 2, ...; with s (a divisor of the hosts taking part), it
 *     runs host 0, s, 2s, ... then 1, 1+s, ...: with s the hosts a T0 serves, every hop crosses the
 *     spines, as a ring laid over one GPU of each server does in a rail-optimized cluster
 */
public record WorkloadConfig(
        WorkloadType type,
        long messageBytes,
        int repeat,
        int senders,
        int receiver,
        long computeGapNs,
        WorkloadType collective,
        int hosts,
        List<Flow> flows,
        int ringStride) {

    /** A workload whose ring, if any, runs in host order. */
    public WorkloadConfig(
            WorkloadType type,
            long messageBytes,
            int repeat,
            int senders,
            int receiver,
            long computeGapNs,
            WorkloadType collective,
            int hosts,
            List<Flow> flows) {
        this(type, messageBytes, repeat, senders, receiver, computeGapNs, collective, hosts, flows, 1);
    }

    public WorkloadConfig {
        if (type == null) {
            throw new IllegalArgumentException("workload type is required");
        }
        FabricConfig.requirePositive("messageBytes", messageBytes);
        FabricConfig.requirePositive("repeat", repeat);
        FabricConfig.requireNonNegative("senders", senders);
        FabricConfig.requireNonNegative("receiver", receiver);
        FabricConfig.requireNonNegative("computeGapNs", computeGapNs);
        Limits.requireTime("computeGapNs", computeGapNs);
        FabricConfig.requireNonNegative("hosts", hosts);
        FabricConfig.requirePositive("ringStride", ringStride);
        flows = flows == null ? List.of() : List.copyOf(flows);
        if (type == WorkloadType.TRAINING
                && collective != WorkloadType.ALLTOALL
                && collective != WorkloadType.ALLREDUCE) {
            throw new IllegalArgumentException("training collective must be alltoall or allreduce");
        }
    }

    public static WorkloadConfig permutation(long messageBytes, int repeat) {
        return new WorkloadConfig(
                WorkloadType.PERMUTATION, messageBytes, repeat, 0, 0, 0, WorkloadType.ALLREDUCE, 0, List.of());
    }

    public static WorkloadConfig matrix(List<Flow> flows) {
        long largest = flows.stream().mapToLong(Flow::bytes).max().orElse(1);
        return new WorkloadConfig(WorkloadType.MATRIX, largest, 1, 0, 0, 0, WorkloadType.ALLREDUCE, 0, flows);
    }

    /** One flow of an explicit traffic matrix. */
    public record Flow(int src, int dst, long bytes, long startNs) {
        public Flow {
            FabricConfig.requireNonNegative("src", src);
            FabricConfig.requireNonNegative("dst", dst);
            FabricConfig.requirePositive("bytes", bytes);
            FabricConfig.requireNonNegative("startNs", startNs);
            Limits.requireTime("startNs", startNs);
        }
    }
}
