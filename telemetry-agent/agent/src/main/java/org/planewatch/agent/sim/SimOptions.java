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

    public SimOptions {
        if (!(dilation > 0) || Double.isInfinite(dilation)) {
            throw new IllegalArgumentException("dilation must be a positive number, got " + dilation);
        }
        if (publishIntervalMs <= 0 || eventRing <= 0) {
            throw new IllegalArgumentException("publishIntervalMs and eventRing must be > 0");
        }
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
