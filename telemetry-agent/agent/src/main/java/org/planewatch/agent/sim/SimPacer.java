package org.planewatch.agent.sim;

/**
 * Maps wall time to the simulated time the simulation should have reached: simulated time advances
 * by {@code wall elapsed / dilation}. Re-anchored on every dilation change, pause and resume, so a
 * change applies from that instant on. Used only by the simulation's thread.
 */
final class SimPacer {

    private double dilation;
    private boolean paused;
    private long anchorWallNs;
    private long anchorSimNs;

    SimPacer(double dilation, long wallNs) {
        this.dilation = dilation;
        this.anchorWallNs = wallNs;
    }

    /** Simulated ns the run should be at for wall time {@code wallNs}. */
    long targetSimNs(long wallNs) {
        if (paused) {
            return anchorSimNs;
        }
        return anchorSimNs + (long) ((wallNs - anchorWallNs) / dilation);
    }

    void setDilation(double newDilation, long wallNs, long simNowNs) {
        reanchor(wallNs, simNowNs);
        dilation = newDilation;
    }

    void setPaused(boolean pause, long wallNs, long simNowNs) {
        reanchor(wallNs, simNowNs);
        paused = pause;
    }

    private void reanchor(long wallNs, long simNowNs) {
        anchorWallNs = wallNs;
        anchorSimNs = simNowNs;
    }

    double dilation() {
        return dilation;
    }

    boolean paused() {
        return paused;
    }
}
