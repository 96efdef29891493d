package org.planewatch.sim.workload;

import org.planewatch.sim.engine.Rng;

/** Every host sends one message to another; every host receives exactly one (a random derangement). */
final class Permutation extends OneMessagePerQp {
    private final int hosts;
    private final long seed;

    Permutation(int hosts, long bytes, long seed) {
        super(bytes);
        if (hosts < 2) {
            throw new IllegalArgumentException("permutation needs at least 2 hosts, got " + hosts);
        }
        this.hosts = hosts;
        this.seed = seed;
    }

    @Override
    int[] openQps(Traffic traffic) {
        int[] target = derangement(hosts, seed);
        int[] qps = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            qps[h] = traffic.openQp(h, target[h]);
        }
        return qps;
    }

    static int[] derangement(int n, long seed) {
        long[] state = {seed};
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = Rng.nextInt(state, 0, i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        for (int i = 0; i < n; i++) {
            if (perm[i] == i) {
                int k = (i + 1) % n;
                int t = perm[i];
                perm[i] = perm[k];
                perm[k] = t;
            }
        }
        return perm;
    }

    @Override
    int senders() {
        return hosts;
    }
}
