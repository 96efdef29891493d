package org.planewatch.fleet;

/**
 * One suspect of the localization (ADR 0095), the value of {@code planewatch.rollup.suspects}
 * (docs/scale.md), keyed by its name; a tombstone when it is no longer ranked.
 *
 * @param kind {@code link} or {@code switch}
 * @param rank 1 for the plane's strongest suspect
 * @param firstSeenNs the agent's time of the first failing decision through it in this episode
 */
public record SuspectRollup(
        String name,
        String kind,
        int plane,
        int rank,
        double score,
        int hosts,
        int failingPaths,
        int healthyPaths,
        long firstSeenNs,
        String description,
        long atMillis) {}
