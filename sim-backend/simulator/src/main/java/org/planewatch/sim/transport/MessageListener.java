package org.planewatch.sim.transport;

/** Hears of message completions at the receiver (WRITE-with-IMM: every PSN of it has arrived). */
@FunctionalInterface
public interface MessageListener {
    void messageCompleted(int qp, int message, long postedPs, long donePs);
}
