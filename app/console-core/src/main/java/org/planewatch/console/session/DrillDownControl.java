package org.planewatch.console.session;

/** What a drill-down may ask of the live source beyond the default subscriptions. */
public interface DrillDownControl {
    /** Streams the per-EV state of {@code host}'s QPs (high cardinality: one host at a time). */
    void watchEvs(String host);

    /**
     * Streams everything {@code device} (a host or a switch) reports, for its detail view, where the
     * source does not have every device's detail already (a fleet: ADR 0102). One device at a time.
     */
    default void watchDevice(String device) {}
}
