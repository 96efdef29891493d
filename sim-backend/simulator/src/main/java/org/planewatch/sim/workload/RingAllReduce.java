package org.planewatch.sim.workload;

/**
 * Ring all-reduce of a buffer of {@code bytes}: 2(n-1) steps (reduce-scatter then all-gather), in
 * each a host sends a chunk of bytes/n to its successor once it has received the previous chunk
 * from its predecessor. The ring visits hosts {@code stride} apart ({@link #successor}).
 */
final class RingAllReduce implements Collective {
    private final int hosts;
    private final long chunk;
    private final int steps;
    private final int stride;
    private int[] qps;
    private int[] firstMessage;
    private int finishedQps;

    RingAllReduce(int hosts, long bytes) {
        this(hosts, bytes, 1);
    }

    RingAllReduce(int hosts, long bytes, int stride) {
        if (hosts < 2) {
            throw new IllegalArgumentException("ring all-reduce needs at least 2 hosts, got " + hosts);
        }
        if (stride < 1 || hosts % stride != 0) {
            throw new IllegalArgumentException(
                    "ringStride " + stride + " must divide the " + hosts + " hosts taking part");
        }
        this.hosts = hosts;
        this.stride = stride;
        this.chunk = Math.max(1, (bytes + hosts - 1) / hosts);
        this.steps = 2 * (hosts - 1);
    }

    @Override
    public void open(Traffic traffic) {
        qps = new int[hosts];
        firstMessage = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            qps[h] = traffic.openQp(h, successor(h));
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
        int receiver = successor(sender);
        if (step + 1 < steps) {
            traffic.post(qps[receiver], chunk);
            return false;
        }
        return ++finishedQps == hosts;
    }

    /**
     * The host after {@code host} on the ring: {@code stride} further on, and at the end of a lap the
     * next lap's first host (the one after this lap's first), the last lap closing on host 0. With a
     * stride of 1, simply the next host.
     */
    int successor(int host) {
        int next = host + stride;
        if (next < hosts) {
            return next;
        }
        int lap = host % stride; // the lap's first host
        return lap + 1 < stride ? lap + 1 : 0;
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
