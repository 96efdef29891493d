package org.planewatch.telemetry.worker;

/**
 * What a {@link WorkerRunner}'s thread does after a unit of work that did nothing: wait a little,
 * longer each time nothing happens again, so an idle loop costs next to no CPU while a busy one never
 * waits. Used by one thread only.
 */
public interface IdleStrategy {

    /** For workers that block inside {@link Worker#doWork} (on a queue with a timeout): never waits more. */
    IdleStrategy NONE = new IdleStrategy() {
        @Override
        public void idle(long atMostNanos) {}

        @Override
        public void reset() {}
    };

    /** Nothing was done: waits, at most {@code atMostNanos} (the worker's own next deadline). */
    void idle(long atMostNanos);

    /** Work was done: the next idle starts from the shortest wait again. */
    void reset();
}
