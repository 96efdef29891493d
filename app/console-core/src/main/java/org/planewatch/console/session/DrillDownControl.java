package org.planewatch.console.session;

/** What a drill-down may ask of the live source beyond the default subscriptions. */
public interface DrillDownControl {
    /** Streams the per-EV state of {@code host}'s QPs (high cardinality: one host at a time). */
    void watchEvs(String host);
}
