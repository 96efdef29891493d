package org.planewatch.sim.workload;

import org.planewatch.sim.engine.Rng;

/** N senders, chosen at random among the other hosts, each send one message to one receiver. */
final class Incast implements Collective {
    private final int hosts;
    private final int receiver;
    private final int senders;
    private final long bytes;
    private final long seed;
    private int[] qps;
    private int done;

    Incast(int hosts, int receiver, int senders, long bytes, long seed) {
        if (receiver >= hosts) {
            throw new IllegalArgumentException("incast receiver " + receiver + " is not a host (0.." + (hosts - 1) + ")");
        }
        if (senders > hosts - 1) {
            throw new IllegalArgumentException("incast senders " + senders + " exceeds the " + (hosts - 1) + " other hosts");
        }
        this.hosts = hosts;
        this.receiver = receiver;
        this.senders = senders == 0 ? hosts - 1 : senders;
        this.bytes = bytes;
        this.seed = seed;
    }

    @Override
    public void open(Traffic traffic) {
        int[] others = new int[hosts - 1];
        for (int h = 0, k = 0; h < hosts; h++) {
            if (h != receiver) {
                others[k++] = h;
            }
        }
        long[] state = {seed};
        for (int i = others.length - 1; i > 0; i--) {
            int j = Rng.nextInt(state, 0, i + 1);
            int t = others[i];
            others[i] = others[j];
            others[j] = t;
        }
        qps = new int[senders];
        for (int s = 0; s < senders; s++) {
            qps[s] = traffic.openQp(others[s], receiver);
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
        return ++done == senders;
    }

    @Override
    public long messagesPerRound() {
        return senders;
    }

    @Override
    public long bytesPerRound() {
        return senders * bytes;
    }
}
