package org.planewatch.sim.config;

/**
 * Endpoint (NIC) behaviour. Defaults follow the spec (mrc-model.md section 3); items the public
 * MRC material leaves open are named parameters here and documented in docs/scenarios.md.
 *
 * @param mode MRC, UEC or ECMP
 * @param evsPerQp entropy values per QP (MRC: an equal share per plane)
 * @param evMinActive the ev_min_active guard: never hold more than evsPerQp - evMinActive EVs out
 *     of service
 * @param ackEveryPackets receiver ACK/SACK coalescing
 * @param sackReorderThreshold packets SACKed past a hole before its EV is assumed bad
 * @param evLossTimerRtts per-EV loss timer in base RTTs
 * @param probeInitialNs first probe after an EV is retired
 * @param probeMaxNs probe back-off cap
 * @param qpTimerExponent QP timer = 1.024 us * 2^t
 * @param qpRetryCount QP timer expiries before the peer is declared dead
 * @param penaltyEcn penalty added to an EV on an ECN echo
 * @param penaltyTrim penalty added to an EV on a (fabric) trim NACK
 * @param controllerDenyDistinctQps distinct QPs retiring EVs across one link that shows a fault of
 *     its own (down, or fault losses) before the fabric controller denies every EV crossing it; 0
 *     disables the rule
 * @param nsccTargetDelayNs NSCC target queueing delay
 * @param nsccMaxCwndBdp NSCC maximum window in bandwidth-delay products
 * @param nsccGamma NSCC multiplicative-decrease gain
 * @param nsccMaxMdJump largest multiplicative decrease at once
 * @param nsccQaThreshold quick-adapt threshold in base RTTs of delay
 * @param ecmpReconvergeNs ECMP baseline: delay before routing moves flows off a failed link
 * @param ecmpAllPlanes ECMP baseline: hash flows over every plane, each flow pinned to one (the
 *     default, ADR 0097); false pins every flow to plane 0, 1/P of the NIC (older runs' baseline)
 * @param nsccFairIncreasePacketsPerRtt NSCC fair increase in packets per RTT once the delay is above
 *     target [choice]: 20 is calibrated so the htsim reference permutations (sim-backend/reference/htsim) end
 *     with the reference's tail FCT; with 1 packet per RTT, flows cut early never catch up and the
 *     tail grows by 15-20 %
 */
public record TransportConfig(
        TransportMode mode,
        int evsPerQp,
        int evMinActive,
        int ackEveryPackets,
        int sackReorderThreshold,
        double evLossTimerRtts,
        long probeInitialNs,
        long probeMaxNs,
        int qpTimerExponent,
        int qpRetryCount,
        int penaltyEcn,
        int penaltyTrim,
        int controllerDenyDistinctQps,
        long nsccTargetDelayNs,
        double nsccMaxCwndBdp,
        double nsccGamma,
        double nsccMaxMdJump,
        double nsccQaThreshold,
        long ecmpReconvergeNs,
        boolean ecmpAllPlanes,
        double nsccFairIncreasePacketsPerRtt) {

    public TransportConfig {
        if (mode == null) {
            throw new IllegalArgumentException("mode is required");
        }
        FabricConfig.requirePositive("evsPerQp", evsPerQp);
        Limits.requireAtMost("evsPerQp", evsPerQp, Limits.MAX_EVS_PER_QP, "packets carry EV numbers in 16 bits");
        FabricConfig.requireNonNegative("evMinActive", evMinActive);
        if (evMinActive > evsPerQp) {
            throw new IllegalArgumentException(
                    "evMinActive (" + evMinActive + ") must be <= evsPerQp (" + evsPerQp + ")");
        }
        FabricConfig.requirePositive("ackEveryPackets", ackEveryPackets);
        FabricConfig.requirePositive("sackReorderThreshold", sackReorderThreshold);
        if (!(evLossTimerRtts > 0 && evLossTimerRtts <= Limits.MAX_LOSS_TIMER_RTTS)) {
            throw new IllegalArgumentException("evLossTimerRtts must be > 0 and <= "
                    + Limits.grouped((long) Limits.MAX_LOSS_TIMER_RTTS) + ", got " + evLossTimerRtts);
        }
        FabricConfig.requirePositive("probeInitialNs", probeInitialNs);
        Limits.requireTime("probeMaxNs", probeMaxNs);
        if (probeMaxNs < probeInitialNs) {
            throw new IllegalArgumentException("probeMaxNs must be >= probeInitialNs");
        }
        FabricConfig.requireNonNegative("qpTimerExponent", qpTimerExponent);
        Limits.requireAtMost(
                "qpTimerExponent",
                qpTimerExponent,
                Limits.MAX_QP_TIMER_EXPONENT,
                "1.024 us x 2^29 = 550 s, within the longest simulated time");
        FabricConfig.requirePositive("qpRetryCount", qpRetryCount);
        FabricConfig.requireNonNegative("penaltyEcn", penaltyEcn);
        FabricConfig.requireNonNegative("penaltyTrim", penaltyTrim);
        FabricConfig.requireNonNegative("controllerDenyDistinctQps", controllerDenyDistinctQps);
        FabricConfig.requireNonNegative("nsccTargetDelayNs", nsccTargetDelayNs);
        Limits.requireTime("nsccTargetDelayNs", nsccTargetDelayNs);
        FabricConfig.requireNonNegative("ecmpReconvergeNs", ecmpReconvergeNs);
        Limits.requireTime("ecmpReconvergeNs", ecmpReconvergeNs);
        if (!(nsccFairIncreasePacketsPerRtt >= 0)) {
            throw new IllegalArgumentException(
                    "nsccFairIncreasePacketsPerRtt must be >= 0, got " + nsccFairIncreasePacketsPerRtt);
        }
    }

    public static TransportConfig defaults(TransportMode mode) {
        int evs = mode == TransportMode.UEC ? 128 : 256;
        return new TransportConfig(
                mode,
                evs,
                evs / 4,
                2,
                3,
                3.0,
                10_000,
                1_000_000,
                14,
                7,
                1,
                4,
                0,
                3_000,
                1.5,
                0.8,
                0.5,
                4.0,
                2_000_000_000L,
                true,
                20.0);
    }

    public TransportConfig withMode(TransportMode newMode) {
        return new TransportConfig(
                newMode,
                evsPerQp,
                evMinActive,
                ackEveryPackets,
                sackReorderThreshold,
                evLossTimerRtts,
                probeInitialNs,
                probeMaxNs,
                qpTimerExponent,
                qpRetryCount,
                penaltyEcn,
                penaltyTrim,
                controllerDenyDistinctQps,
                nsccTargetDelayNs,
                nsccMaxCwndBdp,
                nsccGamma,
                nsccMaxMdJump,
                nsccQaThreshold,
                ecmpReconvergeNs,
                ecmpAllPlanes,
                nsccFairIncreasePacketsPerRtt);
    }
}
