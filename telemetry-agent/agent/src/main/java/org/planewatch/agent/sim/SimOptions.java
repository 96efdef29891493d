package org.planewatch.agent.sim;

/**
 * How the simulated back end runs.
 *
 * @param dilation wall seconds per simulated second (1000 = one simulated millisecond per wall second)
 * @param publishIntervalMs wall time between snapshots of every device (what Get and ON_CHANGE see)
 * @param target serve only this device, or null for every host and switch
 * @param evLeaves also publish per-EV leaves ({@code mrc:/qps/qp/evs}); high cardinality, off by default
 * @param eventRing exclusion events kept per host before the oldest is deleted
 */
public record SimOptions(double dilation, long publishIntervalMs, String target, boolean evLeaves, int eventRing) {

    /**
     * Dilations accepted (wall seconds per simulated second), from the command line and from gNMI Set:
     * below 1 the simulation would have to run faster than real time, and the pacer's target time
     * overflowed for tiny values (1e-300); above a million it stands still for any purpose.
     */
    public static final double MIN_DILATION = 1;

    public static final double MAX_DILATION = 1_000_000;

    public SimOptions {
        String problem = dilationProblem(dilation);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        if (publishIntervalMs <= 0 || eventRing <= 0) {
            throw new IllegalArgumentException("publishIntervalMs and eventRing must be > 0");
        }
    }

    /** Why {@code dilation} is not accepted, or null. */
    public static String dilationProblem(double dilation) {
        if (!(dilation >= MIN_DILATION && dilation <= MAX_DILATION)) {
            return "dilation must be a finite number from " + (long) MIN_DILATION + " to " + (long) MAX_DILATION
                    + " (wall seconds per simulated second), got " + dilation;
        }
        return null;
    }

    public static SimOptions defaults() {
        return new SimOptions(1000, 100, null, false, 256);
    }

    public SimOptions withDilation(double d) {
        return new SimOptions(d, publishIntervalMs, target, evLeaves, eventRing);
    }

    public SimOptions withTarget(String t) {
        return new SimOptions(dilation, publishIntervalMs, t, evLeaves, eventRing);
    }

    public SimOptions withPublishIntervalMs(long ms) {
        return new SimOptions(dilation, ms, target, evLeaves, eventRing);
    }

    public SimOptions withEvLeaves(boolean on) {
        return new SimOptions(dilation, publishIntervalMs, target, on, eventRing);
    }
}
