package org.planewatch.console.bench.localize;

import java.util.SplittableRandom;

/**
 * A fabric the benchmark stages incidents on, and the job that runs on it: a training loop whose
 * all-to-all runs on the first {@code jobHosts} hosts only, so the T0 switches past them, their
 * links and the other hosts' links stay idle. Faults are placed on elements the job's traffic
 * crosses: the endpoints cannot see a fault no path of theirs crosses.
 *
 * @param name how the tables name it
 * @param planes planes (NIC ports per host)
 * @param hostsPerT0 hosts under each T0
 * @param t0PerPlane T0 switches per plane
 * @param t1PerPlane T1 switches (spines) per plane
 * @param jobHosts hosts taking part in the all-to-all (the first ones)
 */
public record BenchFabric(String name, int planes, int hostsPerT0, int t0PerPlane, int t1PerPlane, int jobHosts) {

    /** 512 hosts, 4 planes of 64 T0 and 8 T1; a 64-host job (8 T0s per plane busy, 56 idle). */
    public static final BenchFabric HOSTS_512 = new BenchFabric("512", 4, 8, 64, 8, 64);

    /** 2048 hosts, 4 planes of 256 T0 and 8 T1; a 128-host job (16 T0s per plane busy, 240 idle). */
    public static final BenchFabric HOSTS_2048 = new BenchFabric("2048", 4, 8, 256, 8, 128);

    /** 32 hosts, 2 planes of 8 T0 and 4 T1; a 16-host job: the smoke test's fabric. */
    public static final BenchFabric TINY = new BenchFabric("32", 2, 4, 8, 4, 16);

    public BenchFabric {
        if (jobHosts < 2 || jobHosts > hostsPerT0 * t0PerPlane || jobHosts % hostsPerT0 != 0) {
            throw new IllegalArgumentException("jobHosts must fill whole T0s of the fabric, got " + jobHosts);
        }
    }

    public int hosts() {
        return hostsPerT0 * t0PerPlane;
    }

    /** T0 switches per plane under which the job runs (the first ones). */
    public int busyT0s() {
        return jobHosts / hostsPerT0;
    }

    /** The scenario's {@code fabric:} mapping. */
    String scenarioFabric() {
        return "{planes: %d, hostsPerT0: %d, t0PerPlane: %d, t1PerPlane: %d}"
                .formatted(planes, hostsPerT0, t0PerPlane, t1PerPlane);
    }

    /** A T0-T1 link the job's traffic crosses, in {@code plane}. */
    String fabricLink(SplittableRandom rng, int plane) {
        return "p%d-t0-%d~p%d-t1-%d".formatted(plane, rng.nextInt(busyT0s()), plane, rng.nextInt(t1PerPlane));
    }

    /** A host link of a host of the job, in {@code plane}. */
    String hostLink(SplittableRandom rng, int plane) {
        int host = rng.nextInt(jobHosts);
        return "host-%d~p%d-t0-%d".formatted(host, plane, host / hostsPerT0);
    }

    String spine(SplittableRandom rng, int plane) {
        return "p%d-t1-%d".formatted(plane, rng.nextInt(t1PerPlane));
    }

    /** A T0 under which the job runs. */
    String edge(SplittableRandom rng, int plane) {
        return "p%d-t0-%d".formatted(plane, rng.nextInt(busyT0s()));
    }
}
