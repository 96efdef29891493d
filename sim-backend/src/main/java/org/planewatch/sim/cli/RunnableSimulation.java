package org.planewatch.sim.cli;

/** What the paced run loop needs from a simulation: the facade, seen through the figures progress shows. */
interface RunnableSimulation {

    long nowPs();

    /** Processes every event up to {@code timePs}. */
    void runUntil(long timePs);

    boolean workloadComplete();

    long eventsProcessed();

    long messagesCompleted();

    long messagesTotal();
}
