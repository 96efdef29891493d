package org.planewatch.collector.rollup;

/**
 * What the devices of one stream task (a partition of the updates topic) say of one plane: sums
 * that add up across tasks. Rates are per second; null until known.
 *
 * @param task the stream task that computed it ("0_3"): a plane's sum is the sum over tasks
 */
public record PlanePartial(
        String task,
        int plane,
        int hosts,
        int switches,
        long evsGood,
        long evsOutOfService,
        Double goodputBps,
        Double lastHopTrimRate,
        Double fabricTrimRate) {}
