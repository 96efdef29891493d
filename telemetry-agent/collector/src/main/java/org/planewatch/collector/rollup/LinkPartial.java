package org.planewatch.collector.rollup;

/**
 * One link as the devices of one stream task see it: both ends when the task holds both, else the
 * end it holds. Merged across tasks as the console merges a link's two ends (down when either end
 * says so, the busier direction's bits, summed trims and errors, the slower end's speed). Figures
 * not known yet are NaN, not boxed nulls: a collector keeps one or two of these per link of the
 * fabric, two million at full scale, and four boxed figures cost 96 bytes each time (ADR 0135).
 */
public record LinkPartial(
        String task,
        String link,
        int plane,
        String kind,
        boolean up,
        double bitsPerSecond,
        double trimRate,
        double errorRate,
        double capacityBps) {}
