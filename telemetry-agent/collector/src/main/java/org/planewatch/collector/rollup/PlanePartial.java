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
        Double fabricTrimRate) {
    /**
     * How often a task hands out its partial sums even when none changed: what tells the by-plane
     * stage that the task, and the devices it counts, are still heard from (ADR 0151).
     */
    public static final long HEARD_EVERY_MILLIS = 10_000;

    /**
     * A task not heard from for this long is counted as not heard from: three of its hand-outs missed
     * (a hand-out of a busy task is late by up to its own cost, seconds at full scale).
     */
    public static final long UNHEARD_AFTER_MILLIS = 3 * HEARD_EVERY_MILLIS;
}
