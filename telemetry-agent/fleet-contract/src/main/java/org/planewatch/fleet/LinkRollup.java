package org.planewatch.fleet;

/**
 * The rollup of one link, the value of {@code planewatch.rollup.links} (docs/scale.md), written when
 * it changes.
 *
 * @param kind {@code HOST_T0} or {@code T0_T1}
 * @param state {@code UP}, or {@code DOWN} when either end reports it not up
 * @param utilization the busier direction's bits over the capacity
 */
public record LinkRollup(
        String link,
        int plane,
        String kind,
        String state,
        Double bitsPerSecond,
        Double utilization,
        Double trimRate,
        Double errorRate,
        Double capacityBps,
        long atMillis) {}
