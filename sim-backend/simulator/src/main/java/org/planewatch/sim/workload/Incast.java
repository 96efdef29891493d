package org.planewatch.sim.workload;

import org.planewatch.sim.engine.Rng;

/** N senders, chosen at random among the other hosts, each send one message to one receiver. */
final class Incast extends OneMessagePerQp {
    private final int hosts;
    private final int receiver;
    private final int senders;
    private final long seed;

    Incast(int hosts, int receiver, int senders, long bytes, long seed) {
        super(bytes);
        if (receiver >= hosts) {
            throw new IllegalArgumentException(
                    "incast receiver " + receiver + " is not a host (0.." + (hosts - 1) + ")");
        }
        if (senders > hosts - 1) {
            throw new IllegalArgumentException(
                    "incast senders " + senders + " exceeds the " + (hosts - 1) + " other hosts");
        }
        this.hosts = hosts;
        this.receiver = receiver;
        this.senders = senders == 0 ? hosts - 1 : senders;
        this.seed = seed;
    }

    @Override
    int[] openQps(Traffic traffic) {
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
        int[] qps = new int[senders];
        for (int s = 0; s < senders; s++) {
            qps[s] = traffic.openQp(others[s], receiver);
        }
        return qps;
    }

    @Override
    int senders() {
        return senders;
    }
}
