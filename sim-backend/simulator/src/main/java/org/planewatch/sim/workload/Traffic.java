package org.planewatch.sim.workload;

/** What a workload may do to the simulated hosts. */
public interface Traffic {
    int hosts();

    int planes();

    /** Payload bytes delivered to receivers through {@code plane} since the start. */
    long deliveredBytes(int plane);

    long nowPs();

    /** Opens a QP from {@code src} to {@code dst}; returns its index. */
    int openQp(int src, int dst);

    /** Posts a message on a QP; returns its index on that QP. */
    int post(int qp, long bytes);

    int qpSource(int qp);

    int qpDestination(int qp);

    /** Calls the workload's {@link Workload#timer(int)} with {@code arg} at {@code atPs}. */
    void timer(long atPs, int arg);
}
