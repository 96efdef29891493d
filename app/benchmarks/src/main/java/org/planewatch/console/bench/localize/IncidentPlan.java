package org.planewatch.console.bench.localize;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The incidents of one benchmark run, chosen from a seed: the same seed stages the same faults on
 * the same elements. Each incident's fault starts after 1 simulated ms of fault-free traffic and is
 * judged 5 simulated ms later (5 s at the demo's pace), while it is still on.
 */
public final class IncidentPlan {
    static final long FAULT_AT_US = 1_000;
    static final long END_US = 6_000;

    /** Incidents per kind and fabric in a full run: 72 incidents and 20 fault-free runs over both fabrics. */
    private static final Map<FaultKind, Integer> FULL = counts(6, 6, 4, 10);

    /** One of each kind and one fault-free run, on the 512-host fabric only. */
    private static final Map<FaultKind, Integer> QUICK = counts(1, 1, 1, 1);

    private IncidentPlan() {}

    private static Map<FaultKind, Integer> counts(int linkDown, int reboot, int others, int faultFree) {
        Map<FaultKind, Integer> counts = new EnumMap<>(FaultKind.class);
        for (FaultKind k : FaultKind.values()) {
            counts.put(k, others);
        }
        counts.put(FaultKind.LINK_DOWN, linkDown);
        counts.put(FaultKind.SWITCH_REBOOT, reboot);
        counts.put(FaultKind.NONE, faultFree);
        return counts;
    }

    /** The full plan: both fabrics, every kind. */
    public static List<Incident> full(long seed) {
        return plan(seed, List.of(BenchFabric.HOSTS_512, BenchFabric.HOSTS_2048), FULL, List.of(FaultKind.values()));
    }

    /** The quick plan: the 512-host fabric, one incident of each kind and one fault-free run. */
    public static List<Incident> quick(long seed) {
        return plan(seed, List.of(BenchFabric.HOSTS_512), QUICK, List.of(FaultKind.values()));
    }

    /** {@code perKind} incidents of each of {@code kinds} on each fabric, in that order. */
    public static List<Incident> plan(long seed, List<BenchFabric> fabrics, int perKind, List<FaultKind> kinds) {
        return plan(seed, fabrics, counts(perKind, perKind, perKind, perKind), kinds);
    }

    private static List<Incident> plan(
            long seed, List<BenchFabric> fabrics, Map<FaultKind, Integer> counts, List<FaultKind> kinds) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<Incident> incidents = new ArrayList<>();
        for (BenchFabric fabric : fabrics) {
            for (FaultKind kind : kinds) {
                for (int i = 0; i < counts.get(kind); i++) {
                    incidents.add(stage(incidents.size() + 1, kind, fabric, i, rng.split()));
                }
            }
        }
        return List.copyOf(incidents);
    }

    /** The {@code nth} incident of {@code kind} on {@code fabric}: elements and simulator seed from {@code rng}. */
    private static Incident stage(int id, FaultKind kind, BenchFabric fabric, int nth, SplittableRandom rng) {
        int plane = rng.nextInt(fabric.planes());
        long simSeed = rng.nextLong(1, Long.MAX_VALUE);
        long at = FAULT_AT_US;
        List<String> culprits = new ArrayList<>();
        List<String> faults = new ArrayList<>();
        switch (kind) {
            case LINK_DOWN -> {
                // One in three a host's link, else a T0-T1 link.
                String link = nth % 3 == 2 ? fabric.hostLink(rng, plane) : fabric.fabricLink(rng, plane);
                culprits.add(link);
                faults.add(linkFault(at, link, "down", ""));
            }
            case SWITCH_REBOOT -> {
                // One in three a T0 (edge) switch, else a spine; down until the judged instant and beyond.
                String sw = nth % 3 == 2 ? fabric.edge(rng, plane) : fabric.spine(rng, plane);
                culprits.add(sw);
                faults.add("{atUs: %d, switch: %s, action: reboot, downUs: %d}".formatted(at, sw, END_US));
            }
            case GRAY_1, GRAY_5, GRAY_20 -> {
                String link = fabric.fabricLink(rng, plane);
                double loss = kind == FaultKind.GRAY_1 ? 0.01 : kind == FaultKind.GRAY_5 ? 0.05 : 0.20;
                culprits.add(link);
                faults.add(linkFault(at, link, "gray", ", dropProbability: " + loss));
            }
            case CRC -> {
                // 1e-6 per bit: about 3.3 % of full 4 KiB packets arrive corrupt (headers far fewer).
                String link = fabric.fabricLink(rng, plane);
                culprits.add(link);
                faults.add(linkFault(at, link, "crc", ", bitErrorRate: 1.0e-6"));
            }
            case TWO_PLANES -> {
                int other = (plane + 1 + rng.nextInt(fabric.planes() - 1)) % fabric.planes();
                String first = fabric.fabricLink(rng, plane);
                String second = fabric.fabricLink(rng, other);
                culprits.add(first);
                culprits.add(second);
                faults.add(linkFault(at, first, "down", ""));
                faults.add(linkFault(at, second, "down", ""));
            }
            case FLAP -> {
                // Down 0.4 ms of every 1 ms, five times: the run is judged 0.6 ms into an up phase.
                String link = fabric.fabricLink(rng, plane);
                culprits.add(link);
                faults.add(linkFault(at, link, "flap", ", periodUs: 1000, downUs: 400, count: 5"));
            }
            case NONE -> {
                // The same schedule with nothing broken: every suspect is a false one.
            }
        }
        return new Incident(id, kind, fabric, culprits, faults, at, END_US, simSeed);
    }

    private static String linkFault(long atUs, String link, String action, String more) {
        return "{atUs: %d, link: \"%s\", action: %s%s}".formatted(atUs, link, action, more);
    }
}
