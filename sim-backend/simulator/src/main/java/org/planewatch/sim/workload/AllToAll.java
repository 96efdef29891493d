package org.planewatch.sim.workload;

/** Every host sends one message to every other host. */
final class AllToAll implements Collective {
    private final int hosts;
    private final long bytes;
    private int[] qps;
    private int done;

    AllToAll(int hosts, long bytes) {
        if (hosts < 2) {
            throw new IllegalArgumentException("all-to-all needs at least 2 hosts, got " + hosts);
        }
        this.hosts = hosts;
        this.bytes = bytes;
    }

    @Override
    public void open(Traffic traffic) {
        qps = new int[hosts * (hosts - 1)];
        int k = 0;
        for (int s = 0; s < hosts; s++) {
            for (int d = 0; d < hosts; d++) {
                if (s != d) {
                    qps[k++] = traffic.openQp(s, d);
                }
            }
        }
    }

    @Override
    public void beginRound(Traffic traffic) {
        done = 0;
        for (int qp : qps) {
            traffic.post(qp, bytes);
        }
    }

    @Override
    public boolean completed(Traffic traffic, int qp, int message) {
        return ++done == qps.length;
    }

    @Override
    public long messagesPerRound() {
        return qps == null ? (long) hosts * (hosts - 1) : qps.length;
    }

    @Override
    public long bytesPerRound() {
        return messagesPerRound() * bytes;
    }
}
