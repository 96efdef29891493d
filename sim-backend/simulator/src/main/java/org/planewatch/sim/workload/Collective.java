package org.planewatch.sim.workload;

/** A traffic pattern run as rounds: a round ends when all of its messages have completed. */
interface Collective {
    /** Opens the QPs (once, before the first round). */
    void open(Traffic traffic);

    /** Posts the first messages of a round. */
    void beginRound(Traffic traffic);

    /** A message completed; true when it was the last of the round. */
    boolean completed(Traffic traffic, int qp, int message);

    /** A timer the collective asked for fired. */
    default void timer(Traffic traffic, int arg) {}

    long messagesPerRound();

    long bytesPerRound();
}
