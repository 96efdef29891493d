package org.planewatch.sim.cli;

import org.planewatch.sim.RunSummary;

/** What the paced run loop needs from a simulation: the facade, seen through the figures progress shows. */
interface RunnableSimulation {

    long nowPs();

    /**
     * Processes every event up to {@code timePs} and moves the clock there; with
     * {@code stopWhenComplete}, stops instead right after the event that completes the workload.
     */
    void advance(long timePs, boolean stopWhenComplete);

    boolean workloadComplete();

    long eventsProcessed();

    /** Messages of the workload and how many completed; called about once per second. */
    RunSummary.Messages messages();
}
