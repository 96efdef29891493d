package org.planewatch.sim.workload;

/**
 * Ring all-reduce of a buffer of {@code bytes}: 2(n-1) steps (reduce-scatter then all-gather), in
 * each a host sends a chunk of bytes/n to its successor once it has received the previous chunk
 * from its predecessor.
 */
final class RingAllReduce implements Collective {
    private final int hosts;
    private final long chunk;
    private final int steps;
    private int[] qps;
    private int[] firstMessage;
    private int finishedQps;

    RingAllReduce(int hosts, long bytes) {
        if (hosts < 2) {
            throw new IllegalArgumentException("ring all-reduce needs at least 2 hosts, got " + hosts);
        }
        this.hosts = hosts;
        this.chunk = Math.max(1, (bytes + hosts - 1) / hosts);
        this.steps = 2 * (hosts - 1);
    }

    @Override
    public void open(Traffic traffic) {
        qps = new int[hosts];
        firstMessage = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            qps[h] = traffic.openQp(h, (h + 1) % hosts);
        }
    }

    @Override
    public void beginRound(Traffic traffic) {
        finishedQps = 0;
        for (int h = 0; h < hosts; h++) {
            firstMessage[h] = traffic.post(qps[h], chunk);
        }
    }

    @Override
    public boolean completed(Traffic traffic, int qp, int message) {
        int sender = traffic.qpSource(qp);
        int step = message - firstMessage[sender];
        int receiver = (sender + 1) % hosts;
        if (step + 1 < steps) {
            traffic.post(qps[receiver], chunk);
            return false;
        }
        return ++finishedQps == hosts;
    }

    @Override
    public long messagesPerRound() {
        return (long) hosts * steps;
    }

    @Override
    public long bytesPerRound() {
        return messagesPerRound() * chunk;
    }
}
