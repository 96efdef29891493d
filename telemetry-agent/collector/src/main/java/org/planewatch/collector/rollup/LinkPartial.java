package org.planewatch.collector.rollup;

/**
 * One link as the devices of one stream task see it: both ends when the task holds both, else the
 * end it holds. Merged across tasks as the console merges a link's two ends (down when either end
 * says so, the busier direction's bits, summed trims and errors, the slower end's speed).
 */
public record LinkPartial(
        String task,
        String link,
        int plane,
        String kind,
        boolean up,
        Double bitsPerSecond,
        Double trimRate,
        Double errorRate,
        Double capacityBps) {}
