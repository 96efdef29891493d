package org.planewatch.sim.workload;

import java.util.List;

/**
 * One finished round (a training step, or a round of a repeated collective).
 *
 * @param index 0-based round number
 * @param startNs when the round started (its compute phase, if any)
 * @param completionNs when its slowest transfer completed
 * @param durationNs {@code completionNs - startNs}: the step time
 * @param slowestTransfer the transfer that completed last, e.g. {@code host-3->host-4 (2097152 B)}
 * @param goodputGbps payload delivered during the round / its duration, all hosts together
 * @param meanHostGoodputGbps {@code goodputGbps} per host taking part
 * @param planeGoodputGbps payload delivered through each plane during the round / its duration
 */
public record StepResult(
        int index,
        long startNs,
        long completionNs,
        long durationNs,
        String slowestTransfer,
        double goodputGbps,
        double meanHostGoodputGbps,
        List<Double> planeGoodputGbps) {

    public StepResult {
        planeGoodputGbps = List.copyOf(planeGoodputGbps);
    }
}
