package org.planewatch.sim.acceptance;

import java.util.List;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.config.WorkloadType;

/** Small fabrics and scenarios the acceptance checks run on. */
final class SmallFabrics {
    static final long US = 1_000_000L;

    private SmallFabrics() {}

    /** P planes, T0s of {@code hostsPerT0} hosts, {@code t1} T1s per plane, 100G, 1 us links, 4 KiB MTU. */
    static FabricConfig fabric(int planes, int hostsPerT0, int t0, int t1) {
        long queue = 262_144;
        return new FabricConfig(
                planes,
                hostsPerT0,
                t0,
                t1,
                100.0,
                1_000,
                4_096,
                64,
                queue,
                2 * queue,
                queue / 5,
                queue * 4 / 5,
                true,
                0,
                8);
    }

    static Scenario scenario(
            String name,
            long seed,
            FabricConfig fabric,
            TransportMode mode,
            WorkloadConfig workload,
            List<FaultSpec> faults) {
        return new Scenario(name, seed, fabric, TransportConfig.defaults(mode), workload, faults, 0);
    }

    static Scenario scenario(
            String name,
            long seed,
            FabricConfig fabric,
            TransportConfig transport,
            WorkloadConfig workload,
            List<FaultSpec> faults) {
        return new Scenario(name, seed, fabric, transport, workload, faults, 0);
    }

    /** MRC defaults with another EV count, ev_min_active guard and controller deny threshold. */
    static TransportConfig mrc(int evsPerQp, int evMinActive, int controllerDenyDistinctQps) {
        TransportConfig c = TransportConfig.defaults(TransportMode.MRC);
        return new TransportConfig(
                c.mode(),
                evsPerQp,
                evMinActive,
                c.ackEveryPackets(),
                c.sackReorderThreshold(),
                c.evLossTimerRtts(),
                c.probeInitialNs(),
                c.probeMaxNs(),
                c.qpTimerExponent(),
                c.qpRetryCount(),
                c.penaltyEcn(),
                c.penaltyTrim(),
                controllerDenyDistinctQps,
                c.nsccTargetDelayNs(),
                c.nsccMaxCwndBdp(),
                c.nsccGamma(),
                c.nsccMaxMdJump(),
                c.nsccQaThreshold(),
                c.ecmpReconvergeNs(),
                c.ecmpAllPlanes(),
                c.nsccFairIncreasePacketsPerRtt());
    }

    /** MRC defaults with a QP timer of 1.024 us * 2^{@code exponent} and {@code retries} expiries before failure. */
    static TransportConfig mrcQpTimer(int exponent, int retries) {
        TransportConfig c = TransportConfig.defaults(TransportMode.MRC);
        return new TransportConfig(
                c.mode(),
                c.evsPerQp(),
                c.evMinActive(),
                c.ackEveryPackets(),
                c.sackReorderThreshold(),
                c.evLossTimerRtts(),
                c.probeInitialNs(),
                c.probeMaxNs(),
                exponent,
                retries,
                c.penaltyEcn(),
                c.penaltyTrim(),
                c.controllerDenyDistinctQps(),
                c.nsccTargetDelayNs(),
                c.nsccMaxCwndBdp(),
                c.nsccGamma(),
                c.nsccMaxMdJump(),
                c.nsccQaThreshold(),
                c.ecmpReconvergeNs(),
                c.ecmpAllPlanes(),
                c.nsccFairIncreasePacketsPerRtt());
    }

    static WorkloadConfig permutation(long bytes, int repeat) {
        return WorkloadConfig.permutation(bytes, repeat);
    }

    static WorkloadConfig incast(int senders, int receiver, long bytes) {
        return new WorkloadConfig(
                WorkloadType.INCAST, bytes, 1, senders, receiver, 0, WorkloadType.ALLREDUCE, 0, List.of());
    }

    static WorkloadConfig allToAll(long bytes, int repeat) {
        return new WorkloadConfig(WorkloadType.ALLTOALL, bytes, repeat, 0, 0, 0, WorkloadType.ALLREDUCE, 0, List.of());
    }
}
