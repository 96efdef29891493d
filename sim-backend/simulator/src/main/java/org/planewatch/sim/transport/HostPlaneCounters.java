package org.planewatch.sim.transport;

/**
 * The {@link HostPlaneCounter}s of every NIC port, in one flat array: a host's planes side by side,
 * each plane's counters side by side, so counting allocates nothing.
 */
final class HostPlaneCounters {
    private static final int PER_PLANE = HostPlaneCounter.COUNT;

    private final int planes;
    private final long[] values;

    HostPlaneCounters(int hosts, int planes) {
        this.planes = planes;
        this.values = new long[hosts * planes * PER_PLANE];
    }

    long get(int host, int plane, HostPlaneCounter which) {
        return values[(host * planes + plane) * PER_PLANE + which.ordinal()];
    }

    void increment(int host, int plane, HostPlaneCounter which) {
        values[(host * planes + plane) * PER_PLANE + which.ordinal()]++;
    }

    void decrement(int host, int plane, HostPlaneCounter which) {
        values[(host * planes + plane) * PER_PLANE + which.ordinal()]--;
    }

    void add(int host, int plane, HostPlaneCounter which, long amount) {
        values[(host * planes + plane) * PER_PLANE + which.ordinal()] += amount;
    }
}
